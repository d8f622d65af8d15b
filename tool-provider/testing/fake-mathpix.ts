import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake service answers to the next request: a status and body, after an optional delay. */
export interface FakeAnswer {
  status?: number;
  body: string;
  delayMs?: number;
}

/** A request the fake service received. */
export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A Mathpix-v3-speaking service on loopback for tests: POST /v3/text checks the app_id/app_key
 * headers (401 with Mathpix's error body when they are wrong) and answers what the test set.
 */
export async function startFakeMathpix(keys: { appId: string; appKey: string }) {
  const seen: SeenRequest[] = [];
  let answer: FakeAnswer = { body: JSON.stringify({ latex_styled: 'x^{2}+1', text: '\\(x^{2}+1\\)' }) };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || req.url !== '/v3/text') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers.app_id !== keys.appId || req.headers.app_key !== keys.appKey) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Invalid credentials', error_info: { id: 'http_unauthorized' } }));
        return;
      }
      const { status = 200, body: text, delayMs = 0 } = answer;
      const timer = setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(text);
      }, delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer(next: FakeAnswer) {
      answer = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
