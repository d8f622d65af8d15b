import { describe, expect, it } from 'vitest';
import { sealer } from './sealed';

describe('sealed values', () => {
  it('open to what was sealed, and show nothing of it', () => {
    const box = sealer('a secret of at least thirty-two characters', 'bulk-registration');
    const value = { rows: [{ email: 'ana@school.test', password: 'ana.1234' }] };
    const sealed = box.seal(value);
    expect(sealed).not.toContain('ana');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('ana.1234');
    expect(box.open(sealed)).toEqual(value);
    // Each sealing is its own: the same value twice gives two texts.
    expect(box.seal(value)).not.toBe(sealed);
  });

  it('refuse a changed text, another secret and another purpose', () => {
    const box = sealer('a secret of at least thirty-two characters', 'bulk-registration');
    const sealed = box.seal({ password: 'x' });
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => box.open(bytes.toString('base64url'))).toThrow();
    expect(() =>
      sealer('another secret of thirty-two characters!', 'bulk-registration').open(sealed),
    ).toThrow();
    expect(() => sealer('a secret of at least thirty-two characters', 'other').open(sealed)).toThrow();
    expect(() => box.open('short')).toThrow();
  });
});
