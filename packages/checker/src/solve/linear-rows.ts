import { mentions, type Expr } from '../expr/ast';
import { relationChain } from '../expr/parse';
import { constOf, toExact } from './polynomial';
import * as Q from '../expr/rational';
import { bounded as QB, type Rational } from '../expr/rational';
import type { ParamSample } from './samples';

/** Linear systems over Q: linear forms of expressions, rows and their reduced echelon form. */

/** A linear equation Σ coef·u = rhs over Q. */
export interface Row {
  readonly coef: readonly Rational[];
  readonly rhs: Rational;
}

/** Ends a conversion early. Not an Error: no stack is captured, so giving up is cheap. */
class NotLinear {}
const NOT_LINEAR = new NotLinear();

/** The linear form Σ c·u + k of an expression in the unknowns, or null. */
export function linearOf(
  e: Expr,
  unknowns: readonly string[],
  sample: ParamSample,
): { c: Rational[]; k: Rational } | null {
  const n = unknowns.length;
  const zero = (): { c: Rational[]; k: Rational } => ({ c: new Array<Rational>(n).fill(Q.ZERO), k: Q.ZERO });
  const isConst = (f: { c: Rational[] }) => f.c.every(Q.isZero);
  const scale = (f: { c: Rational[]; k: Rational }, s: Rational) => ({
    c: f.c.map((x) => QB.mul(x, s)),
    k: QB.mul(f.k, s),
  });
  const conv = (x: Expr): { c: Rational[]; k: Rational } => {
    switch (x.type) {
      case 'symbol': {
        const i = unknowns.indexOf(x.name);
        if (i >= 0) {
          const f = zero();
          f.c[i] = Q.ONE;
          return f;
        }
        break;
      }
      case 'add': {
        const parts = x.args.map(conv);
        return parts.reduce((a, b) => ({ c: a.c.map((v, i) => QB.add(v, b.c[i]!)), k: QB.add(a.k, b.k) }));
      }
      case 'neg':
        return scale(conv(x.arg), QB.rat(-1));
      case 'mul': {
        const parts = x.args.map(conv);
        let acc = { c: zero().c, k: Q.ONE };
        for (const p of parts) {
          if (isConst(acc)) acc = scale(p, acc.k);
          else if (isConst(p)) acc = scale(acc, p.k);
          else throw NOT_LINEAR;
        }
        return acc;
      }
      case 'div': {
        const d = conv(x.den);
        if (!isConst(d) || Q.isZero(d.k)) throw NOT_LINEAR;
        return scale(conv(x.num), QB.div(Q.ONE, d.k)!);
      }
      default:
        break;
    }
    if (unknowns.some((u) => mentions(x, u))) {
      if (x.type === 'pow') {
        const k = constantOf(x.exp, sample);
        if (k && Q.equals(k, Q.ONE)) return conv(x.base);
      }
      throw NOT_LINEAR;
    }
    const k = constantOf(x, sample);
    if (!k) throw NOT_LINEAR;
    return { c: zero().c, k };
  };
  try {
    return conv(e);
  } catch (err) {
    if (err instanceof NotLinear || err instanceof Q.ExactSwell) return null;
    throw err;
  }
}

function constantOf(e: Expr, sample: ParamSample): Rational | null {
  const f = toExact(e, { variable: '\u0000', params: sample.exact, degrees: false });
  return f ? constOf(f.f) : null;
}

/** Reduced row echelon form (canonical: equal solution sets give equal forms when consistent). */
export function rref(rows: readonly Row[], n: number): Row[] {
  const m = rows.map((r) => [...r.coef, r.rhs]);
  let lead = 0;
  const out: Rational[][] = [];
  for (let col = 0; col <= n && lead < m.length; col++) {
    let piv = -1;
    for (let r = lead; r < m.length; r++)
      if (!Q.isZero(m[r]![col]!)) {
        piv = r;
        break;
      }
    if (piv < 0) continue;
    [m[lead], m[piv]] = [m[piv]!, m[lead]!];
    const p = m[lead]![col]!;
    m[lead] = m[lead]!.map((v) => QB.div(v, p)!);
    for (let r = 0; r < m.length; r++) {
      if (r === lead || Q.isZero(m[r]![col]!)) continue;
      const f = m[r]![col]!;
      m[r] = m[r]!.map((v, j) => QB.sub(v, QB.mul(f, m[lead]![j]!)));
    }
    lead++;
  }
  for (let r = 0; r < lead; r++) out.push(m[r]!);
  return out.map((r) => ({ coef: r.slice(0, n), rhs: r[n]! }));
}

export function consistent(rows: readonly Row[]): boolean {
  return !rows.some((r) => r.coef.every(Q.isZero) && !Q.isZero(r.rhs));
}

export function rowsEqual(a: readonly Row[], b: readonly Row[]): boolean {
  return (
    a.length === b.length &&
    a.every((r, i) => Q.equals(r.rhs, b[i]!.rhs) && r.coef.every((c, j) => Q.equals(c, b[i]!.coef[j]!)))
  );
}

/** The rows of a line made only of linear equations (a relation, or a cases/and list of them), or null. */
export function linearRows(e: Expr, unknowns: readonly string[], sample: ParamSample): Row[] | null {
  const rels: Expr[] = [];
  const collect = (x: Expr): boolean => {
    if (x.type === 'relation') {
      rels.push(x);
      return true;
    }
    if ((x.type === 'logic' && x.op === 'and') || (x.type === 'list' && !sameVariableList(x, unknowns)))
      return (x.type === 'logic' ? x.args : x.items).every(collect);
    return false;
  };
  if (!collect(e)) return null;
  const rows: Row[] = [];
  for (const r of rels) {
    const chain = relationChain(r);
    if (!chain || chain.ops.some((o) => o !== '=')) return null;
    for (let i = 0; i + 1 < chain.operands.length; i++) {
      const a = linearOf(chain.operands[i]!, unknowns, sample);
      const b = a ? linearOf(chain.operands[i + 1]!, unknowns, sample) : null;
      if (!a || !b) return null;
      rows.push({ coef: a.c.map((c, j) => QB.sub(c, b.c[j]!)), rhs: QB.sub(b.k, a.k) });
    }
  }
  return rows;
}

/** `x=2, x=-1`: a comma list of equalities of one and the same unknown means "or". */
export function sameVariableList(x: Extract<Expr, { type: 'list' }>, unknowns: readonly string[]): boolean {
  if (x.delims !== '') return false;
  if (x.items.every((i) => i.type === 'list' && i.delims === '()')) return true;
  const vars = x.items.map((i) =>
    i.type === 'relation' && i.args[0]?.type === 'symbol' && unknowns.includes(i.args[0].name)
      ? i.args[0].name
      : null,
  );
  return vars.every((v) => v !== null && v === vars[0]);
}
