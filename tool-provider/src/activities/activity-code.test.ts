import { ModuleCodeSchema } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CODE_ALPHABET, ACTIVITY_CODE_LENGTH, newActivityCode } from './activity-code';

describe('newActivityCode', () => {
  it('makes codes of the alphabet and length that the lookup leaves unchanged', () => {
    for (let i = 0; i < 200; i++) {
      const code = newActivityCode();
      expect(code).toMatch(new RegExp(`^[${ACTIVITY_CODE_ALPHABET}]{${ACTIVITY_CODE_LENGTH}}$`));
      expect(ModuleCodeSchema.parse(code)).toBe(code);
    }
  });

  it('fits the database column (4 to 16 characters, no spaces)', () => {
    expect(ACTIVITY_CODE_LENGTH).toBeGreaterThanOrEqual(4);
    expect(ACTIVITY_CODE_LENGTH).toBeLessThanOrEqual(16);
  });

  it('draws every symbol and repeats no code in 5000', () => {
    const codes = Array.from({ length: 5000 }, newActivityCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('')).size).toBe(ACTIVITY_CODE_ALPHABET.length);
  });
});
