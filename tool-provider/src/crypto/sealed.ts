import crypto from 'node:crypto';

/**
 * AES-256-GCM: `plain` sealed under a 32-byte `key` as `iv.tag.data` (each base64url), a fresh IV
 * each time.
 */
export function aesGcmSeal(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/**
 * What {@link aesGcmSeal} sealed under `key`, or null for a text it did not seal under that key (a
 * changed text fails the GCM tag).
 */
export function aesGcmOpen(key: Buffer, sealed: string): string | null {
  const [iv, tag, data, ...rest] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data || rest.length > 0 || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Values kept in the job queue's tables that must not be readable there (a bulk registration's
 * passwords): sealed with AES-256-GCM under a key derived from Kib's secret for one `purpose`, so a
 * copy of the database alone reveals nothing and a value sealed for one purpose opens for no other.
 */
export interface Sealer {
  seal(value: unknown): string;
  /** The value, or an error for a text that was not sealed by this secret for this purpose. */
  open<T>(sealed: string): T;
}

export function sealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'kib-sealed', purpose, 32));
  return {
    seal: (value) => aesGcmSeal(key, JSON.stringify(value)),
    open<T>(sealed: string): T {
      const text = aesGcmOpen(key, sealed);
      if (text === null) throw new Error('not a value sealed for this purpose');
      return JSON.parse(text) as T;
    },
  };
}
