import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the peer answers one request with. */
export type ChatReply =
  /** A completion whose message holds `content` (the model's text), after `delayMs`. */
  | { content: string; finishReason?: 'stop' | 'length'; delayMs?: number }
  /** An HTTP error, as an OpenAI-compatible server sends it. */
  | { status: number; message?: string; headers?: Record<string, string>; delayMs?: number };

/** A request the peer received: its headers and JSON body. */
export interface ChatRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens?: number;
    messages: { role: string; content: unknown }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
  };
}

/** A local OpenAI-compatible chat-completions server, on loopback, answering from a script. */
export interface ChatCompletionsPeer {
  /** The base URL to configure (AI_BASE_URL): `http://127.0.0.1:{port}/v1`. */
  baseUrl: string;
  requests: ChatRequest[];
  /** Queues replies for the next requests; when the queue is empty, `fallback` answers. */
  reply(...replies: ChatReply[]): void;
  close(): Promise<void>;
}

/**
 * Starts a chat-completions server that speaks the API Kib's `openai` client calls: POST
 * `/v1/chat/completions` answers a completion (or the scripted error), anything else 404.
 */
export async function startChatCompletionsPeer(fallback: ChatReply): Promise<ChatCompletionsPeer> {
  const queue: ChatReply[] = [];
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
      requests.push({ path: req.url, headers: req.headers, body });
      const reply = queue.shift() ?? fallback;
      const send = () => {
        if (res.destroyed) return;
        if ('status' in reply) {
          res
            .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
            .end(JSON.stringify({ error: { message: reply.message ?? 'error', type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.content },
                finish_reason: reply.finishReason ?? 'stop',
              },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
          }),
        );
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A generated problem (the model's JSON) with two numerals: a simplify whose target is right, and a
 * solve whose defined solution is wrong (x = 4 for 2x + 3 = 7) unless `allRight`.
 */
export function generatedProblem(allRight = false) {
  return {
    title: 'Ecuaciones lineales',
    description: 'Resuelve y simplifica.',
    numerals: [
      {
        question: 'Simplifica $2x+3x$',
        initialHint: null,
        steps: [],
        mathType: 'simplify',
        data: {
          startingExpression: '2x+3x',
          target: '5x',
          constant: [],
          units: [],
          definedSymbols: [],
          functions: [],
          complementaryEquations: [],
          complementaryVariables: [],
          convertToDegrees: false,
          exactExpr: false,
          interval: null,
        },
      },
      {
        question: 'Resuelve $2x+3=7$',
        initialHint: 'Despeja x',
        steps: [],
        mathType: 'solve',
        data: {
          unknownVariable: 'x',
          startingExpression: '2x+3=7',
          helpingExpression: null,
          constant: [],
          units: [],
          definedSymbols: [],
          functions: [],
          definedSolutions: [{ id: 'sol001', latex: allRight ? 'x=2' : 'x=4' }],
          convertToDegrees: false,
          interval: null,
        },
      },
    ],
  };
}
