import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError, RateLimitError } from 'openai';
import type { AiConfig } from '../config';
import { AppError } from '../http/errors';

/** A part of the creator's message: text, or a picture as a data URL. */
export type AiContentPart = { type: 'text'; text: string } | { type: 'image'; dataUrl: string };

/** One generation: what the model is told, what the creator asks, and the JSON schema of the answer. */
export interface AiGeneration {
  system: string;
  user: AiContentPart[];
  schemaName: string;
  jsonSchema: Record<string, unknown>;
}

/**
 * The model AI-assisted creation talks to. It answers the model's text (JSON, to be parsed by the
 * caller), or throws an {@link AppError}: `ai-timeout` (504), `ai-busy` (503, the model's own rate
 * limit), `ai-failed` (502) or `ai-output-invalid` (502, a cut or missing answer).
 */
export interface AiModel {
  generate(generation: AiGeneration): Promise<string>;
}

/** How long to wait before the one retry of a 429, at most (the model's Retry-After when shorter). */
const RETRY_WAIT_MAX_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from a Retry-After header (seconds or an HTTP date), or null. */
function retryAfterMs(headers: Headers | undefined): number | null {
  const raw = headers?.get('retry-after');
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/**
 * Any OpenAI-compatible chat-completions endpoint, through the `openai` client and its base URL:
 * structured output (`response_format: json_schema`), the picture as an image part, at most
 * `maxTokens` tokens, the whole generation within `timeoutMs`; a 429 is tried once more when time
 * allows, nothing else is retried.
 */
export class OpenAiCompatibleModel implements AiModel {
  private readonly client: OpenAI;

  constructor(private readonly config: AiConfig) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Endpoints without keys (a local server) still get a header the client insists on.
      apiKey: config.apiKey ?? 'not-needed',
      maxRetries: 0,
      timeout: config.timeoutMs,
    });
  }

  async generate(generation: AiGeneration): Promise<string> {
    const deadline = Date.now() + this.config.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) throw new AppError(504, 'ai-timeout');
      try {
        return await this.once(generation, left);
      } catch (err) {
        if (err instanceof RateLimitError) {
          const wait = Math.min(retryAfterMs(err.headers) ?? 1_000, RETRY_WAIT_MAX_MS);
          if (attempt === 0 && Date.now() + wait < deadline - 1_000) {
            await sleep(wait);
            continue;
          }
          throw new AppError(503, 'ai-busy', undefined, undefined, { 'Retry-After': '60' }, { cause: err });
        }
        if (err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError)
          throw new AppError(504, 'ai-timeout', undefined, undefined, undefined, { cause: err });
        if (err instanceof APIError)
          throw new AppError(502, 'ai-failed', undefined, undefined, undefined, { cause: err });
        throw err;
      }
    }
  }

  private async once(generation: AiGeneration, timeoutMs: number): Promise<string> {
    const completion = await this.client.chat.completions.create(
      {
        model: this.config.model,
        max_tokens: this.config.maxTokens,
        temperature: 0.4,
        messages: [
          { role: 'system', content: generation.system },
          {
            role: 'user',
            content: generation.user.map((part) =>
              part.type === 'text'
                ? { type: 'text' as const, text: part.text }
                : { type: 'image_url' as const, image_url: { url: part.dataUrl } },
            ),
          },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: generation.schemaName, schema: generation.jsonSchema, strict: false },
        },
      },
      { timeout: timeoutMs, signal: AbortSignal.timeout(timeoutMs) },
    );
    const choice = completion.choices?.[0];
    const content = choice?.message?.content;
    // A cut answer (the token cap) or an empty one cannot be a whole problem.
    if (!content || choice.finish_reason === 'length') throw new AppError(502, 'ai-output-invalid');
    return content;
  }
}
