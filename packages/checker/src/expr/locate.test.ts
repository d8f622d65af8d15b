import { describe, expect, it } from 'vitest';
import { nodeAt, type Expr } from './ast';
import { toLatex } from './latex';
import { locateMistake, type MistakeCode } from './locate';
import { parseLatex } from './parse';

function p(latex: string): Expr {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

describe('locateMistake: a single mistake is highlighted and named', () => {
  it.each<[string, string, number[], MistakeCode | undefined, string]>([
    // reference, student line, path, code, the highlighted part
    ['2(x+3)', '2x+5', [1], 'constant-term-wrong', '5'],
    ['2(x+3)', '2x+3', [1], 'not-distributed', '3'],
    ['2(x+3)', 'x+6', [0], 'not-distributed', 'x'],
    ['2(x+3)', '2x-6', [1], 'sign-error', '-6'],
    ['x(x+3)', 'x^{2}+3', [1], 'not-distributed', '3'],
    ['-3(x-2)', '-3x-2', [1], 'not-distributed', '-2'],
    ['-3(x-2)', '-3x-6', [1], 'sign-error', '-6'],
    ['3(x+2)-(x-1)', '3x+6-x-1', [3], 'sign-error', '-1'],
    ['5-(2x+3)', '5-2x+3', [2], 'sign-error', '3'],
    ['x+1', '-x-1', [], 'sign-error', '-x-1'],
    ['(x+2)(x+3)', '(x+2)(x-3)', [1, 1], 'sign-error', '-3'],
    ['x^{2}\\cdot x^{3}', 'x^{6}', [], 'exponent-rule', 'x^{6}'],
    ['3x+x^{2}\\cdot x^{3}', '3x+x^{6}', [1], 'exponent-rule', 'x^{6}'],
    ['2x^{2}\\cdot3x^{3}', '6x^{6}', [1], 'exponent-rule', 'x^{6}'],
    ['(x^{2})^{3}', 'x^{5}', [], 'exponent-rule', 'x^{5}'],
    ['\\frac{x^{6}}{x^{2}}', 'x^{3}', [], 'exponent-rule', 'x^{3}'],
    ['\\frac{1}{2}+\\frac{1}{3}', '\\frac{2}{5}', [], 'fraction-addition', '\\frac{2}{5}'],
    ['\\frac{a}{b}+\\frac{c}{d}', '\\frac{a+c}{b+d}', [], 'fraction-addition', '\\frac{a+c}{b+d}'],
    ['x+\\frac{1}{2}+\\frac{1}{3}', 'x+\\frac{2}{5}', [1], 'fraction-addition', '\\frac{2}{5}'],
    ['(x+1)^{2}', 'x^{2}+1', [], 'power-of-sum', 'x^{2}+1'],
    ['(a-b)^{2}', 'a^{2}-b^{2}', [], 'power-of-sum', 'a^{2}-b^{2}'],
    ['\\sqrt{x^{2}+9}', 'x+3', [], 'root-of-sum', 'x+3'],
    ['6x', '5x', [0], 'coefficient-wrong', '5'],
    ['x^{2}+5x+6', 'x^{2}+6x+6', [1], 'coefficient-wrong', '6x'],
    ['(x+1)^{2}', 'x^{2}+2x+2', [2], 'constant-term-wrong', '2'],
    ['x^{2}+5x+6', 'x^{2}+5x+6+x', [3], 'extra-term', 'x'],
    ['\\frac{x^{2}-1}{x-1}', 'x-1', [1], 'sign-error', '-1'],
    ['2(3x-1)+4', '6x-2+5', [2], 'constant-term-wrong', '5'],
    ['\\frac{4x+8}{4}', 'x+8', [1], 'not-distributed', '8'],
    ['\\frac{x+2}{2}', 'x+1', [0], 'not-distributed', 'x'],
    ['\\frac{x^{2}+3}{x}', 'x+3', [1], 'not-distributed', '3'],
    ['-(x+2)', '-x+2', [1], 'sign-error', '2'],
    ['(x+3)^{2}', 'x^{2}+9', [], 'power-of-sum', 'x^{2}+9'],
    ['3x\\cdot2x', '6x', [1], 'exponent-rule', 'x'],
    ['x^{3}\\cdot x', 'x^{3}', [], 'exponent-rule', 'x^{3}'],
    ['5x-(3x-4)', '2x-4', [1], 'sign-error', '-4'],
    ['\\frac{2}{3}\\cdot\\frac{3}{4}', '\\frac{6}{7}', [], undefined, '\\frac{6}{7}'],
    ['4(2x-3)-2', '8x-3-2', [1], 'not-distributed', '-3'],
  ])('in %s → %s the mistake is at %j (%s)', (reference, line, path, code, part) => {
    const student = p(line);
    const loc = locateMistake(p(reference), student);
    expect(loc.path).toEqual(path);
    expect(loc.code).toBe(code);
    expect(toLatex(nodeAt(student, loc.path)!)).toBe(part);
  });

  it.each([
    ['x^{2}+5x+6', 'x^{2}+7'],
    ['\\sin x', '\\cos x'],
    ['4+2', '7'],
  ])('when no single part explains %s → %s, the whole line is marked', (reference, line) => {
    expect(locateMistake(p(reference), p(line))).toEqual({ path: [] });
  });

  it('sees through rewriting of the correct parts: only the wrong term is marked', () => {
    expect(locateMistake(p('2(x+3)+4(x-1)'), p('6+4x-4+2x+1')).path).toEqual([4]);
  });

  it('stops within its budget on a large line (whole line, no exception)', () => {
    const big = Array.from({ length: 60 }, (_, i) => `\\sin(${i}x)`).join('+');
    const loc = locateMistake(p('1'), p(big), {}, { remaining: 100 });
    expect(loc).toEqual({ path: [] });
  });
});
