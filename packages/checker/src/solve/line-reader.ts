import type { LineFeedback } from '@kib/core';
import { childrenOf, contains, mapChildren, nodeAt, type Expr } from '../expr/ast';
import { copySourceRange, parseLatex, PARSE_LIMITS, sourceRange, type ParseErrorCode } from '../expr/parse';
import { MappedText } from '../expr/source-map';

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
  | {
      readonly ok: true;
      readonly node: LineNode;
      readonly cases: boolean;
      /** Where a node of the line lies in the LaTeX that was read, [start, end), when known. */
      readonly rangeOf: (node: Expr) => readonly [number, number] | undefined;
    }
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
  return stepsWithOffsets(latex).map((s) => s.latex);
}

/** The steps of a line with where each starts in it. */
export function stepsWithOffsets(latex: string): { latex: string; offset: number }[] {
  const out: { latex: string; offset: number }[] = [];
  const re = new RegExp(ARROWS.source, 'g');
  let start = 0;
  const push = (from: number, to: number) => {
    const raw = latex.slice(from, to);
    const text = raw.trim();
    if (text !== '') out.push({ latex: text, offset: from + (raw.length - raw.trimStart().length) });
  };
  for (let m = re.exec(latex); m; m = re.exec(latex)) {
    push(start, m.index);
    start = m.index + m[0].length;
  }
  push(start, latex.length);
  return out;
}

/** Rewrites what MathLive users type for "or", "and", spacing and commas into what the parser reads. */
export function normalizeLatex(latex: string): string {
  return normalizeLatexMapped(latex).text;
}

/** {@link normalizeLatex}, remembering where each character of the result came from. */
export function normalizeLatexMapped(latex: string): MappedText {
  return (
    MappedText.of(latex)
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
function splitSetOps(
  latex: string,
): { parts: string[]; starts: number[]; ops: ('cup' | 'cap' | 'minus')[] } | null {
  const re = /\\(cup|cap|setminus|smallsetminus)(?![a-zA-Z])/g;
  if (!re.test(latex)) return null;
  re.lastIndex = 0;
  const parts: string[] = [];
  const starts: number[] = [0];
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
        starts.push(start);
        continue;
      }
      i++; // skip the escaped character (\{ is a set brace, not a group)
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
  }
  parts.push(latex.slice(start));
  return { parts, starts, ops };
}

/**
 * Reads one line: normalizes connectives, splits set operations, parses each part with the shared
 * parser and reads subscripted unknowns (`x_1`) as the unknown. Never throws.
 */
export function readLine(latex: string, options: ReadOptions): ReadLine {
  if (typeof latex !== 'string') return { ok: false, code: 'unreadable-expression' };
  if (latex.length > PARSE_LIMITS.maxLength) return { ok: false, code: 'too-large' };
  const mapped = normalizeLatexMapped(latex);
  const source = mapped.text;
  if (source === '') return { ok: false, code: 'empty-expression' };
  const cases = /\\begin\{(?:cases|array|aligned|matrix)\}|\\\\/.test(source);
  const text = textContent(source);
  // Each part read: its tree and where its LaTeX starts in the normalized line.
  const parts: { node: LineNode; offset: number }[] = [];
  const rangeOf = (node: Expr): readonly [number, number] | undefined => {
    for (const p of parts) {
      if (p.node.kind !== 'expr' || !contains(p.node.expr, (x) => x === node)) continue;
      const r = sourceRange(node);
      return r ? mapped.original(r[0] + p.offset, r[1] + p.offset) : undefined;
    }
    return undefined;
  };
  if (/\\text|\\mathrm|\\mbox/.test(source) && NO_SOLUTION.test(text))
    return { ok: true, node: { kind: 'none' }, cases, rangeOf };
  const split = splitSetOps(source);
  if (split) {
    let first = split.parts[0] ?? '';
    let offset = 0;
    // `x\in A\cup B`: the parts are sets; the membership prefix is implied.
    const m = /^\s*([a-zA-Z](?:_\{?\w+\}?)?)\s*\\in(?![a-zA-Z])/.exec(first);
    if (m) {
      first = first.slice(m[0].length);
      offset = m[0].length;
    }
    const nodes: LineNode[] = [];
    const all = [first, ...split.parts.slice(1)];
    for (let i = 0; i < all.length; i++) {
      const r = readPart(all[i]!, options);
      if (!r.ok) return r;
      nodes.push(r.node);
      parts.push({ node: r.node, offset: i === 0 ? offset : split.starts[i]! });
    }
    let node: LineNode = nodes[0]!;
    split.ops.forEach((op, i) => {
      node = { kind: 'setop', op, args: [node, nodes[i + 1]!] };
    });
    return { ok: true, node, cases, rangeOf };
  }
  const r = readPart(source, options);
  if (!r.ok) return r;
  parts.push({ node: r.node, offset: 0 });
  return { ok: true, node: r.node, cases, rangeOf };
}

/** A step as read, with where its LaTeX lies in the line the student wrote. */
export interface ReadStep {
  readonly read: ReadLine;
  /** A range of the step's LaTeX as a range of the written line (undefined outside it). */
  readonly toLine: (range: readonly [number, number]) => [number, number] | undefined;
}

/** The feedback with its highlight's range in the written line, when the step knows where it is. */
export function withHighlightRange(feedback: LineFeedback, step: ReadStep | undefined): LineFeedback {
  if (!feedback.highlight || !step) return feedback;
  const r = rangeAtPath(step.read, feedback.highlight);
  const range = r ? step.toLine(r) : undefined;
  return range ? { ...feedback, highlightRange: range } : feedback;
}

/** Where the node at a highlight path of a read line lies in the line's LaTeX, when known. */
export function rangeAtPath(read: ReadLine, path: readonly number[]): readonly [number, number] | undefined {
  if (!read.ok || read.node.kind !== 'expr') return undefined;
  const node = nodeAt(read.node.expr, path);
  return node ? read.rangeOf(node) : undefined;
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
  if (!contains(e, (x) => x.type === 'symbol' && x.name.startsWith(prefix))) return e;
  const walk = (x: Expr): Expr => {
    if (x.type === 'symbol')
      return x.name.startsWith(prefix) ? copySourceRange(x, { type: 'symbol', name: variable }) : x;
    return copySourceRange(x, mapChildren(x, walk));
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
