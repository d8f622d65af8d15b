import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/** A round-robin reverse proxy in front of several Kib instances, as a load balancer is. */
export interface Balancer {
  url: string;
  port: number;
  /**
   * Picks the instance (an index into the targets) a request goes to; round robin when it answers
   * undefined. Tests pin the requests they want on one instance or the other.
   */
  route: (req: IncomingMessage) => number | undefined;
  close(): Promise<void>;
}

/**
 * Listens on `port` of loopback and sends each request, and each websocket upgrade, to the next of
 * `targets` in turn (per request, not per connection, so one browser's requests alternate), with
 * X-Forwarded-For/-Host/-Proto as a balancer sets them. A target that does not answer gives 502.
 */
export async function startBalancer(port: number, targets: () => readonly string[]): Promise<Balancer> {
  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  const balancer: Balancer = {
    url: `http://localhost:${port}`,
    port,
    route: () => undefined,
    close: () => Promise.resolve(),
  };
  const pick = (req: IncomingMessage): string => {
    const all = targets();
    if (all.length === 0) throw new Error('no instance behind the balancer yet');
    const index = balancer.route(req) ?? next++ % all.length;
    return all[index % all.length]!;
  };
  proxy.on('error', (err, _req, res) => {
    if ('writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`balancer: ${err.message}`);
    } else (res as Duplex).destroy();
  });
  const server: Server = createServer((req, res) => {
    try {
      proxy.web(req, res, { target: pick(req) });
    } catch (err) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end(`balancer: ${(err as Error).message}`);
    }
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      proxy.ws(req, socket, head, { target: pick(req) });
    } catch {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  balancer.port = (server.address() as AddressInfo).port;
  balancer.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    proxy.close();
  };
  return balancer;
}
