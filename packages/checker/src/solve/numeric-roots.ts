import type { FloatFn } from '../expr/numeric';
import { bisect, goldenMinimum } from '../expr/search';
import { cmpReal, snapReal, type RealValue } from './real-value';

/** Where the numeric solver looks: [lo, hi]; `extend` means the ends stand for ±∞ (no interval given). */
export interface SearchWindow {
  readonly lo: number;
  readonly hi: number;
  readonly extend: boolean;
}

/** The default window when no interval restricts the unknown. */
export const DEFAULT_WINDOW: SearchWindow = { lo: -1000, hi: 1000, extend: true };

/** A point where the sign analysis of f − g may change. */
export interface CriticalPoint {
  readonly value: RealValue;
  /** root: f = g; pole: a jump through ±∞; boundary: an end of the domain; excluded: a zero of a denominator. */
  readonly kind: 'root' | 'pole' | 'boundary' | 'excluded';
}

/** A deterministic work budget shared by one check: evaluations left before giving up. */
export interface Budget {
  left: number;
}

/** Thrown when a check has used up its budget; the checker reports the remaining lines as too large. */
export class BudgetExceeded extends Error {
  constructor() {
    super('work budget exceeded');
  }
}

/** Grid sizes of the numeric search. */
export const GRID = { extended: 1000, bounded: 720 } as const;

type State = 'nan' | 'zero' | 'pos' | 'neg';

/**
 * Finds the roots, poles and domain boundaries of lhs − rhs in the window: a sign scan on a grid
 * (sinh-spaced on the default window, dense near 0), bisection of every change, and a golden-section
 * search at local minima of |f − g| for touching roots and close pairs. `cost` is charged to the
 * budget per evaluation (the size of the expression).
 */
export function analyzeNumeric(
  lhs: FloatFn,
  rhs: FloatFn,
  window: SearchWindow,
  opts: { radians: boolean; budget: Budget; cost: number },
): CriticalPoint[] {
  const { budget, cost } = opts;
  const ev = (x: number): [number, number] => {
    budget.left -= cost;
    if (budget.left < 0) throw new BudgetExceeded();
    const a = lhs(x);
    const b = rhs(x);
    const h = a - b;
    if (Number.isNaN(h)) return [NaN, 0];
    return [h, Math.abs(a) + Math.abs(b)];
  };
  const isZero = (h: number, mag: number) =>
    Number.isFinite(h) && Number.isFinite(mag) && Math.abs(h) <= 1e-11 * Math.max(1, mag);
  const state = (h: number, mag: number): State =>
    Number.isNaN(h) ? 'nan' : isZero(h, mag) ? 'zero' : h > 0 ? 'pos' : 'neg';

  const xs: number[] = [];
  if (window.extend) {
    const tMax = Math.asinh(Math.max(Math.abs(window.lo), Math.abs(window.hi)));
    const n = GRID.extended;
    for (let i = 0; i <= n; i++) {
      const x = Math.sinh(-tMax + (2 * tMax * i) / n);
      if (x >= window.lo && x <= window.hi) xs.push(i === n / 2 ? 0 : x);
    }
  } else {
    const n = GRID.bounded;
    for (let i = 0; i <= n; i++) xs.push(window.lo + ((window.hi - window.lo) * i) / n);
  }
  const hs: number[] = [];
  const mags: number[] = [];
  const st: State[] = [];
  for (const x of xs) {
    const [h, m] = ev(x);
    hs.push(h);
    mags.push(m);
    st.push(state(h, m));
  }

  const out: CriticalPoint[] = [];
  const radians = opts.radians;

  /** Bisects [a, b] where pred(a) ≠ pred(b); returns the two final ends. */
  const crossing = (a: number, b: number, signA: number) => {
    const [l, r] = bisect(a, b, (x) => {
      const h = ev(x)[0];
      return Number.isNaN(h) ? false : h > 0 === signA > 0;
    });
    const [hl, ml] = ev(l);
    const [hr, mr] = ev(r);
    const near = Math.min(
      Number.isNaN(hl) ? Infinity : Math.abs(hl) / Math.max(1, ml),
      Number.isNaN(hr) ? Infinity : Math.abs(hr) / Math.max(1, mr),
    );
    const x = (l + r) / 2;
    if (near <= 1e-7) out.push({ value: snapReal(x, 1e-9, radians), kind: 'root' });
    else out.push({ value: snapReal(x, 1e-9, radians), kind: 'pole' });
  };

  const boundary = (a: number, b: number, pred: (x: number) => boolean) => {
    const [l, r] = bisect(a, b, pred);
    out.push({ value: snapReal((l + r) / 2, 1e-8, radians), kind: 'boundary' });
  };

  const definedAt = (x: number) => !Number.isNaN(ev(x)[0]);
  const zeroAt = (x: number) => {
    const [h, m] = ev(x);
    return !Number.isNaN(h) && isZero(h, m);
  };

  let dipEnd = -1;
  for (let i = 0; i < xs.length; i++) {
    const s = st[i]!;
    const x = xs[i]!;
    const run = s === 'zero' && i > dipEnd && st[i - 1] !== 'zero' ? zeroRun(i) : null;
    if (run) {
      // A repeated root: f is tiny near it, not zero (exactly or up to rounding) along an interval.
      out.push({ value: snapReal(run.x, 1e-9, radians), kind: 'root' });
      dipEnd = run.end;
    } else if (s === 'zero' && i > dipEnd) {
      const prev = st[i - 1];
      const next = st[i + 1];
      if (prev !== 'zero' && next !== 'zero') out.push({ value: snapReal(x, 1e-9, radians), kind: 'root' });
      else {
        if (prev && prev !== 'zero' && prev !== 'nan') boundaryOfZero(xs[i - 1]!, x);
        if (next && next !== 'zero' && next !== 'nan') boundaryOfZero(x, xs[i + 1]!);
      }
    }
    if (i + 1 >= xs.length) continue;
    const t = st[i + 1]!;
    const xn = xs[i + 1]!;
    if ((s === 'pos' && t === 'neg') || (s === 'neg' && t === 'pos')) crossing(x, xn, hs[i]!);
    else if ((s === 'nan') !== (t === 'nan')) boundary(x, xn, definedAt);
    else if ((s === 'pos' || s === 'neg') && s === t && i > 0) localMin(i);
  }

  /**
   * When the run of "zero" grid points through i is the flat bottom of a repeated root, where the
   * root is: (x − √2)⁶ is below the zero tolerance over ±0.015 but far above rounding inside it,
   * and its minimum is the root. Null for an isolated exact zero and for an interval of zeros
   * (values at the level of rounding all along).
   */
  function zeroRun(i: number): { x: number; end: number } | null {
    let a = i;
    while (a > 0 && st[a - 1] === 'zero') a--;
    let b = i;
    while (b + 1 < xs.length && st[b + 1] === 'zero') b++;
    if (a === 0 || b === xs.length - 1 || b - a > 16) return null;
    if (st[a - 1] === 'nan' || st[b + 1] === 'nan') return null;
    let above = false;
    for (let k = a; k <= b; k++) if (Math.abs(hs[k]!) > 1e-14 * Math.max(1, mags[k]!)) above = true;
    if (!above) return null;
    const { x } = goldenMinimum(
      (t) => {
        const h = ev(t)[0];
        return Number.isNaN(h) ? Infinity : Math.abs(h);
      },
      xs[a - 1]!,
      xs[b + 1]!,
      (v) => v === 0,
    );
    return { x, end: b };
  }

  function boundaryOfZero(a: number, b: number) {
    const [l, r] = bisect(a, b, zeroAt);
    out.push({ value: snapReal((l + r) / 2, 1e-8, radians), kind: 'root' });
  }

  function localMin(i: number) {
    const s0 = st[i - 1];
    const s1 = st[i]!;
    const s2 = st[i + 1];
    if (s0 !== s1 || s2 !== s1) return;
    const h0 = Math.abs(hs[i - 1]!);
    const h1 = Math.abs(hs[i]!);
    const h2 = Math.abs(hs[i + 1]!);
    if (!(h1 < h0 && h1 <= h2)) return;
    const sign = s1 === 'pos' ? 1 : -1;
    const g = (x: number) => {
      const h = ev(x)[0];
      return Number.isNaN(h) ? Infinity : sign * h;
    };
    // A value below 0 is a sign change inside the dip: two close roots.
    const { x: xm, value: gm } = goldenMinimum(g, xs[i - 1]!, xs[i + 1]!, (v) => v < 0);
    if (gm < 0) {
      // Two close roots inside one cell: bisect each side of the dip.
      const left = xs[i - 1]!;
      const right = xs[i + 1]!;
      const [hm] = ev(xm);
      if (Number.isNaN(hm)) return;
      splitCrossing(left, xm);
      splitCrossing(xm, right);
      return;
    }
    const [hm, mm] = ev(xm);
    if (!Number.isNaN(hm) && Math.abs(hm) <= 1e-9 * Math.max(1, mm))
      out.push({ value: snapReal(xm, 1e-6, radians), kind: 'root' });
  }

  function splitCrossing(a: number, b: number) {
    const ha = ev(a)[0];
    const [l, r] = bisect(a, b, (x) => {
      const h = ev(x)[0];
      return !Number.isNaN(h) && h > 0 === ha > 0;
    });
    out.push({ value: snapReal((l + r) / 2, 1e-9, radians), kind: 'root' });
  }

  return dedupeCritical(out);
}

const KIND_RANK: Record<CriticalPoint['kind'], number> = { excluded: 0, pole: 1, boundary: 2, root: 3 };

/** Sorts critical points and merges equal ones (an excluded point wins over a root at the same place). */
export function dedupeCritical(points: readonly CriticalPoint[]): CriticalPoint[] {
  const sorted = [...points].sort(
    (a, b) => cmpReal(a.value, b.value) || KIND_RANK[a.kind] - KIND_RANK[b.kind],
  );
  const out: CriticalPoint[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && cmpReal(last.value, p.value) === 0) {
      if (!last.value.exact && p.value.exact) out[out.length - 1] = { value: p.value, kind: last.kind };
      continue;
    }
    out.push(p);
  }
  return out;
}
