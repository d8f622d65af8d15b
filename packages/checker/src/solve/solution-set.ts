import { cmpReal, NEG_INF, POS_INF, realToLatex, type RealValue } from './real-value';

/** One end of a piece of a solution set: a value (±∞ allowed, always open) and whether it is included. */
export interface Bound {
  readonly value: RealValue;
  readonly closed: boolean;
}

/** A piece of a solution set: an interval from `lo` to `hi`, or an isolated point when lo = hi (closed). */
export interface Piece {
  readonly lo: Bound;
  readonly hi: Bound;
}

/**
 * A set of real numbers: a finite union of disjoint intervals and isolated points, sorted and
 * normalized (touching pieces merged), so that two equal sets have the same pieces. Ends keep their
 * exact values when they have them; otherwise they compare within their error bounds.
 */
export interface SolutionSet {
  readonly pieces: readonly Piece[];
}

/** The empty set. */
export const EMPTY_SET: SolutionSet = { pieces: [] };

/** All real numbers. */
export const ALL_REALS: SolutionSet = {
  pieces: [{ lo: { value: NEG_INF, closed: false }, hi: { value: POS_INF, closed: false } }],
};

/** The set of the given points. */
export function pointsSet(values: readonly RealValue[]): SolutionSet {
  return normalize(values.filter((v) => Number.isFinite(v.v)).map((v) => point(v)));
}

/** An interval; infinite ends are always open. Empty when lo > hi. */
export function intervalSet(lo: RealValue, hi: RealValue, loClosed: boolean, hiClosed: boolean): SolutionSet {
  return normalize([
    {
      lo: { value: lo, closed: loClosed && Number.isFinite(lo.v) },
      hi: { value: hi, closed: hiClosed && Number.isFinite(hi.v) },
    },
  ]);
}

/** Builds a set from arbitrary pieces (overlapping, unsorted, empty ones allowed). */
export function setOfPieces(pieces: readonly Piece[]): SolutionSet {
  return normalize(pieces);
}

function point(v: RealValue): Piece {
  return { lo: { value: v, closed: true }, hi: { value: v, closed: true } };
}

function isEmptyPiece(p: Piece): boolean {
  const c = cmpReal(p.lo.value, p.hi.value);
  return c > 0 || (c === 0 && !(p.lo.closed && p.hi.closed));
}

/** Compares lower bounds: a smaller value first; at equal values a closed bound starts earlier. */
function cmpLo(a: Bound, b: Bound): number {
  const c = cmpReal(a.value, b.value);
  if (c !== 0) return c;
  return a.closed === b.closed ? 0 : a.closed ? -1 : 1;
}

/** Compares upper bounds: a smaller value first; at equal values an open bound ends earlier. */
function cmpHi(a: Bound, b: Bound): number {
  const c = cmpReal(a.value, b.value);
  if (c !== 0) return c;
  return a.closed === b.closed ? 0 : a.closed ? 1 : -1;
}

/** Prefers the exact one of two equal values, so merged ends stay exact. */
function better(a: RealValue, b: RealValue): RealValue {
  if (a.exact || !b.exact) return a.err <= b.err || a.exact ? a : b;
  return b;
}

function normalize(pieces: readonly Piece[]): SolutionSet {
  const sorted = pieces.filter((p) => !isEmptyPiece(p)).sort((a, b) => cmpLo(a.lo, b.lo));
  const out: Piece[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last) {
      const c = cmpReal(last.hi.value, p.lo.value);
      const touches = c > 0 || (c === 0 && (last.hi.closed || p.lo.closed));
      if (touches) {
        const hi = cmpHi(last.hi, p.hi) >= 0 ? last.hi : p.hi;
        const hiValue =
          cmpReal(last.hi.value, p.hi.value) === 0 ? better(last.hi.value, p.hi.value) : hi.value;
        out[out.length - 1] = { lo: last.lo, hi: { value: hiValue, closed: hi.closed } };
        continue;
      }
    }
    out.push(p);
  }
  return { pieces: out };
}

/** A ∪ B. */
export function union(a: SolutionSet, b: SolutionSet): SolutionSet {
  return normalize([...a.pieces, ...b.pieces]);
}

/** The union of many sets. */
export function unionAll(sets: readonly SolutionSet[]): SolutionSet {
  return normalize(sets.flatMap((s) => s.pieces));
}

/** A ∩ B. */
export function intersection(a: SolutionSet, b: SolutionSet): SolutionSet {
  const out: Piece[] = [];
  for (const p of a.pieces) {
    for (const r of b.pieces) {
      const lo = cmpLo(p.lo, r.lo) >= 0 ? p.lo : r.lo;
      const hi = cmpHi(p.hi, r.hi) <= 0 ? p.hi : r.hi;
      out.push({ lo, hi });
    }
  }
  return normalize(out);
}

/** The intersection of many sets (all reals for none). */
export function intersectionAll(sets: readonly SolutionSet[]): SolutionSet {
  return sets.reduce(intersection, ALL_REALS);
}

/** ℝ ∖ A. */
export function complement(a: SolutionSet): SolutionSet {
  const out: Piece[] = [];
  let lo: Bound = { value: NEG_INF, closed: false };
  for (const p of a.pieces) {
    out.push({ lo, hi: { value: p.lo.value, closed: !p.lo.closed } });
    lo = { value: p.hi.value, closed: !p.hi.closed };
  }
  out.push({ lo, hi: { value: POS_INF, closed: false } });
  return normalize(out);
}

/** A ∖ B. */
export function difference(a: SolutionSet, b: SolutionSet): SolutionSet {
  return intersection(a, complement(b));
}

function boundEq(a: Bound, b: Bound): boolean {
  return a.closed === b.closed && cmpReal(a.value, b.value) === 0;
}

/** True when A and B are the same set (ends compared exactly, or within their error bounds). */
export function setsEqual(a: SolutionSet, b: SolutionSet): boolean {
  if (a.pieces.length !== b.pieces.length) return false;
  return a.pieces.every((p, i) => {
    const r = b.pieces[i]!;
    return boundEq(p.lo, r.lo) && boundEq(p.hi, r.hi);
  });
}

/** True when A ⊆ B. */
export function isSubset(a: SolutionSet, b: SolutionSet): boolean {
  return setsEqual(intersection(a, b), a);
}

/** True when the set has no element. */
export function isEmpty(a: SolutionSet): boolean {
  return a.pieces.length === 0;
}

/** True when the set is all of ℝ. */
export function isAllReals(a: SolutionSet): boolean {
  return setsEqual(a, ALL_REALS);
}

/** The points of a finite set, or null when the set holds an interval. */
export function pointsOf(a: SolutionSet): RealValue[] | null {
  const out: RealValue[] = [];
  for (const p of a.pieces) {
    if (cmpReal(p.lo.value, p.hi.value) !== 0) return null;
    out.push(p.lo.value);
  }
  return out;
}

/** True when x belongs to the set. */
export function contains(a: SolutionSet, x: RealValue): boolean {
  return !isEmpty(intersection(a, pointsSet([x])));
}

/** How two sets relate: equal, A a proper subset of B, a proper superset, or neither. */
export type SetRelation = 'equal' | 'subset' | 'superset' | 'other';

/** Classifies A against B. */
export function relate(a: SolutionSet, b: SolutionSet): SetRelation {
  if (setsEqual(a, b)) return 'equal';
  if (isSubset(a, b)) return 'subset';
  if (isSubset(b, a)) return 'superset';
  return 'other';
}

/**
 * LaTeX of a set in the variable: `x = 2`, `x = 2, x = -3`, `x \in (2, \infty)`, `x \in \emptyset`,
 * `x \in \mathbb{R}`, and unions of pieces with `\cup`.
 */
export function setToLatex(a: SolutionSet, variable = 'x', radians = false): string {
  if (isEmpty(a)) return `${variable} \\in \\emptyset`;
  if (isAllReals(a)) return `${variable} \\in \\mathbb{R}`;
  const pts = pointsOf(a);
  if (pts) return pts.map((p) => `${variable} = ${realToLatex(p, radians)}`).join(', ');
  const parts: string[] = [];
  let run: RealValue[] = [];
  const flush = () => {
    if (run.length) parts.push(`\\{${run.map((p) => realToLatex(p, radians)).join(', ')}\\}`);
    run = [];
  };
  for (const p of a.pieces) {
    if (cmpReal(p.lo.value, p.hi.value) === 0) {
      run.push(p.lo.value);
      continue;
    }
    flush();
    const l = p.lo.closed ? '[' : '(';
    const r = p.hi.closed ? ']' : ')';
    parts.push(`${l}${realToLatex(p.lo.value, radians)}, ${realToLatex(p.hi.value, radians)}${r}`);
  }
  flush();
  return `${variable} \\in ${parts.join(' \\cup ')}`;
}
