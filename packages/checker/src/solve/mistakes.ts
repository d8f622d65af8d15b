import {
  childrenOf,
  mentions,
  nodeAt,
  replaceAt,
  SWAPPED_RELATION,
  type Expr,
  type RelationOp,
} from '../expr/ast';
import type { LineNode } from './line-reader';

/** A recognised mistake: its feedback code and where it is in the student's line. */
export interface Detection {
  readonly code: 'inequality-direction' | 'inequality-strictness' | 'sign-error';
  readonly highlight: number[];
}

/** Decides whether a modified line would have been right (same set as the reference). */
export type Matches = (candidate: Expr) => boolean;

/** Paths of the nodes satisfying `pred`, in pre-order, at most `limit`. */
export function findPaths(e: Expr, pred: (x: Expr) => boolean, limit = 32): number[][] {
  const out: number[][] = [];
  const walk = (x: Expr, path: number[]) => {
    if (out.length >= limit) return;
    if (pred(x)) out.push(path);
    childrenOf(x).forEach((c, i) => walk(c, [...path, i]));
  };
  walk(e, []);
  return out;
}

const INEQUALITY: ReadonlySet<RelationOp> = new Set(['<', '<=', '>', '>=']);
const STRICTNESS: Record<RelationOp, RelationOp> = {
  '=': '=',
  '!=': '!=',
  '<': '<=',
  '<=': '<',
  '>': '>=',
  '>=': '>',
};

/** True when the line holds an inequality (<, ≤, >, ≥). */
export function hasInequality(n: LineNode): boolean {
  if (n.kind === 'setop') return n.args.some(hasInequality);
  if (n.kind === 'none') return false;
  return findPaths(n.expr, (x) => x.type === 'relation' && INEQUALITY.has(x.op), 1).length > 0;
}

/**
 * An inequality turned backwards or made strict/non-strict: flipping one inequality (then all of
 * them) gives the expected set. Highlights the relation.
 */
export function detectInequalityMistake(e: Expr, matches: Matches): Detection | null {
  const rels = findPaths(e, (x) => x.type === 'relation' && INEQUALITY.has(x.op));
  const intervals = findPaths(e, (x) => x.type === 'interval');
  if (rels.length === 0 && intervals.length === 0) return null;
  const swap = (table: Readonly<Record<RelationOp, RelationOp>>, paths: number[][]): Expr => {
    let out = e;
    for (const p of paths) {
      const node = nodeAt(out, p);
      if (node?.type === 'relation') out = replaceAt(out, p, { ...node, op: table[node.op] });
    }
    return out;
  };
  for (const [table, code] of [
    [SWAPPED_RELATION, 'inequality-direction'],
    [STRICTNESS, 'inequality-strictness'],
  ] as const) {
    for (const p of rels) if (matches(swap(table, [p]))) return { code, highlight: p };
    if (rels.length > 1 && matches(swap(table, rels))) return { code, highlight: rels[0]! };
  }
  // An interval with a wrong bracket: ( for [ or ] for ).
  for (const p of intervals) {
    const node = nodeAt(e, p);
    if (node?.type !== 'interval') continue;
    for (const end of ['leftOpen', 'rightOpen'] as const) {
      if (matches(replaceAt(e, p, { ...node, [end]: !node[end] })))
        return { code: 'inequality-strictness', highlight: [...p, end === 'leftOpen' ? 0 : 1] };
    }
  }
  return null;
}

/**
 * Terms whose sign a student may have lost: the terms of each side of each relation, and the terms
 * inside brackets of a product (−(x−3) written −x−3). At most `limit`, nearest the top first.
 */
export function signCandidates(e: Expr, limit = 16): number[][] {
  const out: number[][] = [];
  const rels = findPaths(e, (x) => x.type === 'relation', 8);
  const addTerms = (x: Expr, path: number[], depth: number) => {
    if (out.length >= limit || depth > 2) return;
    if (x.type === 'add') {
      x.args.forEach((_t, i) => out.push([...path, i]));
      x.args.forEach((t, i) => inner(t, [...path, i], depth + 1));
    } else {
      out.push(path);
      inner(x, path, depth + 1);
    }
  };
  const inner = (x: Expr, path: number[], depth: number) => {
    if (x.type === 'neg') inner(x.arg, [...path, 0], depth);
    else if (x.type === 'pm' && x.left) {
      // The −b of the quadratic formula.
      out.push([...path, 0]);
      inner(x.left, [...path, 0], depth + 1);
    } else if (x.type === 'mul')
      x.args.forEach((f, i) => f.type === 'add' && addTerms(f, [...path, i], depth));
    else if (x.type === 'div') {
      if (x.num.type === 'add') addTerms(x.num, [...path, 0], depth);
      else inner(x.num, [...path, 0], depth + 1);
    }
  };
  for (const r of rels) {
    const rel = nodeAt(e, r);
    if (rel?.type !== 'relation') continue;
    rel.args.forEach((side, i) => {
      if (side.type !== 'relation') addTerms(side, [...r, i], 0);
    });
  }
  // Bare zero sides cannot carry a lost sign.
  return out
    .filter((p) => {
      const n = nodeAt(e, p);
      return n !== undefined && !(n.type === 'number' && Number(n.text) === 0);
    })
    .slice(0, limit);
}

/** A sign error: changing the sign of one term gives the expected set. Highlights that term. */
export function detectSignError(e: Expr, matches: Matches, variable?: string, limit = 16): Detection | null {
  const candidates = signCandidates(e, limit);
  // A constant moved across the = is the usual culprit: try terms without the unknown first, the
  // smallest (deepest) first, so that the mark is as precise as possible.
  if (variable) {
    const withVar = (p: number[]) => {
      const n = nodeAt(e, p);
      return n !== undefined && mentions(n, variable) ? 1 : 0;
    };
    candidates.sort((a, b) => withVar(a) - withVar(b) || b.length - a.length);
  }
  for (const p of candidates) {
    const node = nodeAt(e, p);
    if (!node) continue;
    const flipped: Expr = node.type === 'neg' ? node.arg : { type: 'neg', arg: node };
    if (matches(replaceAt(e, p, flipped))) return { code: 'sign-error', highlight: p };
  }
  return null;
}

function isVarEq(x: Expr, variable: string): boolean {
  if (x.type !== 'relation' || x.op !== '=' || x.args.length !== 2) return false;
  const [a, b] = x.args as [Expr, Expr];
  const isVar = (y: Expr) => y.type === 'symbol' && y.name === variable;
  return (isVar(a) && !mentions(b, variable)) || (isVar(b) && !mentions(a, variable));
}

/**
 * `x=1 \land x=2` written for "or": a logical and of two or more equalities `x = c`. Returns the
 * path of the `and` node.
 */
export function findAndInsteadOfOr(e: Expr, variable: string): number[] | null {
  const paths = findPaths(
    e,
    (x) => x.type === 'logic' && x.op === 'and' && x.args.filter((a) => isVarEq(a, variable)).length >= 2,
    1,
  );
  return paths[0] ?? null;
}

/** `x=1 \lor 2`: a value listed without the unknown next to an equation in it. Returns the value's path. */
export function findMissingVariable(e: Expr, variable: string): number[] | null {
  let found: number[] | null = null;
  const walk = (x: Expr, path: number[]) => {
    if (found) return;
    if ((x.type === 'logic' && x.op !== 'not') || (x.type === 'list' && x.delims === '')) {
      const items = x.type === 'logic' ? x.args : x.items;
      const hasEq =
        items.some((i) => i.type === 'relation' && mentions(i, variable)) ||
        items.some((i) => i.type === 'logic');
      if (hasEq) {
        const bare = items.findIndex(
          (i) =>
            !mentions(i, variable) &&
            i.type !== 'relation' &&
            i.type !== 'logic' &&
            i.type !== 'set' &&
            i.type !== 'interval',
        );
        if (bare >= 0) {
          found = [...path, bare];
          return;
        }
      }
      items.forEach((i, k) => walk(i, [...path, k]));
    }
  };
  walk(e, []);
  return found;
}

/** True when the line states a solution: the unknown alone against values, a set, an interval, or "no solution". */
export function isStated(n: LineNode, variable: string): boolean {
  if (n.kind === 'none') return true;
  if (n.kind === 'setop') return n.args.every((a) => isStated(a, variable));
  return isStatedExpr(n.expr, variable);
}

function isStatedExpr(e: Expr, variable: string): boolean {
  const isVar = (y: Expr) => y.type === 'symbol' && y.name === variable;
  switch (e.type) {
    case 'relation': {
      // S = \{2, 3\}: a named solution set.
      const setLike = (y: Expr) =>
        y.type === 'set' || y.type === 'interval' || (y.type === 'symbol' && y.name === 'reals');
      if (
        e.op === '=' &&
        e.args.length === 2 &&
        e.args.some((a) => a.type === 'symbol') &&
        e.args.some(setLike)
      ) {
        return e.args.every((a) => a.type === 'symbol' || !mentions(a, variable));
      }
      const operands: Expr[] = [];
      const flat = (x: Expr) => {
        if (x.type === 'relation') x.args.forEach(flat);
        else operands.push(x);
      };
      flat(e);
      const vars = operands.filter(isVar).length;
      return vars === 1 && operands.every((o) => isVar(o) || !mentions(o, variable));
    }
    case 'logic':
      return e.op !== 'not' && e.args.every((a) => isStatedExpr(a, variable));
    case 'list':
      return e.items.every((i) => isStatedExpr(i, variable));
    case 'element':
      return isVar(e.member) && !mentions(e.of, variable);
    default:
      return !mentions(e, variable);
  }
}

/** Paths of the items of a stated list (`x=1, x=4`, `x=1 \lor x=4`, `\{1,4\}`), flattened. */
export function statedItems(e: Expr): { path: number[]; expr: Expr }[] {
  const out: { path: number[]; expr: Expr }[] = [];
  const walk = (x: Expr, path: number[]) => {
    if ((x.type === 'logic' && x.op === 'or') || (x.type === 'list' && x.delims === '')) {
      (x.type === 'logic' ? x.args : x.items).forEach((c, i) => walk(c, [...path, i]));
    } else if (x.type === 'set') x.elements.forEach((c, i) => out.push({ path: [...path, i], expr: c }));
    else if (x.type === 'element' && x.of.type === 'set')
      x.of.elements.forEach((c, i) => out.push({ path: [...path, 1, i], expr: c }));
    else out.push({ path, expr: x });
  };
  walk(e, []);
  return out;
}
