import type { Expr } from './ast';
import * as Q from './rational';
import type { Rational } from './rational';

/** A rational written as a tree: `3`, `-3`, `\frac{1}{3}`, `-\frac{1}{3}` (a `neg` around the rest). */
export function rationalToExpr(r: Rational): Expr {
  const a = Q.abs(r);
  const body: Expr =
    a.d === 1n
      ? { type: 'number', text: a.n.toString() }
      : {
          type: 'div',
          num: { type: 'number', text: a.n.toString() },
          den: { type: 'number', text: a.d.toString() },
        };
  return r.n < 0n ? { type: 'neg', arg: body } : body;
}

/**
 * True when the tree writes a number plainly: a numeral (`7`, `2.5`) or a fraction of integers with
 * no common factor (`\frac{3}{4}`), either with a minus sign. A fraction's denominator must be at
 * least `minDenominator` (2 by default, so `\frac{3}{1}` is not final; 0 accepts any).
 */
export function isNumberLiteral(e: Expr, minDenominator = 2): boolean {
  const x = e.type === 'neg' ? e.arg : e;
  if (x.type === 'number') return true;
  if (x.type === 'div' && x.num.type === 'number' && x.den.type === 'number') {
    const n = Q.parseRational(x.num.text);
    const d = Q.parseRational(x.den.text);
    return (
      !!n &&
      !!d &&
      Q.isInteger(n) &&
      Q.isInteger(d) &&
      d.n >= BigInt(minDenominator) &&
      Q.gcdInt(n.n, d.n) === 1n
    );
  }
  return false;
}
