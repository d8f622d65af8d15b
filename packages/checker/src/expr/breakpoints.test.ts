import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { criticalArguments } from './breakpoints';
import { equivalent } from './equivalence';
import { parseLatex } from './parse';

function p(latex: string): Expr {
  const r = parseLatex(latex);
  if (!r.ok) throw new Error(`${latex}: ${r.code}`);
  return r.expr;
}

const verdict = (a: string, b: string, seed?: number) => equivalent(p(a), p(b), { seed }).verdict;

/** Seeds as problems' texts give them: a verdict must not hang on which one a problem gets. */
const SEEDS = Array.from({ length: 24 }, (_, i) => (i * 0x9e3779b1) >>> 0);

/** Shifts of either sign and size: small, fractional, beyond the usual sample range, huge. */
const SHIFTS = [
  ...Array.from({ length: 41 }, (_, i) => i - 20),
  15,
  -15,
  37,
  -37,
  96,
  -96,
  250,
  -250,
  1234,
  -5000,
  65_000,
  -180_000,
].map((a) => (a < 0 ? `-${-a}` : `+${a}`));
const HALVES = ['+\\frac{1}{2}', '-\\frac{7}{3}', '+0.25', '-12.5'];

describe('breakpoints: a difference that vanishes on a half-line is never missed', () => {
  const shifts = [...new Set([...SHIFTS, ...HALVES])];

  it.each(shifts)('u = x%s: |u|, √(u²) and √u·√u are not u, whatever the seed', (s) => {
    const u = `x${s}`;
    for (const seed of SEEDS) {
      expect(verdict(`\\left|${u}\\right|`, u, seed)).toBe('different');
      expect(verdict(`\\sqrt{\\left(${u}\\right)^{2}}`, u, seed)).toBe('different');
      expect(verdict(`\\sqrt{${u}}\\sqrt{${u}}`, u, seed)).toBe('different');
      expect(verdict(`-\\left|${u}\\right|`, `-(${u})`, seed)).toBe('different');
    }
  });

  it.each(shifts)('and what is equal stays equal (shift %s)', (s) => {
    const u = `x${s}`;
    expect(verdict(`\\sqrt{\\left(${u}\\right)^{2}}`, `\\left|${u}\\right|`)).toBe('equivalent');
    expect(verdict(`\\left|${u}\\right|^{2}`, `\\left(${u}\\right)^{2}`)).toBe('equivalent');
    expect(verdict(`\\ln\\left(\\left(${u}\\right)^{2}\\right)`, `2\\ln\\left|${u}\\right|`)).toBe(
      'equivalent',
    );
    expect(verdict(`\\sqrt{${u}}\\sqrt{${u}}`, `\\left|${u}\\right|`)).toBe('different');
  });

  it('sees a breakpoint of a double zero inside a root, and one that moves with another variable', () => {
    expect(verdict('\\sqrt{x^{2}-34x+289}', 'x-17')).toBe('different');
    expect(verdict('\\sqrt{x^{2}-34x+289}', '\\left|x-17\\right|')).toBe('equivalent');
    expect(verdict('\\left|x-y\\right|', 'x-y')).toBe('different');
    expect(verdict('\\left|x-40y\\right|', 'x-40y')).toBe('different');
    expect(verdict('\\sqrt{x^{2}y^{2}}', '\\left|xy\\right|')).toBe('equivalent');
    expect(verdict('\\sqrt{x^{2}y^{2}}', 'xy')).toBe('different');
    expect(verdict('\\left|x+300\\right|+\\left|x-300\\right|', '2x')).toBe('different');
  });

  it('lists the arguments where a formula can change, with what they are made of', () => {
    const args = criticalArguments(p('\\sqrt{(x+15)^{2}}+\\frac{1}{y}'), p('\\ln(z)')).map((e) =>
      JSON.stringify(e),
    );
    expect(args).toContain(JSON.stringify(p('(x+15)^{2}')));
    expect(args).toContain(JSON.stringify(p('x+15')));
    expect(args).toContain(JSON.stringify(p('y')));
    expect(args).toContain(JSON.stringify(p('z')));
    expect(criticalArguments(p('x^{2}+\\sin(x)'), p('3')).length).toBe(0);
  });
});
