import { PHONE_PHOTO_SOCKET_PATH } from '@kib/core';

/** The socket's address on the page's own origin: `ws:` beside `http:`, `wss:` beside `https:`. */
export function phonePhotoSocketUrl(origin: string): string {
  const url = new URL(PHONE_PHOTO_SOCKET_PATH, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
