import type { FunctionName } from './function-names';

/**
 * Kib's expression tree: the student's line as written (after parsing), not simplified. Paths into
 * this tree (lists of child indexes, see `childrenOf`) are what `highlight` returns.
 *
 * - Subtraction is an `add` whose subtracted terms are `neg` nodes: `x-3` is add[x, neg(3)], so the
 *   term "−3" has a path of its own.
 * - Implicit and explicit products are both `mul`; a fraction `\frac{a}{b}` is `div`.
 * - Numbers keep their written text (`0.333333`, `12`), so arithmetic on them can be exact.
 */
export type Expr =
  | { type: 'number'; text: string }
  | { type: 'symbol'; name: string }
  | { type: 'add'; args: Expr[] }
  | { type: 'mul'; args: Expr[] }
  | { type: 'neg'; arg: Expr }
  | { type: 'div'; num: Expr; den: Expr }
  | { type: 'pow'; base: Expr; exp: Expr }
  | { type: 'root'; arg: Expr; index: Expr | null }
  | { type: 'fn'; name: FunctionName; args: Expr[]; base?: Expr }
  | { type: 'pm'; left: Expr | null; right: Expr }
  | { type: 'relation'; op: RelationOp; args: Expr[] }
  | { type: 'logic'; op: 'and' | 'or' | 'not'; args: Expr[] }
  | { type: 'interval'; left: Expr; right: Expr; leftOpen: boolean; rightOpen: boolean }
  | { type: 'set'; elements: Expr[] }
  | { type: 'list'; items: Expr[]; delims?: '()' | '[]' | '' }
  | { type: 'element'; member: Expr; of: Expr }
  | { type: 'call'; name: string; args: Expr[] };

/** Comparison operators of equations and inequalities. */
export type RelationOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** Each operator with its sides swapped (a < b is b > a); also the operator turned backwards. */
export const SWAPPED_RELATION: Readonly<Record<RelationOp, RelationOp>> = {
  '=': '=',
  '!=': '!=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/** One of the named functions of `FUNCTION_NAMES`. */
export type { FunctionName } from './function-names';

/** Well-known constants as symbol names. */
export const CONSTANTS = {
  pi: 'pi',
  e: 'e',
  infinity: 'infinity',
  emptySet: 'emptyset',
  reals: 'reals',
} as const;

/** The children of a node in path order: the indexes a highlight path walks. */
export function childrenOf(e: Expr): Expr[] {
  switch (e.type) {
    case 'number':
    case 'symbol':
      return [];
    case 'add':
    case 'mul':
      return e.args;
    case 'neg':
      return [e.arg];
    case 'div':
      return [e.num, e.den];
    case 'pow':
      return [e.base, e.exp];
    case 'root':
      return e.index ? [e.arg, e.index] : [e.arg];
    case 'fn':
      return e.base ? [...e.args, e.base] : e.args;
    case 'pm':
      return e.left ? [e.left, e.right] : [e.right];
    case 'relation':
    case 'logic':
    case 'call':
      return e.args;
    case 'interval':
      return [e.left, e.right];
    case 'set':
      return e.elements;
    case 'list':
      return e.items;
    case 'element':
      return [e.member, e.of];
  }
}

/**
 * A copy of the node with each child transformed; `f` gets the child and its index, in the order of
 * {@link childrenOf} (so paths stay valid).
 */
export function mapChildren(e: Expr, f: (child: Expr, index: number) => Expr): Expr {
  switch (e.type) {
    case 'number':
    case 'symbol':
      return e;
    case 'add':
    case 'mul':
      return { type: e.type, args: e.args.map(f) };
    case 'neg':
      return { type: 'neg', arg: f(e.arg, 0) };
    case 'div':
      return { type: 'div', num: f(e.num, 0), den: f(e.den, 1) };
    case 'pow':
      return { type: 'pow', base: f(e.base, 0), exp: f(e.exp, 1) };
    case 'root':
      return { type: 'root', arg: f(e.arg, 0), index: e.index ? f(e.index, 1) : null };
    case 'fn': {
      const args = e.args.map(f);
      return e.base
        ? { type: 'fn', name: e.name, args, base: f(e.base, e.args.length) }
        : { type: 'fn', name: e.name, args };
    }
    case 'pm':
      return e.left
        ? { type: 'pm', left: f(e.left, 0), right: f(e.right, 1) }
        : { type: 'pm', left: null, right: f(e.right, 0) };
    case 'relation':
      return { type: 'relation', op: e.op, args: e.args.map(f) };
    case 'logic':
      return { type: 'logic', op: e.op, args: e.args.map(f) };
    case 'call':
      return { type: 'call', name: e.name, args: e.args.map(f) };
    case 'interval':
      return { ...e, left: f(e.left, 0), right: f(e.right, 1) };
    case 'set':
      return { type: 'set', elements: e.elements.map(f) };
    case 'list':
      return e.delims === undefined
        ? { type: 'list', items: e.items.map(f) }
        : { type: 'list', items: e.items.map(f), delims: e.delims };
    case 'element':
      return { type: 'element', member: f(e.member, 0), of: f(e.of, 1) };
  }
}

/** A copy of the tree with the node at `path` (child indexes per {@link childrenOf}) replaced. */
export function replaceAt(e: Expr, path: readonly number[], replacement: Expr): Expr {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  return mapChildren(e, (c, i) => (i === head ? replaceAt(c, rest, replacement) : c));
}

/** The first node (pre-order) satisfying the predicate, or null. */
export function findNode(e: Expr, pred: (node: Expr) => boolean): Expr | null {
  if (pred(e)) return e;
  for (const c of childrenOf(e)) {
    const hit = findNode(c, pred);
    if (hit) return hit;
  }
  return null;
}

/** True when a tree contains a node satisfying the predicate. */
export function contains(e: Expr, pred: (node: Expr) => boolean): boolean {
  return findNode(e, pred) !== null;
}

/** True when the tree mentions the symbol (constants included: `mentions(e, 'pi')`). */
export function mentions(e: Expr, name: string): boolean {
  if (e.type === 'symbol') return e.name === name;
  return childrenOf(e).some((c) => mentions(c, name));
}

/** The node at `path`, or undefined when the path leaves the tree. */
export function nodeAt(e: Expr, path: readonly number[]): Expr | undefined {
  let node: Expr | undefined = e;
  for (const i of path) {
    node = node ? childrenOf(node)[i] : undefined;
  }
  return node;
}

/** Number of nodes of a tree. */
export function size(e: Expr): number {
  let n = 1;
  for (const c of childrenOf(e)) n += size(c);
  return n;
}

/** The symbol names that occur in a tree (constants pi, e, infinity excluded). */
export function freeSymbols(e: Expr, out: Set<string> = new Set()): Set<string> {
  if (e.type === 'symbol') {
    if (!Object.values(CONSTANTS).includes(e.name as never)) out.add(e.name);
  } else {
    for (const c of childrenOf(e)) freeSymbols(c, out);
  }
  return out;
}
