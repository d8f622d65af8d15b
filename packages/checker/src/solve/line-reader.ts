import { childrenOf, contains, mapChildren, type Expr } from '../expr/ast';
import { parseLatex, PARSE_LIMITS, type ParseErrorCode } from '../expr/parse';

/**
 * A student's line as the solve checker reads it: a parsed expression, a set operation between
 * parsed parts (`x\in(-\infty,2)\cup(3,\infty)`, which the shared parser does not read), or a
 * written "no solution".
 */
export type LineNode =
  | { readonly kind: 'expr'; readonly expr: Expr }
  | { readonly kind: 'setop'; readonly op: 'cup' | 'cap' | 'minus'; readonly args: readonly LineNode[] }
  | { readonly kind: 'none' };

/** The outcome of reading one line. */
export type ReadLine =
  | { readonly ok: true; readonly node: LineNode; readonly cases: boolean }
  | { readonly ok: false; readonly code: ParseErrorCode; readonly at?: string };

/** Options of reading. */
export interface ReadOptions {
  /** The unknown: `x_1`, `x_{2}` are read as it. */
  readonly variable: string;
  /** Names declared as functions. */
  readonly functions?: readonly string[];
}

const NO_SOLUTION =
  /^(?:[a-z]\s*:?\s*)?(?:no\s+(?:tiene|hay|existe|existen|has|have|there\s+is|there\s+are)?\s*(?:ninguna|una|real|reales)?\s*soluci(?:o|ó)n(?:es)?(?:\s+reales?)?|sin\s+soluci(?:o|ó)n(?:es)?(?:\s+reales?)?|ninguna\s+soluci(?:o|ó)n|no\s+(?:real\s+)?solutions?|(?:there\s+(?:is|are)\s+)?no\s+(?:real\s+)?solutions?|no\s+solution)\.?$/i;

/** Arrows that join several steps written on one line. */
const ARROWS =
  /\\(?:Rightarrow|Longrightarrow|implies|iff|Leftrightarrow|Longleftrightarrow|therefore)\b|\\to\b/;

/** Splits a line written as a chain of steps (`x^2=4 \Rightarrow x=\pm 2`) into its steps. */
export function splitSteps(latex: string): string[] {
  return latex
    .split(new RegExp(ARROWS.source, 'g'))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Rewrites what MathLive users type for "or", "and", spacing and commas into what the parser reads. */
export function normalizeLatex(latex: string): string {
  return (
    latex
      // A decimal comma: MathLive writes 2{,}5 (the shared parser would read 25); "x=2,5" alone is 2.5.
      .replace(/(\d)\{,\}(\d)/g, '$1.$2')
      .replace(/^(\s*[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*-?\d+),(\d+\s*)$/, '$1.$2')
      .replace(/\\(?:text|mathrm|textrm|mbox)\{\s*(?:o|ó|u|or|ou)\s*\}/gi, ' \\lor ')
      // "x=2 y x=3" lists solutions in everyday Spanish: read it as a comma, not as a logical and.
      .replace(/\\(?:text|mathrm|textrm|mbox)\{\s*(?:y|e|and|et)\s*\}/gi, ',')
      .replace(/\\(?:text|mathrm|textrm|mbox)\{\s*([,;])\s*\}/g, '$1')
      .replace(/\\(?:text|mathrm|textrm|mbox)\{\s*\}/g, ' ')
      .replace(/\\q?quad\b/g, ',')
      // Spacing commands (\, \;), never the row break \\ followed by a space.
      .replace(/\\\\|\\[;:!, ]/g, (m) => (m === '\\\\' ? m : ' '))
      .replace(/\\vee\b/g, '\\lor ')
      .replace(/\\wedge\b/g, '\\land ')
      .trim()
  );
}

function textContent(latex: string): string {
  return latex
    .replace(/\\(?:text|mathrm|textrm|mbox)\{([^{}]*)\}/g, ' $1 ')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[{}$]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Splits at top-level set operators; null when there is none. */
function splitSetOps(latex: string): { parts: string[]; ops: ('cup' | 'cap' | 'minus')[] } | null {
  const re = /\\(cup|cap|setminus|smallsetminus)(?![a-zA-Z])/g;
  if (!re.test(latex)) return null;
  re.lastIndex = 0;
  const parts: string[] = [];
  const ops: ('cup' | 'cap' | 'minus')[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < latex.length; i++) {
    const ch = latex[i];
    if (ch === '\\') {
      const m = /^\\(cup|cap|setminus|smallsetminus)(?![a-zA-Z])/.exec(latex.slice(i));
      if (m && depth === 0) {
        parts.push(latex.slice(start, i));
        ops.push(m[1] === 'cup' ? 'cup' : m[1] === 'cap' ? 'cap' : 'minus');
        i += m[0].length - 1;
        start = i + 1;
        continue;
      }
      i++; // skip the escaped character (\{ is a set brace, not a group)
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
  }
  parts.push(latex.slice(start));
  return { parts, ops };
}

/**
 * Reads one line: normalizes connectives, splits set operations, parses each part with the shared
 * parser and reads subscripted unknowns (`x_1`) as the unknown. Never throws.
 */
export function readLine(latex: string, options: ReadOptions): ReadLine {
  if (typeof latex !== 'string') return { ok: false, code: 'unreadable-expression' };
  if (latex.length > PARSE_LIMITS.maxLength) return { ok: false, code: 'too-large' };
  const source = normalizeLatex(latex);
  if (source === '') return { ok: false, code: 'empty-expression' };
  const cases = /\\begin\{(?:cases|array|aligned|matrix)\}|\\\\/.test(source);
  const text = textContent(source);
  if (/\\text|\\mathrm|\\mbox/.test(source) && NO_SOLUTION.test(text))
    return { ok: true, node: { kind: 'none' }, cases };
  const split = splitSetOps(source);
  if (split) {
    let first = split.parts[0] ?? '';
    // `x\in A\cup B`: the parts are sets; the membership prefix is implied.
    const m = /^\s*([a-zA-Z](?:_\{?\w+\}?)?)\s*\\in(?![a-zA-Z])/.exec(first);
    if (m) first = first.slice(m[0].length);
    const nodes: LineNode[] = [];
    for (const part of [first, ...split.parts.slice(1)]) {
      const r = readPart(part, options);
      if (!r.ok) return r;
      nodes.push(r.node);
    }
    let node: LineNode = nodes[0]!;
    split.ops.forEach((op, i) => {
      node = { kind: 'setop', op, args: [node, nodes[i + 1]!] };
    });
    return { ok: true, node, cases };
  }
  const r = readPart(source, options);
  return r.ok ? { ok: true, node: r.node, cases } : r;
}

function readPart(
  latex: string,
  options: ReadOptions,
): { ok: true; node: LineNode } | { ok: false; code: ParseErrorCode; at?: string } {
  const text = textContent(latex);
  if (/\\text|\\mathrm|\\mbox/.test(latex) && NO_SOLUTION.test(text))
    return { ok: true, node: { kind: 'none' } };
  const r = parseLatex(latex, { functions: options.functions });
  if (!r.ok) return r.at === undefined ? { ok: false, code: r.code } : { ok: false, code: r.code, at: r.at };
  return { ok: true, node: { kind: 'expr', expr: renameSubscripts(r.expr, options.variable) } };
}

/** Reads `x_1`, `x_{2}`, `x_a` as the unknown `x`. */
export function renameSubscripts(e: Expr, variable: string): Expr {
  const prefix = `${variable}_`;
  const walk = (x: Expr): Expr => {
    if (x.type === 'symbol') return x.name.startsWith(prefix) ? { type: 'symbol', name: variable } : x;
    return mapChildren(x, walk);
  };
  return walk(e);
}

/** Expands ± into its sign choices (at most 16 variants). */
export function expandPm(e: Expr): Expr[] {
  if (!contains(e, (x) => x.type === 'pm')) return [e];
  const walk = (x: Expr): Expr[] => {
    if (x.type === 'pm') {
      const rights = walk(x.right);
      const lefts = x.left ? walk(x.left) : [null];
      const out: Expr[] = [];
      for (const l of lefts) {
        for (const r of rights) {
          const neg: Expr = { type: 'neg', arg: r };
          out.push(l ? { type: 'add', args: [l, r] } : r);
          out.push(l ? { type: 'add', args: [l, neg] } : neg);
        }
      }
      return out.slice(0, 16);
    }
    const kids = childrenOf(x);
    if (kids.length === 0) return [x];
    let combos: Expr[][] = [[]];
    for (const k of kids) {
      const vs = walk(k);
      const next: Expr[][] = [];
      for (const c of combos) for (const v of vs) if (next.length < 16) next.push([...c, v]);
      combos = next;
    }
    return combos.map((cs) => mapChildren(x, (_c, i) => cs[i]!));
  };
  return walk(e);
}
