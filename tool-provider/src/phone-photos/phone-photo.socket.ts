import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  PHONE_PHOTO_MAX_BYTES,
  PHONE_PHOTO_SOCKET_PATH,
  PhonePhotoHelloSchema,
  type PhonePhotoMessage,
  type PhonePhotoStatus,
} from '@kib/core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Logger } from '../logger';
import type { PhonePhotoRow } from './phone-photo.repository';
import { PhotoRefused, type PhonePhotoService } from './phone-photo.service';

/** How often a desktop's socket reads its link from the database, in milliseconds. */
export const PHONE_PHOTO_POLL_MS = 1000;
/** How long a socket may wait before saying who it is, in milliseconds. */
const HELLO_TIMEOUT_MS = 10_000;
/** How often idle sockets are pinged, so proxies keep them open, in milliseconds. */
const PING_MS = 25_000;

/** Close codes of the phone-photo socket (4000–4999 are the application's). */
export const CLOSE = { done: 1000, refused: 4403, expired: 4410, invalid: 4400 } as const;

function send(socket: WebSocket, message: PhonePhotoMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function status(socket: WebSocket, value: PhonePhotoStatus, reason?: string): void {
  send(socket, reason ? { type: 'status', status: value, reason } : { type: 'status', status: value });
}

/** The desktop's view of a stored link. */
function desktopStatus(row: PhonePhotoRow): PhonePhotoStatus {
  return row.status === 'connected' ? 'connected' : row.status === 'failed' ? 'failed' : 'not-connected';
}

/**
 * The phone-photo socket at {@link PHONE_PHOTO_SOCKET_PATH} (`ws`, on the HTTP server's upgrades).
 * Each socket first says who it is (`{role, token}`). A phone's token opens its link once; the phone
 * then sends one binary message, the photo. A desktop is told the link's status and then the photo:
 * its socket reads the link from the database every {@link PHONE_PHOTO_POLL_MS}, so the phone may be
 * served by any instance.
 */
export class PhonePhotoSockets {
  private readonly wss = new WebSocketServer({
    noServer: true,
    // A photo and a little more: a larger message closes the socket (1009) before it is read.
    maxPayload: PHONE_PHOTO_MAX_BYTES + 1024,
  });
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly photos: PhonePhotoService,
    private readonly logger: Logger,
  ) {
    const ping = setInterval(() => {
      for (const client of this.wss.clients) if (client.readyState === client.OPEN) client.ping();
    }, PING_MS);
    ping.unref();
    this.timers.add(ping);
    this.wss.on('connection', (socket) => this.welcome(socket));
  }

  /** Serves the socket's upgrades on `server`; other upgrade requests are refused. */
  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(req.url ?? '/', 'http://kib').pathname;
      if (pathname !== PHONE_PHOTO_SOCKET_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    });
  }

  /** Closes every socket and stops polling. */
  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private welcome(socket: WebSocket): void {
    socket.on('error', (err) => this.logger.debug({ err }, 'a phone-photo socket failed'));
    const waiting = setTimeout(() => socket.close(CLOSE.invalid, 'hello expected'), HELLO_TIMEOUT_MS);
    socket.once('message', (data: RawData, binary: boolean) => {
      clearTimeout(waiting);
      void this.hello(socket, data, binary).catch((err: unknown) => {
        this.logger.error({ err }, 'a phone-photo socket could not start');
        status(socket, 'failed', 'server-error');
        socket.close(CLOSE.invalid);
      });
    });
    socket.once('close', () => clearTimeout(waiting));
  }

  private async hello(socket: WebSocket, data: RawData, binary: boolean): Promise<void> {
    let parsed: unknown = null;
    try {
      parsed = binary ? null : JSON.parse(String(data));
    } catch {
      parsed = null;
    }
    const hello = PhonePhotoHelloSchema.safeParse(parsed);
    if (!hello.success) {
      status(socket, 'failed', 'link-invalid');
      socket.close(CLOSE.invalid);
      return;
    }
    const id = await this.photos.verify(hello.data.token, hello.data.role);
    if (!id) {
      status(socket, 'failed', 'link-invalid');
      socket.close(CLOSE.refused);
      return;
    }
    if (hello.data.role === 'phone') await this.phone(socket, id);
    else await this.desktop(socket, id);
  }

  private async phone(socket: WebSocket, id: string): Promise<void> {
    if (!(await this.photos.openPhone(id))) {
      status(socket, 'failed', 'link-used');
      socket.close(CLOSE.expired);
      return;
    }
    status(socket, 'connected');
    let received = false;
    socket.once('message', (data: RawData, binary: boolean) => {
      received = true;
      void this.photo(socket, id, data, binary);
    });
    socket.once('close', () => {
      if (!received) void this.photos.fail(id, 'phone-disconnected').catch(() => undefined);
    });
  }

  private async photo(socket: WebSocket, id: string, data: RawData, binary: boolean): Promise<void> {
    try {
      if (!binary) throw new PhotoRefused('photo-type-invalid');
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      await this.photos.receive(id, bytes);
      send(socket, { type: 'sent' });
      socket.close(CLOSE.done);
    } catch (err) {
      const reason = err instanceof PhotoRefused ? err.reason : 'server-error';
      if (!(err instanceof PhotoRefused))
        this.logger.error({ err, link: id }, 'a phone photo could not be taken');
      await this.photos.fail(id, reason).catch(() => undefined);
      status(socket, 'failed', reason);
      socket.close(CLOSE.invalid);
    }
  }

  private async desktop(socket: WebSocket, id: string): Promise<void> {
    let last: string | null = null;
    let busy = false;
    const tick = async () => {
      if (busy) return;
      busy = true;
      try {
        const row = await this.photos.find(id);
        if (!row) return stop(CLOSE.expired);
        if (row.status === 'received' && row.pictureKey) {
          send(socket, {
            type: 'photo',
            latex: row.latex,
            pictureKey: row.pictureKey,
            pictureUrl: this.photos.pictureUrl(row.pictureKey),
          });
          return stop(CLOSE.done);
        }
        const now = desktopStatus(row);
        const reason = row.status === 'failed' ? (row.failure ?? undefined) : undefined;
        if (`${now}:${reason}` !== last) {
          last = `${now}:${reason}`;
          status(socket, now, reason);
        }
        if (row.status === 'failed') return stop(CLOSE.done);
        if (this.photos.expired(row) && row.status === 'waiting') {
          status(socket, 'failed', 'link-expired');
          return stop(CLOSE.expired);
        }
      } catch (err) {
        this.logger.warn({ err, link: id }, 'reading a phone-photo link failed');
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void tick(), PHONE_PHOTO_POLL_MS);
    this.timers.add(timer);
    const stop = (code: number) => {
      clearInterval(timer);
      this.timers.delete(timer);
      socket.close(code);
    };
    socket.once('close', () => {
      clearInterval(timer);
      this.timers.delete(timer);
    });
    await tick();
  }
}
