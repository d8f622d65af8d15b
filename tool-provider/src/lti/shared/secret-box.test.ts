import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

const box = new SecretBox(crypto.randomBytes(32));

describe('SecretBox', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const a = box.seal('plainsecret123');
    const b = box.seal('plainsecret123');
    expect(a).toMatch(/^enc:v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('plainsecret123');
    expect(box.open(a)).toBe('plainsecret123');
    expect(box.open(b)).toBe('plainsecret123');
  });

  it('opens values stored before sealing as they are, and without a key seals nothing', () => {
    expect(box.open('kib-dev-secret')).toBe('kib-dev-secret');
    const none = SecretBox.fromBase64(undefined);
    expect(none.sealing).toBe(false);
    expect(none.seal('s3cret-value')).toBe('s3cret-value');
  });

  it('refuses a sealed value without the key, under another key, or altered', () => {
    const sealed = box.seal('plainsecret123');
    expect(() => SecretBox.fromBase64(undefined).open(sealed)).toThrow(/needs LTI_SECRETS_KEY/);
    expect(() => new SecretBox(crypto.randomBytes(32)).open(sealed)).toThrow(/does not open/);
    const [iv, tag, data] = sealed.slice('enc:v1:'.length).split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open(`enc:v1:${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow(/does not open/);
    expect(() => new SecretBox(crypto.randomBytes(16))).toThrow(/32 bytes/);
  });
});
