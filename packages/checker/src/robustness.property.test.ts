import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from './check';
import type { TextCheckResult } from './types';
import { parseLatex } from './expr/parse';
import { textProblemsAnswered } from './text-problems.fixtures';
import { mathliveLatex as latex } from './mathlive-latex.fixtures';

describe('robustness over generated MathLive LaTeX', () => {
  it('parses or refuses with a code, never throws', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(latex, (l) => {
        const r = parseLatex(l);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(['empty-expression', 'unreadable-expression', 'too-large']).toContain(r.code);
      }),
      { numRuns: 400, seed: 17 },
    );
  });

  // How long each check takes is measured by the benchmark (bench/robustness.ts), on the same lines.
  it('checks any line without an exception (every text math type)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(latex, (l) => {
        for (const request of textProblemsAnswered(l)) {
          const r = check(request) as TextCheckResult;
          expect(r.lines).toHaveLength(1);
          expect(typeof r.correct).toBe('boolean');
          const line = r.lines[0]!;
          if (!line.correct && !line.neutral) expect(line.feedback?.key).toMatch(/^feedback\./);
        }
      }),
      { numRuns: 250, seed: 2026 },
    );
  });
});
