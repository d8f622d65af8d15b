import type { ExpressionList, FeedbackMessage, LineFeedback } from '@kib/core';
import { childrenOf, freeSymbols, nodeAt, type Expr } from '../expr/ast';
import type { FunctionModel } from '../expr/evaluate';
import { substitutionsFrom, type EquivalenceContext } from '../expr/equivalence';
import { evaluateFloatScaled } from '../expr/evaluate';
import {
  isBlank,
  normaliseLatex,
  normaliseLatexMapped,
  parseLatex,
  relationChain,
  sourceRange,
  type ParseResult,
} from '../expr/parse';
import { MappedText } from '../expr/source-map';
import { blankLine, isWrongLine } from '../types';
import { hashSeed } from '../expr/prng';
import type { SampleInterval } from '../expr/sampling';
import { LINE_WORK, OutOfWork, withinWork } from '../expr/work';
import type { TextFeedbackCode } from './feedback-codes';

export { isBlank } from '../expr/parse';

/** Lines of one answer that are checked; later lines get `feedback.too-large`. */
export const MAX_CHECKED_LINES = 50;

/** Node evaluations spent locating mistakes in one answer (all wrong lines together). */
export const ANSWER_LOCATE_BUDGET = 30_000;

/** Longest line read (characters); parsing costs about 25 µs a character. */
export const MAX_LINE_CHARS = 800;

/** Characters read per answer, all lines together; later lines get `feedback.too-large`. */
export const MAX_ANSWER_CHARS = 1_500;

/**
 * The answer's lines with the ones over the budgets (line count, line length, total length) marked:
 * `checked` false means the line gets `feedback.too-large` without being read. Tolerates a malformed
 * answer (not a list, lines without text).
 */
export function budgetLines(
  answer: unknown,
): { math: string; solNum: number | undefined; checked: boolean }[] {
  if (!Array.isArray(answer)) return [];
  let chars = 0;
  return answer.map((raw: unknown, i) => {
    const line = raw && typeof raw === 'object' ? (raw as { math?: unknown; solNum?: unknown }) : {};
    const math = typeof line.math === 'string' ? line.math : '';
    const solNum = typeof line.solNum === 'number' ? line.solNum : undefined;
    chars += math.length;
    const checked = i < MAX_CHECKED_LINES && math.length <= MAX_LINE_CHARS && chars <= MAX_ANSWER_CHARS;
    return { math, solNum, checked };
  });
}

/** A feedback message with a text-area code. */
export function message(
  code: TextFeedbackCode,
  params: Record<string, string | number> = {},
): FeedbackMessage {
  return { key: `feedback.${code}`, params };
}

/** A wrong line with a code and optional highlight. */
/** The feedback of a line that could not be read: too large, or unreadable (near the spot, when known). */
export function unreadableLine(parsed: { code: string; at?: string }): LineFeedback {
  if (parsed.code === 'too-large') return wrongLine('too-large');
  return parsed.at === undefined
    ? wrongLine('unreadable-expression')
    : wrongLine('unreadable-at', undefined, { at: parsed.at });
}

export function wrongLine(
  code: TextFeedbackCode,
  highlight?: number[],
  params: Record<string, string | number> = {},
): LineFeedback {
  return highlight
    ? { correct: false, feedback: message(code, params), highlight }
    : { correct: false, feedback: message(code, params) };
}

/**
 * Checks the line at `index` (0-based) within its work budget; past it, the line is "too complex to
 * check here", named 1-based, in the caller's shape (`tooComplex`).
 */
export function withinLineWork<T>(
  index: number,
  work: () => T,
  tooComplex: (feedback: LineFeedback) => T,
): T {
  const v = withinWork(LINE_WORK, work);
  return v instanceof OutOfWork ? tooComplex(wrongLine('too-complex', undefined, { line: index + 1 })) : v;
}

/** Rewrites `\text{cm}` and `\mathrm{cm}` as `\operatorname{cm}` (see expr/parse). */
export { normaliseLatex } from '../expr/parse';

/** Parsed lines kept for the next check: each attempt sends every line again. */
const PARSE_CACHE_SIZE = 2_000;
const parseCache = new Map<string, ParseResult>();

/**
 * Parses one line of the problem or the answer with the problem's function names. Results are
 * cached (least recently used, 2,000 lines): trees are never modified, so sharing them is safe.
 */
export function parseLine(latex: string, functions: readonly string[]): ParseResult {
  const key = `${functions.join(',')}\u0000${latex}`;
  const hit = parseCache.get(key);
  if (hit) {
    parseCache.delete(key);
    parseCache.set(key, hit);
    return hit;
  }
  const r = parseLatex(normaliseLatex(latex), { functions });
  if (latex.length <= MAX_LINE_CHARS) {
    parseCache.set(key, r);
    if (parseCache.size > PARSE_CACHE_SIZE) parseCache.delete(parseCache.keys().next().value!);
  }
  return r;
}

/** What a text checker does with the lines of an answer it can read. */
export interface LineChecks {
  /** Called for each line within the budgets that is not blank, before it is read. */
  attempt?: (index: number) => void;
  /** The feedback of a readable line. */
  read: (expr: Expr, index: number) => LineFeedback;
}

/** The feedback of every line of an answer, and what the verdict on the whole answer needs. */
export interface CheckedLines {
  lines: LineFeedback[];
  /** Some line was not blank. */
  any: boolean;
  /** Some line is wrong. */
  anyWrong: boolean;
}

/**
 * Checks an answer line by line: blank lines are neutral (no mark, never correct), lines over the budgets
 * ({@link budgetLines}) get `too-large`, unreadable ones `unreadable-expression` (or `too-large`),
 * and each readable line the feedback `checks.read` gives it.
 */
export function checkLines(answer: unknown, functions: readonly string[], checks: LineChecks): CheckedLines {
  const lines: LineFeedback[] = [];
  let any = false;
  for (const line of budgetLines(answer)) {
    const index = lines.length;
    if (!line.checked) lines.push(wrongLine('too-large'));
    else if (isBlank(line.math)) lines.push(blankLine());
    else {
      any = true;
      checks.attempt?.(index);
      const parsed = parseLine(line.math, functions);
      if (!parsed.ok) lines.push(unreadableLine(parsed));
      else {
        lines.push(
          withinLineWork(
            index,
            () => checks.read(parsed.expr, index),
            (fb) => fb,
          ),
        );
      }
    }
  }
  return { lines, any, anyWrong: lines.some(isWrongLine) };
}

/**
 * Where the node at a highlight path of a line (as {@link parseLine} reads it) lies in the line's
 * LaTeX: [start, end), or undefined when the path leaves the tree or the node was not written.
 */
export function lineHighlightRange(
  latex: string,
  functions: readonly string[],
  path: readonly number[],
): [number, number] | undefined {
  const r = parseLine(latex, functions);
  const node = r.ok ? nodeAt(r.expr, path) : undefined;
  const range = node ? sourceRange(node) : undefined;
  if (!range) return undefined;
  const [start, end] = normaliseLatexMapped(MappedText.of(latex)).original(range[0], range[1]);
  return start < end && end <= latex.length ? [start, end] : undefined;
}

/** Parses an author's expression; a malformed problem definition throws (never a student's input). */
export function parseAuthored(latex: string, what: string, functions: readonly string[] = []): Expr {
  const r = parseLine(latex, functions);
  if (!r.ok) throw new Error(`malformed problem: ${what} ${JSON.stringify(latex)} is ${r.code}`);
  return r.expr;
}

/** Symbol names of an expression list (`k`, `\alpha`, `\text{cm}`), unreadable items skipped. */
export function symbolNames(list: ExpressionList | undefined): string[] {
  const out: string[] = [];
  for (const item of list ?? []) {
    const r = parseLine(item.latex, []);
    if (r.ok && r.expr.type === 'symbol') out.push(r.expr.name);
  }
  return out;
}

/** Function names of the `functions` list: `f`, `g(x)`, `\operatorname{h}` → f, g, h. */
export function functionNames(list: ExpressionList | undefined): string[] {
  const out: string[] = [];
  for (const item of list ?? []) {
    const m = /^\s*(?:\\operatorname\{([A-Za-z]+)\}|([A-Za-z]))/.exec(item.latex);
    const name = m?.[1] ?? m?.[2];
    if (name) out.push(name);
  }
  return out;
}

/** Reads the problem's `interval` (`[0,2\pi)`, `(0,\infty)`) as a sampling range, or null. */
export function readInterval(
  latex: string | null | undefined,
  variables?: readonly string[],
): SampleInterval | null {
  if (!latex) return null;
  const r = parseLine(latex, []);
  if (!r.ok) throw new Error(`malformed problem: interval ${JSON.stringify(latex)} is ${r.code}`);
  const e = r.expr;
  let left: Expr;
  let right: Expr;
  let loOpen: boolean;
  let hiOpen: boolean;
  if (e.type === 'interval') {
    [left, right, loOpen, hiOpen] = [e.left, e.right, e.leftOpen, e.rightOpen];
  } else if (e.type === 'list' && e.items.length === 2) {
    // The parser keeps round brackets as '()'; square ones come back as a plain list.
    [left, right] = e.items as [Expr, Expr];
    loOpen = e.delims === '()';
    hiOpen = e.delims === '()';
  } else throw new Error(`malformed problem: interval ${JSON.stringify(latex)} is not an interval`);
  const lo = endpoint(left);
  const hi = endpoint(right);
  if (lo === null || hi === null || !(lo < hi))
    throw new Error(`malformed problem: interval ${JSON.stringify(latex)}`);
  return variables ? { lo, hi, loOpen, hiOpen, variables } : { lo, hi, loOpen, hiOpen };
}

function endpoint(e: Expr): number | null {
  if (e.type === 'symbol' && e.name === 'infinity') return Infinity;
  if (e.type === 'neg' && e.arg.type === 'symbol' && e.arg.name === 'infinity') return -Infinity;
  const v = evaluateFloatScaled(e, {});
  return v ? v.v : null;
}

/** The parts of a problem the equivalence context is built from. */
export interface ContextSource {
  functions?: ExpressionList;
  complementaryEquations?: ExpressionList;
  convertToDegrees?: boolean;
  interval?: string | null;
  /** Variables the interval restricts (default: all). */
  intervalVariables?: readonly string[];
  /** Text the seed is derived from (the problem's own expressions). */
  seedText: string;
  /** Functions defined by the problem (functions math type). */
  defined?: Readonly<Record<string, FunctionModel>>;
}

/** The equivalence context of a problem, and its function names for parsing. */
export function buildContext(src: ContextSource): { ctx: EquivalenceContext; functionNames: string[] } {
  const names = functionNames(src.functions);
  const functions: Record<string, FunctionModel> = {};
  for (const n of names) functions[n] = { kind: 'arbitrary' };
  Object.assign(functions, src.defined ?? {});
  const equations: Expr[] = [];
  for (const item of src.complementaryEquations ?? []) {
    equations.push(parseAuthored(item.latex, 'complementary equation', names));
  }
  const ctx: EquivalenceContext = {
    degrees: src.convertToDegrees ?? false,
    functions,
    substitutions: substitutionsFrom(equations),
    interval: readInterval(src.interval, src.intervalVariables),
    seed: hashSeed(src.seedText),
  };
  return { ctx, functionNames: [...names, ...Object.keys(src.defined ?? {})] };
}

/** True when the line contains a decimal number (`0.5`, `3.14`). */
export function hasDecimal(e: Expr): boolean {
  if (e.type === 'number') return !/^\d+$/.test(e.text);
  return childrenOf(e).some(hasDecimal);
}

/** The variables of the start expression that are not declared constants, units or symbols. */
export function mainVariables(e: Expr, declared: readonly string[]): string[] {
  return [...freeSymbols(e)].filter((v) => !declared.includes(v)).sort();
}

/** One side of a chain of equalities, with its path in the line's tree. */
export interface ChainSide {
  expr: Expr;
  path: number[];
}

/**
 * The sides of `a = b = c` in order with their paths (the parser nests chains: a = (b = c)), or
 * the line itself as the only side when it is not an equality.
 */
export function chainSides(e: Expr): ChainSide[] {
  const chain = e.type === 'relation' && e.op === '=' ? relationChain(e, (op) => op === '=') : null;
  if (!chain) return [{ expr: e, path: [] }];
  return chain.operands.map((expr, i) => ({ expr, path: [...chain.paths[i]!] }));
}
