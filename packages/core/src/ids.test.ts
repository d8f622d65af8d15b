import { describe, expect, it } from 'vitest';
import { EntityIdSchema, ShortIdSchema } from './common.schemas';
import { SHORT_ID_ALPHABET, shortId } from './ids';

describe('shortId', () => {
  it('makes six URL-safe characters by default', () => {
    const id = shortId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{6}$/);
    expect(ShortIdSchema.safeParse(id).success).toBe(true);
  });

  it.each([1, 6, 8, 21, 256])('makes %i characters when asked for %i', (length) => {
    const id = shortId(length);
    expect(id).toHaveLength(length);
    expect([...id].every((char) => SHORT_ID_ALPHABET.includes(char))).toBe(true);
  });

  it.each([0, -1, 1.5, 257, Number.NaN])('refuses the length %s with a RangeError', (length) => {
    expect(() => shortId(length)).toThrow(RangeError);
  });

  it('does not repeat itself over a thousand ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => shortId()));
    expect(ids.size).toBe(1000);
  });

  it('has a 64-symbol alphabet without repeats', () => {
    expect(new Set(SHORT_ID_ALPHABET).size).toBe(64);
  });
});

describe('id schemas', () => {
  it.each([
    ['abc123', true],
    ['A_b-9Z', true],
    ['abc12', false],
    ['abc1234', false],
    ['abc 12', false],
    ['abc/12', false],
  ])('a short id %j is accepted: %s', (value, expected) => {
    expect(ShortIdSchema.safeParse(value).success).toBe(expected);
  });

  it.each([
    [1, true],
    [518, true],
    [0, false],
    [-3, false],
    [1.5, false],
    ['7', false],
    [2_147_483_647, true],
    [2_147_483_648, false],
    [Number.MAX_SAFE_INTEGER, false],
  ])('an entity id %j is accepted: %s', (value, expected) => {
    expect(EntityIdSchema.safeParse(value).success).toBe(expected);
  });
});
