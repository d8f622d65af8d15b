import { describe, expect, it } from 'vitest';
import type { Expr } from './ast';
import { nodeAt } from './ast';
import { normaliseLatex, parseLatex, PARSE_LIMITS, relationChain, sourceRange } from './parse';

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
    ['12{,}5', n('12.5')],
    ['\\left[x\\right]', s('x')],
    ['\\binom{m}{j}', { type: 'fn', name: 'binom', args: [s('m'), s('j')] }],
    ['\\operatorname{arccot}\\left(x\\right)', { type: 'fn', name: 'arccot', args: [s('x')] }],
    ['\\arccot x', { type: 'fn', name: 'arccot', args: [s('x')] }],
    ['\\operatorname{csch}x', { type: 'fn', name: 'csch', args: [s('x')] }],
    [
      '\\sin x\\ln x',
      {
        type: 'mul',
        args: [
          { type: 'fn', name: 'sin', args: [s('x')] },
          { type: 'fn', name: 'ln', args: [s('x')] },
        ],
      },
    ],
    [
      '\\sin\\left(x\\ln x\\right)',
      {
        type: 'fn',
        name: 'sin',
        args: [{ type: 'mul', args: [s('x'), { type: 'fn', name: 'ln', args: [s('x')] }] }],
      },
    ],
    [
      '\\coth x\\operatorname{sech}x',
      {
        type: 'mul',
        args: [
          { type: 'fn', name: 'coth', args: [s('x')] },
          { type: 'fn', name: 'sech', args: [s('x')] },
        ],
      },
    ],
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
    ['1.(3)', { type: 'div', num: n('12'), den: n('9') }],
    ['0.1(6)', { type: 'div', num: n('15'), den: n('90') }],
    ['1.5\\times10^{3}', n('1.5e3')],
    ['(1,2)', { type: 'list', items: [n('1'), n('2')], delims: '()' }],
    [
      'x=1,y=2',
      {
        type: 'list',
        items: [
          { type: 'relation', op: '=', args: [s('x'), n('1')] },
          { type: 'relation', op: '=', args: [s('y'), n('2')] },
        ],
        delims: '',
      },
    ],
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

describe('relationChain', () => {
  it.each<[string, string[], string[], number[][]]>([
    ['a=b=c', ['a', 'b', 'c'], ['=', '='], [[0], [1, 0], [1, 1]]],
    ['f(2)=4+3=8', ['f(2)', '4+3', '8'], ['=', '='], [[0], [1, 0], [1, 1]]],
    ['1<x\\le 3', ['1', 'x', '3'], ['<', '<='], [[0, 0], [0, 1], [1]]],
    ['1<x<3', ['1', 'x', '3'], ['<', '<'], [[0], [1], [2]]],
    ['a=b<c=d', ['a', 'b', 'c', 'd'], ['=', '<', '='], [[0], [1, 0, 0], [1, 0, 1], [1, 1]]],
  ])('reads the nested chain %s as one, with the paths of its operands', (latex, operands, ops, paths) => {
    const chain = relationChain(parsed(latex, ['f']))!;
    expect(chain.operands).toHaveLength(operands.length);
    chain.operands.forEach((o, i) => expect(o).toEqual(parsed(operands[i]!, ['f'])));
    expect(chain.ops).toEqual(ops);
    expect(chain.paths).toEqual(paths);
  });

  it('joins only the operators it is told to: a chain of equal expressions keeps b<c as a side', () => {
    const chain = relationChain(parsed('a=b<c=d'), (op) => op === '=')!;
    expect(chain.operands).toEqual([s('a'), parsed('b<c'), s('d')]);
    expect(chain.paths).toEqual([[0], [1, 0], [1, 1]]);
  });

  it('is null for a line that is not a relation', () => {
    expect(relationChain(parsed('x+1'))).toBeNull();
  });
});

describe('normaliseLatex', () => {
  it.each([
    ['5\\text{cm}', { type: 'mul', args: [n('5'), s('cm')] }],
    ['3\\mathrm{ kg }', { type: 'mul', args: [n('3'), s('kg')] }],
  ])('reads units written as text (%s) as symbols', (latex, expected) => {
    expect(parseLatex(latex)).toMatchObject({ ok: false });
    expect(parsed(normaliseLatex(latex))).toEqual(expected);
  });
});

describe('source ranges', () => {
  const rangeText = (latex: string, path: number[]) => {
    const r = parseLatex(latex);
    if (!r.ok) throw new Error(latex);
    const node = nodeAt(r.expr, path);
    const range = node ? sourceRange(node) : undefined;
    return range ? latex.slice(range[0], range[1]) : null;
  };
  it.each<[string, number[], string]>([
    ['x^{2}+2x+2', [2], '2'],
    ['x^{2}+2x+2', [1], '2x'],
    ['x^{2}+2x+2', [0, 1], '2'],
    ['2(x+2)+2', [0, 1], '(x+2)'],
    ['2(x+2)+2', [0, 1, 1], '2'],
    ['2(x+2)+2', [1], '2'],
    ['3x - 2y + 5', [1], '- 2y'],
    ['3x - 2y + 5', [0], '3x'],
    ['\\sqrt[3]{x}+\\frac{1}{x}', [0, 1], '3'],
    ['\\sin x\\ln x', [1], '\\ln x'],
    ['2{,}5x-1', [0, 0], '2{,}5'],
    ['=x+1', [1], '1'],
  ])('%s at %j is %s', (latex, path, text) => {
    expect(rangeText(latex, path)).toBe(text);
  });
});
