import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small server speaking the S3 object API as the SDK uses it (path-style): PUT, GET (with Range),
 * HEAD and DELETE of an object, answering 404 NoSuchKey as S3 does. It keeps what the SDK sent.
 */
export class FakeS3 {
  readonly objects = new Map<string, { body: Buffer; contentType: string }>();
  readonly requests: { method: string; url: string; headers: IncomingMessage['headers'] }[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ method: req.method!, url: req.url!, headers: req.headers });
        const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname.replace(/^\/kib-media\//, ''));
        const found = this.objects.get(key);
        const missing = () => {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end(
            req.method === 'HEAD'
              ? undefined
              : `<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>`,
          );
        };
        switch (req.method) {
          case 'PUT':
            this.objects.set(key, {
              body: Buffer.concat(chunks),
              contentType: req.headers['content-type'] ?? 'application/octet-stream',
            });
            res.writeHead(200, { etag: '"x"' });
            res.end();
            return;
          case 'HEAD':
            if (!found) return missing();
            res.writeHead(200, { 'content-length': found.body.length, 'content-type': found.contentType });
            res.end();
            return;
          case 'GET': {
            if (!found) return missing();
            const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
            if (range) {
              const start = Number(range[1]);
              const end = Math.min(Number(range[2]), found.body.length - 1);
              if (start >= found.body.length) {
                res.writeHead(416, { 'content-type': 'application/xml' });
                res.end('<Error><Code>InvalidRange</Code></Error>');
                return;
              }
              res.writeHead(206, {
                'content-type': found.contentType,
                'content-length': end - start + 1,
                'content-range': `bytes ${start}-${end}/${found.body.length}`,
              });
              res.end(found.body.subarray(start, end + 1));
              return;
            }
            res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
            res.end(found.body);
            return;
          }
          case 'DELETE':
            this.objects.delete(key);
            res.writeHead(204);
            res.end();
            return;
          default:
            res.writeHead(405);
            res.end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
