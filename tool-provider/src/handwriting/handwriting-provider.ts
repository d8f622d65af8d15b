/** An image sent to a recognition service: its bytes and their type (by content). */
export interface RecognitionImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
}

/**
 * The service's answer, as text in the shape the old client read (spec 01 §5): JSON with a `latex`
 * field, or anything else (an error page, an error object) when nothing could be read.
 */
export type RecognitionText = string;

/** Why a recognition service could not answer: not reached in time, refused the keys, failed, or spoke nonsense. */
export type RecognitionFailure = 'timeout' | 'unauthorized' | 'unavailable' | 'malformed';

/** The recognition service did not give an answer (as opposed to answering that it read nothing). */
export class RecognitionError extends Error {
  constructor(
    readonly reason: RecognitionFailure,
    options?: { cause?: unknown },
  ) {
    super(`handwriting recognition failed: ${reason}`, options);
    this.name = 'RecognitionError';
  }
}

/** A handwriting recognition service: reads an image and answers the text of its result. */
export interface HandwritingProvider {
  recognize(image: RecognitionImage): Promise<RecognitionText>;
}

/** How the Mathpix-v3-compatible provider is reached. */
export interface MathpixOptions {
  appId: string;
  appKey: string;
  /** e.g. https://api.mathpix.com (the request goes to `${baseUrl}/v3/text`). */
  baseUrl: string;
  /** The longest wait for an answer, in milliseconds. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The longest wait for the recognition service, in milliseconds. */
export const RECOGNITION_TIMEOUT_MS = 10_000;
/** The largest answer read from the recognition service, in bytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** What Mathpix's v3/text answers (the fields Kib reads). */
interface MathpixTextAnswer {
  latex_styled?: unknown;
  text?: unknown;
  error?: unknown;
}

/**
 * The LaTeX of a Mathpix Markdown text that holds exactly one math segment and nothing else
 * (`\( … \)`, `\[ … \]`, `$ … $` or `$$ … $$`), or the text itself when it has no delimiters; null
 * when it mixes prose and math.
 */
export function singleMath(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(?:\\\(([\s\S]*)\\\)|\\\[([\s\S]*)\\\]|\$\$([\s\S]*)\$\$|\$([\s\S]*)\$)$/.exec(trimmed);
  if (match) {
    const inner = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim();
    return /\\\(|\\\[|\$/.test(inner) ? null : inner;
  }
  return /\\\(|\\\[|\$/.test(trimmed) ? null : trimmed;
}

/**
 * A Mathpix-v3-compatible service (POST `{base}/v3/text` with `app_id` and `app_key` headers and the
 * image as a data URL): its `latex_styled`, else its text when that is one expression, answered as
 * `{"latex": …}`; its `error` (nothing legible) as `{"error": …}`. A slow, refused, failing or
 * garbled answer throws {@link RecognitionError}.
 */
export class MathpixProvider implements HandwritingProvider {
  constructor(private readonly options: MathpixOptions) {}

  async recognize(image: RecognitionImage): Promise<RecognitionText> {
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? RECOGNITION_TIMEOUT_MS);
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(`${this.options.baseUrl}/v3/text`, {
        method: 'POST',
        headers: {
          app_id: this.options.appId,
          app_key: this.options.appKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          src: `data:${image.contentType};base64,${image.bytes.toString('base64')}`,
          formats: ['text', 'latex_styled'],
          rm_spaces: true,
        }),
        signal: timeout,
        redirect: 'error',
      });
      body = await readBounded(response, MAX_ANSWER_BYTES);
    } catch (cause) {
      if (timeout.aborted) throw new RecognitionError('timeout', { cause });
      if (cause instanceof RecognitionError) throw cause;
      throw new RecognitionError('unavailable', { cause });
    }
    if (response.status === 401 || response.status === 403) throw new RecognitionError('unauthorized');
    if (!response.ok) throw new RecognitionError('unavailable');
    let answer: MathpixTextAnswer;
    try {
      const parsed: unknown = JSON.parse(body);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      answer = parsed as MathpixTextAnswer;
    } catch (cause) {
      throw new RecognitionError('malformed', { cause });
    }
    if (typeof answer.latex_styled === 'string' && answer.latex_styled.trim() !== '')
      return JSON.stringify({ latex: answer.latex_styled });
    if (typeof answer.text === 'string' && answer.text.trim() !== '') {
      const latex = singleMath(answer.text);
      if (latex) return JSON.stringify({ latex });
    }
    return JSON.stringify({ error: typeof answer.error === 'string' ? answer.error : 'no-content' });
  }
}

/** The text of a response, refusing one longer than `max` bytes. */
async function readBounded(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new RecognitionError('malformed');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new RecognitionError('malformed');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
