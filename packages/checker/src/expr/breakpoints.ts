import { childrenOf, freeSymbols, type Expr } from './ast';
import { evaluateFloatScaled, type EvalOptions } from './evaluate';
import type { Prng } from './prng';
import { inInterval, type SampleInterval } from './sampling';
import { bisect, goldenMinimum } from './search';

/**
 * The sub-expressions at whose zeros an expression can change its formula: the arguments of |·|,
 * of even roots, of logarithms, of fractional powers and of the inverse trigonometric functions,
 * and denominators — with every sum, product and variable inside them (√(u²) changes where u does,
 * not where u² does). A difference between two expressions that vanishes on a whole half-line
 * (|u| against u, √(u²) against u, √u·√u against u) starts or stops at a zero of one of these.
 */
export function criticalArguments(a: Expr, b: Expr): Expr[] {
  const found = new Map<string, Expr>();
  const remember = (node: Expr) => {
    if (found.size >= MAX_ARGUMENTS || node.type === 'number' || freeSymbols(node).size === 0) return;
    const key = JSON.stringify(node);
    if (!found.has(key)) found.set(key, node);
  };
  const visit = (node: Expr, inside: boolean) => {
    if (inside && (node.type === 'add' || node.type === 'mul' || node.type === 'symbol')) remember(node);
    const critical = criticalChildren(node);
    for (const child of childrenOf(node)) {
      const isCritical = critical.includes(child);
      if (isCritical) remember(child);
      visit(child, inside || isCritical);
    }
  };
  visit(a, false);
  visit(b, false);
  return [...found.values()];
}

/** Arguments that must stay apart from this many per comparison: beyond it the cost outgrows the check. */
const MAX_ARGUMENTS = 12;

const CRITICAL_FUNCTIONS = new Set([
  'abs',
  'ln',
  'log',
  'factorial',
  'binom',
  'arcsin',
  'arccos',
  'arcosh',
  'artanh',
]);

function criticalChildren(e: Expr): Expr[] {
  switch (e.type) {
    case 'div':
      return [e.den];
    case 'root':
      return [e.arg];
    case 'pow':
      return isIntegerLiteral(e.exp) ? [] : [e.base];
    case 'fn':
      return CRITICAL_FUNCTIONS.has(e.name) ? e.args : [];
    default:
      return [];
  }
}

function isIntegerLiteral(e: Expr): boolean {
  return (e.type === 'number' && /^\d+$/.test(e.text)) || (e.type === 'neg' && isIntegerLiteral(e.arg));
}

/**
 * Values of one variable scanned for zeros of a critical argument: 0 and ±10^(k/4) from 10⁻³ to
 * 10⁶, so a zero anywhere from a thousandth to a million, of either sign, lies between two of them.
 */
const SCAN: readonly number[] = (() => {
  const xs: number[] = [];
  for (let k = 24; k >= -12; k--) xs.push(-(10 ** (k / 4)));
  xs.push(0);
  for (let k = -12; k <= 24; k++) xs.push(10 ** (k / 4));
  return xs;
})();

/**
 * Points on both sides of every zero of every critical argument of `a` and `b`, one variable at a
 * time from a base point: just beside the zero (a thousandth of its size) and well away from it (a
 * third of its size, at least 0.3). A zero is a sign change of the argument along the variable, or a
 * touching zero (u² at u = 0) found as a minimum of its magnitude that reaches 0. Which zeros are
 * tried depends on the two expressions only; the seed moves the far points within their range.
 */
export function breakpointPoints(
  a: Expr,
  b: Expr,
  variables: readonly string[],
  base: Readonly<Record<string, number>>,
  opts: EvalOptions,
  rng: Prng,
  interval: SampleInterval | null,
): Record<string, number>[] {
  const points: Record<string, number>[] = [];
  const args = criticalArguments(a, b);
  for (const v of variables) {
    const zeros = new Set<number>([0]);
    for (const g of args) {
      if (!freeSymbols(g).has(v)) continue;
      for (const z of zerosAlong(g, v, base, opts)) zeros.add(z);
      if (zeros.size > MAX_ZEROS) break;
    }
    for (const z of zeros) {
      const size = Math.max(1, Math.abs(z));
      for (const offset of [1e-3 * size, (0.3 + 0.2 * rng.next()) * size]) {
        for (const side of [-1, 1]) {
          const x = z + side * offset;
          if (interval && (!interval.variables || interval.variables.includes(v)) && !inInterval(x, interval))
            continue;
          points.push({ ...base, [v]: x });
        }
      }
    }
  }
  return points;
}

/** Zeros looked for per variable. */
const MAX_ZEROS = 24;

/** The zeros of g along variable v (others at the base point): sign changes and touching zeros. */
function zerosAlong(g: Expr, v: string, base: Readonly<Record<string, number>>, opts: EvalOptions): number[] {
  const at = (x: number): number | null => {
    const r = evaluateFloatScaled(g, { ...base, [v]: x }, opts);
    return r ? r.v : null;
  };
  const values = SCAN.map(at);
  const zeros: number[] = [];
  for (let i = 0; i + 1 < SCAN.length; i++) {
    const y0 = values[i];
    const y1 = values[i + 1];
    if (y0 == null || y1 == null) continue;
    if (y0 === 0) zeros.push(SCAN[i]!);
    else if (Math.sign(y0) !== Math.sign(y1) && y1 !== 0) {
      const z = crossing(at, SCAN[i]!, SCAN[i + 1]!, y0);
      if (z !== null) zeros.push(z);
    } else if (i > 0) {
      const yPrev = values[i - 1];
      if (yPrev != null && Math.abs(y0) <= Math.abs(yPrev) && Math.abs(y0) <= Math.abs(y1)) {
        const z = touchingZero(at, SCAN[i - 1]!, SCAN[i + 1]!);
        if (z !== null) zeros.push(z);
      }
    }
    if (zeros.length > MAX_ZEROS) break;
  }
  return zeros;
}

/** A sign change of g between lo and hi, bisected; null where g is undefined at the end. */
function crossing(at: (x: number) => number | null, lo: number, hi: number, yLo: number): number | null {
  const [l, r] = bisect(lo, hi, (x) => {
    const y = at(x);
    return y !== null && Math.sign(y) === Math.sign(yLo);
  });
  return at(l) === null ? null : (l + r) / 2;
}

/** A minimum of |g| on [lo, hi] when it reaches 0 to rounding: a double zero. */
function touchingZero(at: (x: number) => number | null, lo: number, hi: number): number | null {
  const mag = (x: number) => {
    const y = at(x);
    return y === null ? Number.POSITIVE_INFINITY : Math.abs(y);
  };
  const top = Math.max(mag(lo), mag(hi));
  const { x, value } = goldenMinimum(mag, lo, hi);
  return value <= 1e-9 * Math.max(1, Number.isFinite(top) ? top : 1) ? x : null;
}
