import {
  PHONE_PHOTO_MAX_BYTES,
  PHONE_PHOTO_SOCKET_PATH,
  PhonePhotoMessageSchema,
  type PhonePhotoMessage,
} from '@kib/core';

/** What the phone's page shows of its link (spec 03 §4, and `sent` once the photo is through). */
export type PhoneStatus = 'not-connected' | 'connecting' | 'connected' | 'failed' | 'sent';

/** The socket's address on the page's origin: `ws:` beside `http:`, `wss:` beside `https:`. */
export function photoSocketUrl(origin: string): string {
  const url = new URL(PHONE_PHOTO_SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The kinds of picture the server takes (by content; the type is only a first, friendly check). */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Why a chosen file cannot be sent before trying, or null when it may be. */
export function photoProblem(file: File): 'not-image' | 'too-large' | null {
  if (file.type && !PICTURE_TYPES.includes(file.type)) return 'not-image';
  if (file.size > PHONE_PHOTO_MAX_BYTES) return 'too-large';
  return null;
}

/** The token of a phone-photo address (`/photo#<token>`), or null when there is none. */
export function tokenOfHash(hash: string): string | null {
  const token = decodeURIComponent(hash.replace(/^#/, '')).trim();
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
}

/**
 * True when the token's own expiry (a JWT's `exp`) has passed, so the page can say so before the
 * student takes a photo; the server decides in the end.
 */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return false;
  }
}

/** A socket's text message as a phone-photo message, or null. */
export function readMessage(data: unknown): PhonePhotoMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = PhonePhotoMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Sends one photo on the phone-photo socket at `url`: says who it is with `token`, waits until the
 * link is open, sends the bytes and waits for `sent`. `onStatus` hears each step; the promise
 * resolves with the final status and, when it failed, the server's reason.
 */
export function sendPhoto(
  url: string,
  token: string,
  photo: Blob,
  onStatus: (status: PhoneStatus) => void,
  createSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
): Promise<{ status: 'sent' | 'failed'; reason: string | null }> {
  return new Promise((resolve) => {
    let done = false;
    let reason: string | null = null;
    const finish = (status: 'sent' | 'failed') => {
      if (done) return;
      done = true;
      onStatus(status);
      resolve({ status, reason });
      socket.close();
    };
    onStatus('connecting');
    const socket = createSocket(url);
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => socket.send(JSON.stringify({ role: 'phone', token })));
    socket.addEventListener('message', (event: MessageEvent) => {
      const message = readMessage(event.data);
      if (!message) return;
      if (message.type === 'sent') return finish('sent');
      if (message.type !== 'status') return;
      if (message.status === 'failed') {
        reason = message.reason ?? null;
        return finish('failed');
      }
      if (message.status === 'connected') {
        onStatus('connected');
        void photo.arrayBuffer().then((bytes) => socket.send(bytes));
      }
    });
    socket.addEventListener('close', () => finish('failed'));
  });
}
