import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from './check';
import type { CheckRequest, TextCheckResult } from './types';
import { parseLatex } from './expr/parse';
import { BASE } from './text/text.fixtures';
import { solveData } from './solve/solve.fixtures';
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
        for (const request of [
          { mathType: 'simplify' as const, data: BASE, answer: [{ math: l }] },
          {
            mathType: 'functions' as const,
            data: { functionExpr: 'f(x)=x^{2}+1', xValue: '2', yValue: null, convertToDegrees: false },
            answer: [{ math: l }],
          },
          {
            mathType: 'findExpression' as const,
            data: {
              unknownVariable: 'h',
              targetExpression: '\\frac{2A}{b}',
              definingEquation: 'A=\\frac{1}{2}bh',
              constant: [],
              convertToDegrees: false,
            },
            answer: [{ math: l }],
          },
          {
            mathType: 'equationOfALine' as const,
            data: {
              x1: '1',
              y1: '3',
              x2: '3',
              y2: '7',
              xSymbol: 'x',
              ySymbol: 'y',
              mSymbol: 'm',
              bSymbol: 'b',
              mGiven: false,
              bGiven: false,
              findM: true,
              findB: true,
              findEquation: true,
            },
            answer: [{ math: l }],
          },
          {
            mathType: 'solve' as const,
            data: solveData('x^{2}-5x+6=0', { sols: ['2', '3'] }),
            answer: [{ math: l }],
          },
        ]) {
          const r = check(request as CheckRequest) as TextCheckResult;
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
