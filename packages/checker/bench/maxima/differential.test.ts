import { describe, expect, it } from 'vitest';
import { runDifferential } from './differential';
import { CATEGORIES, generateCases } from './generate';
import { maximaAvailable } from './maxima';

const HAS_MAXIMA = maximaAvailable();
if (!HAS_MAXIMA) {
  console.warn(
    'Differential tests against Maxima skipped: no `maxima` on this machine (apt-get install maxima).',
  );
}

describe('the differential generator', () => {
  it('is deterministic and covers every category', () => {
    const a = generateCases(5, 80);
    expect(generateCases(5, 80)).toEqual(a);
    expect(new Set(a.map((c) => c.category))).toEqual(new Set(CATEGORIES));
  });
});

describe.skipIf(!HAS_MAXIMA)('Kib against Maxima (a small fixed-seed run)', () => {
  it('agrees where Maxima decides and accepts nothing Maxima rejects', { timeout: 120_000 }, () => {
    const run = runDifferential(2026, 240);
    for (const row of run.rows) {
      expect(row.decided, row.category).toBeGreaterThan(row.cases / 2);
      expect(row.falseAccepts, row.category).toBe(0);
    }
    const decided = run.rows.reduce((n, r) => n + r.decided, 0);
    const agree = run.rows.reduce((n, r) => n + r.agree, 0);
    expect(agree / decided).toBeGreaterThanOrEqual(0.99);
  });
});
