import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { nodeAt } from './ast';
import { parseLatex, PARSE_LIMITS } from './parse';

const n = (text: string): Expr => ({ type: 'number', text });
const s = (name: string): Expr => ({ type: 'symbol', name });

function parsed(latex: string, functions?: string[]): Expr {
  const r = parseLatex(latex, { functions });
  if (!r.ok) throw new Error(`${latex}: ${r.code} ${r.detail ?? ''}`);
  return r.expr;
}

describe('parseLatex', () => {
  it.each<[string, Expr]>([
    ['2x+5', { type: 'add', args: [{ type: 'mul', args: [n('2'), s('x')] }, n('5')] }],
    ['x-3', { type: 'add', args: [s('x'), { type: 'neg', arg: n('3') }] }],
    ['a\\left(b+c\\right)', { type: 'mul', args: [s('a'), { type: 'add', args: [s('b'), s('c')] }] }],
    [
      '\\frac{x^{2}-1}{x-1}',
      {
        type: 'div',
        num: {
          type: 'add',
          args: [
            { type: 'pow', base: s('x'), exp: n('2') },
            { type: 'neg', arg: n('1') },
          ],
        },
        den: { type: 'add', args: [s('x'), { type: 'neg', arg: n('1') }] },
      },
    ],
    ['0.333333', n('0.333333')],
    ['2\\pi', { type: 'mul', args: [n('2'), s('pi')] }],
    ['\\sqrt[3]{x}', { type: 'root', arg: s('x'), index: n('3') }],
    ['\\log_{2}8', { type: 'fn', name: 'log', args: [n('8')], base: n('2') }],
    ['30^{\\circ}', { type: 'fn', name: 'degrees', args: [n('30')] }],
    ['x=\\pm 2', { type: 'relation', op: '=', args: [s('x'), { type: 'pm', left: null, right: n('2') }] }],
    ['x\\le 3', { type: 'relation', op: '<=', args: [s('x'), n('3')] }],
    [
      'x=1\\lor x=2',
      {
        type: 'logic',
        op: 'or',
        args: [
          { type: 'relation', op: '=', args: [s('x'), n('1')] },
          { type: 'relation', op: '=', args: [s('x'), n('2')] },
        ],
      },
    ],
    ['x<-2', { type: 'relation', op: '<', args: [s('x'), { type: 'neg', arg: n('2') }] }],
    [
      '\\left[0,2\\pi\\right)',
      {
        type: 'interval',
        left: n('0'),
        right: { type: 'mul', args: [n('2'), s('pi')] },
        leftOpen: false,
        rightOpen: true,
      },
    ],
    ['\\sin x', { type: 'fn', name: 'sin', args: [s('x')] }],
    ['x_{1}', s('x_1')],
  ])('reads %s', (latex, expected) => {
    expect(parsed(latex)).toEqual(expected);
  });

  it('reads f(x) as a call only when f is a declared function', () => {
    expect(parsed('f\\left(x\\right)', ['f'])).toEqual({ type: 'call', name: 'f', args: [s('x')] });
    expect(parsed('f\\left(x\\right)')).toEqual({ type: 'mul', args: [s('f'), s('x')] });
  });

  it('keeps parenthesised sums as their own node, so paths follow what was written', () => {
    const e = parsed('2\\left(x+3\\right)+1');
    expect(nodeAt(e, [0, 1])).toEqual({ type: 'add', args: [s('x'), n('3')] });
  });

  it('flags a line that continues a chain with =', () => {
    const r = parseLatex('=2x+6');
    expect(r).toMatchObject({ ok: true, leadingEquals: true });
  });

  it.each([
    ['\\frac{1}{', 'unreadable-expression'],
    ['', 'empty-expression'],
    ['   ', 'empty-expression'],
    ['x'.repeat(PARSE_LIMITS.maxLength + 1), 'too-large'],
    ['('.repeat(500) + 'x' + ')'.repeat(500), 'too-large'],
  ])('answers %j with %s instead of throwing', (latex, code) => {
    expect(parseLatex(latex)).toMatchObject({ ok: false, code });
  });

  it('refuses a tree over the node limit', () => {
    expect(parseLatex(Array.from({ length: 800 }, (_, i) => `x_{${i}}`).join('+'))).toMatchObject({
      ok: false,
    });
  });
});
