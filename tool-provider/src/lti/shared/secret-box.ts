import { aesGcmOpen, aesGcmSeal } from '../../crypto/sealed';

/** The prefix of a sealed value; anything else is a value stored before sealing was configured. */
const SEALED = 'enc:v1:';

/**
 * Seals the LMS secrets Kib stores (LTI 1.1 consumer secrets, the private keys of its LTI 1.3 keys)
 * with AES-256-GCM under `LTI_SECRETS_KEY`, a key kept outside the database: a copy of the database
 * alone (a backup, a read-only leak) then signs nothing. Without a key, values are stored as they
 * are; sealed values always need the key. Opening tells a value sealed under another key apart (the
 * GCM tag fails), so a wrong key is an error, never a wrong signature.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(key: Buffer | null) {
    if (key && key.length !== 32) throw new Error('LTI_SECRETS_KEY must be 32 bytes (base64)');
    this.key = key;
  }

  /** The box of `LTI_SECRETS_KEY` (base64 of 32 random bytes), or a box that seals nothing. */
  static fromBase64(value: string | undefined): SecretBox {
    return new SecretBox(value ? Buffer.from(value, 'base64') : null);
  }

  get sealing(): boolean {
    return this.key !== null;
  }

  /** The value as it is stored: sealed when there is a key. */
  seal(plain: string): string {
    return this.key ? `${SEALED}${aesGcmSeal(this.key, plain)}` : plain;
  }

  /** The stored value in clear; throws for a sealed value without the key or under another key. */
  open(stored: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    if (!this.key) throw new Error('a sealed LTI secret needs LTI_SECRETS_KEY');
    const plain = aesGcmOpen(this.key, stored.slice(SEALED.length));
    if (plain === null) throw new Error('a sealed LTI secret does not open with LTI_SECRETS_KEY');
    return plain;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED);
  }
}
