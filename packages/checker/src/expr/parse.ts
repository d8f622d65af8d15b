import { LatexSyntax } from '@cortex-js/compute-engine/latex-syntax';
import { childrenOf, type Expr, type FunctionName, type RelationOp } from './ast';
import { MappedText } from './source-map';

/** Limits that keep parsing bounded whatever a student types. */
export const PARSE_LIMITS = {
  /** Longest LaTeX line accepted (characters). */
  maxLength: 2_000,
  /** Deepest bracket nesting accepted. */
  maxDepth: 40,
  /** Largest tree accepted (nodes). */
  maxNodes: 1_500,
} as const;

/** Why a line could not be read. Codes double as feedback keys (`feedback.<code>`). */
export type ParseErrorCode = 'empty-expression' | 'unreadable-expression' | 'too-large';

/** The outcome of parsing one line. */
export type ParseResult =
  | { ok: true; expr: Expr; leadingEquals: boolean }
  | {
      ok: false;
      code: ParseErrorCode;
      detail?: string;
      /** The written LaTeX where reading stopped (for "we couldn't read this near …"), when known. */
      at?: string;
    };

/** Options of a parse. */
export interface ParseOptions {
  /** Names the problem declares as functions: `f(x)` is then a call, not f·x. */
  functions?: readonly string[];
}

let syntax: LatexSyntax | undefined;

/**
 * compute-engine's LaTeX parser alone (its `latex-syntax` entry, without the engine): it only turns
 * LaTeX into MathJSON, keeps no symbol table, so nothing leaks from one request to the next; and in
 * the browser the checker chunk carries the parser, not the whole CAS.
 */
function sharedSyntax(): LatexSyntax {
  syntax ??= new LatexSyntax();
  return syntax;
}

/**
 * Parses a MathLive LaTeX line into Kib's tree, as written. Never throws: unreadable input, input over
 * the limits and empty lines come back as error codes. A line that starts with `=` (continuing a
 * chain of equal expressions) is parsed without it and flagged `leadingEquals`.
 */
export function parseLatex(latex: string, options: ParseOptions = {}): ParseResult {
  if (typeof latex !== 'string') return { ok: false, code: 'unreadable-expression' };
  if (latex.length > PARSE_LIMITS.maxLength) return { ok: false, code: 'too-large' };
  const key = options.functions?.length ? `${options.functions.join(',')}\u0000${latex}` : latex;
  const hit = parseCache.get(key);
  if (hit) {
    // Most recently used last: the oldest entry is the first to go.
    parseCache.delete(key);
    parseCache.set(key, hit);
    return hit;
  }
  const result = parseLatexUncached(latex, options);
  // Short lines only: the cache stays small whatever students type.
  if (latex.length > PARSE_CACHE_MAX_LENGTH) return result;
  parseCache.set(key, result);
  if (parseCache.size > PARSE_CACHE_SIZE) parseCache.delete(parseCache.keys().next().value!);
  return result;
}

/**
 * Lines parsed lately: a check reads the problem's expressions and each line more than once, and
 * the same problem is checked for many answers. Trees are never modified after parsing, so a parse
 * result is shared safely.
 */
const parseCache = new Map<string, ParseResult>();
const PARSE_CACHE_SIZE = 500;
const PARSE_CACHE_MAX_LENGTH = 400;

/** {@link parseLatex} without the cache (to measure the parser). */
export function parseLatexUncached(latex: string, options: ParseOptions = {}): ParseResult {
  if (typeof latex !== 'string') return { ok: false, code: 'unreadable-expression' };
  if (latex.length > PARSE_LIMITS.maxLength) return { ok: false, code: 'too-large' };
  let mapped = MappedText.of(latex)
    .trim()
    .replace(/\\arccot(?![A-Za-z])/g, '\\operatorname{arccot}')
    // A decimal comma as MathLive writes it (2{,}5 is 2.5, never 25).
    .replace(/(\d)\{,\}(?=\d)/g, '$1.');
  mapped = mapped.insert(bracketInserts(mapped.text));
  const leadingEquals = mapped.text.startsWith('=');
  if (leadingEquals) mapped = mapped.slice(1).trim();
  const source = mapped.text;
  if (source === '') return { ok: false, code: 'empty-expression' };
  if (nestingDepth(source) > PARSE_LIMITS.maxDepth) return { ok: false, code: 'too-large' };
  // An empty box MathLive left in the line (\\placeholder{}): the line is not finished.
  const box = /\\placeholder(?:\[[^\]]*\])?\{[^{}]*\}/.exec(source);
  if (box)
    return {
      ok: false,
      code: 'unreadable-expression',
      at: spotOf(source, box.index, box.index + box[0].length),
    };
  let json: unknown;
  try {
    json = sharedSyntax().parse(source, { preserveLatex: true });
  } catch (err) {
    return { ok: false, code: 'unreadable-expression', detail: String(err).slice(0, 200) };
  }
  try {
    const converter = new Converter(options, /\\begin\{cases\}/.test(source), source, locate(json, source));
    const expr = converter.convert(json);
    if (countNodes(expr, PARSE_LIMITS.maxNodes) > PARSE_LIMITS.maxNodes)
      return { ok: false, code: 'too-large' };
    converter.recordRanges(expr, mapped);
    return { ok: true, expr, leadingEquals };
  } catch (err) {
    if (err instanceof Unreadable) {
      const at = err.offsets ? spotOf(source, err.offsets[0], err.offsets[1]) : undefined;
      return at === undefined
        ? { ok: false, code: 'unreadable-expression', detail: err.message }
        : { ok: false, code: 'unreadable-expression', detail: err.message, at };
    }
    throw err;
  }
}

/** Where each node of a parsed line lies in the LaTeX given to {@link parseLatex}: [start, end). */
const RANGES = new WeakMap<Expr, readonly [number, number]>();

/**
 * The characters of the parsed LaTeX a node was read from, [start, end), or undefined for a node
 * the parser did not make (one built by the checker). A node without LaTeX of its own (`2x`, `a − b`)
 * spans its children.
 */
export function sourceRange(e: Expr): readonly [number, number] | undefined {
  return RANGES.get(e);
}

/** Gives `to` the source range of `from` (a node rebuilt with the same meaning and place). */
export function copySourceRange(from: Expr, to: Expr): Expr {
  const r = RANGES.get(from);
  if (r && from !== to) RANGES.set(to, r);
  return to;
}

/** The LaTeX fragment of each node compute-engine kept (`preserveLatex`), placed in the source in order. */
function locate(json: unknown, source: string): WeakMap<object, [number, number]> {
  const out = new WeakMap<object, [number, number]>();
  const place = (node: unknown, from: number, to: number): number | null => {
    if (!node || typeof node !== 'object') return null;
    const o = node as Record<string, unknown>;
    const list = Array.isArray(node) ? (node as unknown[]) : Array.isArray(o.fn) ? (o.fn as unknown[]) : [];
    let lo = from;
    let hi = to;
    let end: number | null = null;
    if (!Array.isArray(node) && typeof o.latex === 'string' && o.latex.trim() !== '') {
      const at = findFragment(source, o.latex, from, to);
      if (at) {
        out.set(o, at);
        [lo, hi] = at;
        end = at[1];
      }
    }
    let cursor = lo;
    for (const child of list.slice(1)) {
      // In the order written; an argument written before its function (\sqrt[3]{x}) anywhere inside.
      const e = place(child, cursor, hi) ?? place(child, lo, hi);
      if (e !== null) {
        cursor = Math.max(cursor, e);
        end = Math.max(end ?? e, e);
      }
    }
    return end;
  };
  place(json, 0, source.length);
  return out;
}

/** Where a fragment occurs in source[from, to): exactly, else with white space ignored. */
function findFragment(source: string, fragment: string, from: number, to: number): [number, number] | null {
  const at = source.indexOf(fragment, from);
  if (at >= 0 && at + fragment.length <= to) return [at, at + fragment.length];
  if (fragment.length > 200) return null;
  const pattern = fragment
    .replace(/\s+/g, '')
    .split('')
    .map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s*');
  const re = new RegExp(pattern, 'g');
  re.lastIndex = from;
  const m = re.exec(source);
  return m && m.index + m[0].length <= to ? [m.index, m.index + m[0].length] : null;
}

/**
 * The LaTeX at [start, end) of the line, widened to a few characters around an empty spot (a
 * missing argument) and cut to 24 characters: what the student sees where reading stopped.
 */
function spotOf(source: string, start: number, end: number): string | undefined {
  if (!(start >= 0 && end >= start && end <= source.length)) return undefined;
  let from = end - start < 2 ? Math.max(0, start - 6) : start;
  // Never from the middle of a command: \\frac, not rac.
  while (from > 0 && /[A-Za-z]/.test(source[from - 1]!) && /[A-Za-z]/.test(source[from]!)) from--;
  if (from > 0 && source[from - 1] === '\\') from--;
  const to = end - start < 2 ? Math.min(source.length, end + 6) : end;
  const text = source.slice(from, to).trim();
  return text === '' ? undefined : text.slice(0, 24);
}

/** True when a line holds nothing to check: empty, white space (also LaTeX spaces) or a lone `=`. */
export function isBlank(math: string): boolean {
  const t = math.replace(/\\[,;:! ]|\\quad|\\qquad|~/g, ' ').trim();
  return t === '' || t === '=';
}

const FUNCTION_COMMAND =
  /\\(?:sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|coth|sech|csch|arcsin|arccos|arctan|arcsec|arccsc|arccot|arsinh|arcosh|artanh|ln|exp|log|lg|lb)(?![A-Za-z])|\\operatorname\{[A-Za-z]+\}/y;

/** Where an argument written without brackets ends: a sign, a relation, a separator. */
const ARGUMENT_END =
  /[+\-=<>,&]|\\(?:\\|right|cdot|times|div|pm|mp|le|ge|ne|lt|gt|leq|geq|neq|lor|land|vee|wedge|in|cup|cap|Rightarrow|implies|iff|to)(?![A-Za-z])/y;

/**
 * Brackets the argument of a function written without them when another function follows in the
 * same product: the parser reads `\\sin x\\ln x` as sin(x ln x), but it is sin(x)·ln(x), as
 * `\\sin x\\cos x` already is. `\\sin(x\\ln x)`, with brackets, keeps its argument.
 */
export function bracketArguments(source: string): string {
  return MappedText.of(source).insert(bracketInserts(source)).text;
}

/** Where {@link bracketArguments} puts brackets: positions and texts. */
function bracketInserts(source: string): [number, string][] {
  const inserts: [number, string][] = [];
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== '\\') continue;
    FUNCTION_COMMAND.lastIndex = i;
    const m = FUNCTION_COMMAND.exec(source);
    if (!m) continue;
    let j = i + m[0].length;
    // Powers and bases of the function itself: \\sin^{2}, \\log_{2}.
    while (source[j] === '^' || source[j] === '_') {
      j++;
      if (source[j] === '{') j = closingBrace(source, j) + 1;
      else j++;
    }
    while (source[j] === ' ') j++;
    if (source[j] === '(' || source.startsWith('\\left', j) || j >= source.length) continue;
    let depth = 0;
    for (let k = j; k < source.length; k++) {
      const ch = source[k];
      if (ch === '{') depth++;
      else if (ch === '}') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0) {
        ARGUMENT_END.lastIndex = k;
        if (ARGUMENT_END.test(source)) break;
        FUNCTION_COMMAND.lastIndex = k;
        if (k > j && FUNCTION_COMMAND.test(source)) {
          inserts.push([j, '\\left('], [k, '\\right)']);
          break;
        }
      }
      if (ch === '\\') while (/[A-Za-z]/.test(source[k + 1] ?? '')) k++;
    }
  }
  return inserts;
}

function closingBrace(source: string, open: number): number {
  let depth = 0;
  for (let k = open; k < source.length; k++) {
    if (source[k] === '{') depth++;
    else if (source[k] === '}' && --depth === 0) return k;
  }
  return source.length;
}

/**
 * Rewrites what the parser cannot read into what it can: `\text{cm}`, `\mathrm{cm}` (units, names
 * written as text) become `\operatorname{cm}`, a single symbol.
 */
export function normaliseLatex(latex: string): string {
  return normaliseLatexMapped(MappedText.of(latex)).text;
}

/** {@link normaliseLatex}, remembering where each character of the result came from. */
export function normaliseLatexMapped(latex: MappedText): MappedText {
  return latex.replace(/\\(?:text|mathrm|textrm|mathit)\s*\{\s*([A-Za-z]+)\s*\}/g, '\\operatorname{$1}');
}

/** A chain of relations `a < b \le c` read as one: operands and the operators between them. */
export interface RelationChain {
  readonly operands: readonly Expr[];
  readonly ops: readonly RelationOp[];
  /** Paths of the operands inside the relation node (for highlights). */
  readonly paths: readonly (readonly number[])[];
}

/**
 * compute-engine nests a chain of relations: `a=b=c` is a = (b = c), `1<x\le 3` is (1 < x) ≤ 3. The
 * tree keeps the nesting (highlight paths point into it); this reads it back as one chain, joining
 * an inner relation at either end when `joins` accepts its operator (any by default; `=` alone for a
 * chain of equal expressions). Null when `e` is not a relation.
 */
export function relationChain(
  e: Expr,
  joins: (op: RelationOp) => boolean = () => true,
): RelationChain | null {
  if (e.type !== 'relation' || e.args.length < 2) return null;
  const operands: Expr[] = [];
  const ops: RelationOp[] = [];
  const paths: number[][] = [];
  e.args.forEach((a, i) => {
    if (i > 0) ops.push(e.op);
    const end = i === 0 || i === e.args.length - 1;
    const inner = a.type === 'relation' && end && joins(a.op) ? relationChain(a, joins) : null;
    if (inner) {
      operands.push(...inner.operands);
      ops.push(...inner.ops);
      paths.push(...inner.paths.map((p) => [i, ...p]));
    } else {
      operands.push(a);
      paths.push([i]);
    }
  });
  return { operands, ops, paths };
}

/**
 * A repeating decimal `int.fixed(period)` as the exact fraction it is: 1.(3) = 4/3, 0.1(6) = 1/6.
 */
function repeatingDecimal(int: string, fixed: string, period: string): Expr {
  const whole = BigInt(`${int}${fixed}${period}`) - BigInt(`${int}${fixed}`);
  const den = BigInt(`${'9'.repeat(period.length)}${'0'.repeat(fixed.length)}`);
  return {
    type: 'div',
    num: { type: 'number', text: whole.toString() },
    den: { type: 'number', text: den.toString() },
  };
}

/** Deepest nesting of {}, (), [] and \left…\right in a LaTeX string, without parsing it. */
export function nestingDepth(latex: string): number {
  let depth = 0;
  let max = 0;
  for (const ch of latex) {
    if (ch === '{' || ch === '(' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === '}' || ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
  }
  return max;
}

function countNodes(e: Expr, limit: number): number {
  let n = 0;
  const stack: Expr[] = [e];
  while (stack.length && n <= limit) {
    const node = stack.pop()!;
    n++;
    stack.push(...childrenOf(node));
  }
  return n;
}

class Unreadable extends Error {
  constructor(
    message: string,
    /** Where in the source the parser met it, when known. */
    readonly offsets?: readonly [number, number],
  ) {
    super(message);
  }
}

/** The source offsets compute-engine attached to a node, when it did. */
function offsetsOf(o: Record<string, unknown>): [number, number] | undefined {
  const so = o.sourceOffsets;
  return Array.isArray(so) && typeof so[0] === 'number' && typeof so[1] === 'number'
    ? [so[0], so[1]]
    : undefined;
}

const FUNCTIONS: Record<string, FunctionName> = {
  Sin: 'sin',
  Cos: 'cos',
  Tan: 'tan',
  Cot: 'cot',
  Sec: 'sec',
  Csc: 'csc',
  Arcsin: 'arcsin',
  Arccos: 'arccos',
  Arctan: 'arctan',
  Sinh: 'sinh',
  Cosh: 'cosh',
  Tanh: 'tanh',
  Csch: 'csch',
  Sech: 'sech',
  Coth: 'coth',
  Arsinh: 'arsinh',
  Arcosh: 'arcosh',
  Artanh: 'artanh',
  Arccot: 'arccot',
  Arcsec: 'arcsec',
  Arccsc: 'arccsc',
  Ln: 'ln',
  Exp: 'exp',
  Abs: 'abs',
  Factorial: 'factorial',
  Degrees: 'degrees',
};

/** Functions the parser leaves as a name before brackets (`\\operatorname{arccot}(x)`). */
const OPERATOR_FUNCTIONS: Record<string, FunctionName> = {
  arccot: 'arccot',
  arcsec: 'arcsec',
  arccsc: 'arccsc',
  arsinh: 'arsinh',
  arcosh: 'arcosh',
  artanh: 'artanh',
  csch: 'csch',
  sech: 'sech',
};

const RELATIONS: Record<string, RelationOp> = {
  Equal: '=',
  NotEqual: '!=',
  Less: '<',
  LessEqual: '<=',
  Greater: '>',
  GreaterEqual: '>=',
};

const SYMBOLS: Record<string, Expr> = {
  Pi: { type: 'symbol', name: 'pi' },
  ExponentialE: { type: 'symbol', name: 'e' },
  PositiveInfinity: { type: 'symbol', name: 'infinity' },
  NegativeInfinity: { type: 'neg', arg: { type: 'symbol', name: 'infinity' } },
  ComplexInfinity: { type: 'symbol', name: 'infinity' },
  EmptySet: { type: 'set', elements: [] },
  RealNumbers: { type: 'symbol', name: 'reals' },
};

/** Turns compute-engine's non-canonical MathJSON into Kib's tree. */
class Converter {
  /** Nodes that stood in parentheses: a parent of the same kind does not absorb them. */
  private readonly grouped = new WeakSet<Expr>();
  private readonly functions: Set<string>;

  /**
   * @param hasCases the line holds `\begin{cases}`: compute-engine gives a system and `[a,b]` the same
   *   `List` head, so a list is a system only in a line that has one.
   */
  /** Source ranges of the nodes made so far, in the parsed source. */
  private readonly ranges = new Map<Expr, [number, number]>();

  constructor(
    options: ParseOptions,
    private readonly hasCases: boolean,
    private readonly source = '',
    private readonly located = new WeakMap<object, [number, number]>(),
  ) {
    this.functions = new Set(options.functions ?? []);
  }

  /** Records where each node of the tree came from, in the coordinates of the mapped text's original. */
  recordRanges(root: Expr, mapped: MappedText): void {
    const walk = (e: Expr): [number, number] | undefined => {
      let r = this.ranges.get(e);
      for (const c of childrenOf(e)) {
        const cr = walk(c);
        if (cr && !this.ranges.has(e)) r = r ? [Math.min(r[0], cr[0]), Math.max(r[1], cr[1])] : cr;
      }
      if (r) RANGES.set(e, mapped.original(r[0], r[1]));
      return r;
    };
    walk(root);
  }

  /** The node made from a JSON object compute-engine placed in the source. */
  private at(o: object, e: Expr): Expr {
    const r = this.located.get(o);
    if (r) {
      // compute-engine's fragments keep the space after a command or a symbol (`3x ` in `3x - 2`).
      let [a, b] = r;
      while (a < b && this.source[a] === ' ') a++;
      while (b > a && this.source[b - 1] === ' ') b--;
      this.ranges.set(e, [a, b]);
    }
    return e;
  }

  /** A node made of several JSON nodes (a function name and its brackets): it spans them. */
  private spanning(e: Expr, ...parts: unknown[]): Expr {
    const rs = parts.map((p) => (p && typeof p === 'object' ? this.located.get(p) : undefined));
    if (rs.every((r) => r !== undefined))
      this.ranges.set(e, [Math.min(...rs.map((r) => r[0])), Math.max(...rs.map((r) => r[1]))]);
    return e;
  }

  /** −b in a − b: from the minus sign to the end of b. */
  private negated(b: Expr): Expr {
    const neg: Expr = { type: 'neg', arg: b };
    const r = this.ranges.get(b);
    if (r) {
      let k = r[0];
      while (k > 0 && this.source[k - 1] === ' ') k--;
      if (this.source[k - 1] === '-') this.ranges.set(neg, [k - 1, r[1]]);
    }
    return neg;
  }

  convert(json: unknown): Expr {
    if (typeof json === 'number') return numberExpr(json);
    if (typeof json === 'string') return this.symbol(json);
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      const o = json as Record<string, unknown>;
      if (typeof o.num === 'string') return this.at(o, numberText(o.num));
      if (typeof o.sym === 'string') return this.at(o, this.symbol(o.sym));
      if (Array.isArray(o.fn)) {
        try {
          return this.at(o, this.convert(o.fn));
        } catch (err) {
          // The innermost node with offsets names the spot.
          if (err instanceof Unreadable && !err.offsets && offsetsOf(o))
            throw new Unreadable(err.message, offsetsOf(o));
          throw err;
        }
      }
      throw new Unreadable('unknown node');
    }
    if (!Array.isArray(json) || typeof json[0] !== 'string') throw new Unreadable('unknown node');
    const [head, ...rest] = json as [string, ...unknown[]];
    const args = () => rest.map((r) => this.convert(r));
    const one = () => {
      if (rest.length !== 1) throw new Unreadable(`${head} takes one argument`);
      return this.convert(rest[0]);
    };
    switch (head) {
      case 'Error':
        throw new Unreadable('syntax error');
      case 'Delimiter':
        return this.delimiter(rest);
      case 'Add':
        return { type: 'add', args: this.flatten('add', args()) };
      case 'Subtract': {
        const [a, ...bs] = args();
        if (!a || bs.length === 0) throw new Unreadable('Subtract');
        return {
          type: 'add',
          args: this.flatten('add', [a, ...bs.map((b) => this.negated(b))]),
        };
      }
      case 'Negate':
        return { type: 'neg', arg: one() };
      case 'Multiply':
        return { type: 'mul', args: this.flatten('mul', args()) };
      case 'InvisibleOperator':
        return this.invisible(rest);
      case 'Divide':
      case 'Rational': {
        const [num, den] = args();
        if (!num || !den || rest.length !== 2) throw new Unreadable('Divide');
        return { type: 'div', num, den };
      }
      case 'Power': {
        const [base, exp] = args();
        if (!base || !exp || rest.length !== 2) throw new Unreadable('Power');
        return { type: 'pow', base, exp };
      }
      case 'Square':
        return { type: 'pow', base: one(), exp: { type: 'number', text: '2' } };
      case 'Sqrt':
        return { type: 'root', arg: one(), index: null };
      case 'Root': {
        const [arg, index] = args();
        if (!arg || !index) throw new Unreadable('Root');
        return { type: 'root', arg, index };
      }
      case 'Log': {
        const [arg, base] = args();
        if (!arg) throw new Unreadable('Log');
        return base
          ? { type: 'fn', name: 'log', args: [arg], base }
          : { type: 'fn', name: 'log', args: [arg] };
      }
      case 'Binomial': {
        const [n, k] = args();
        if (!n || !k || rest.length !== 2) throw new Unreadable('Binomial');
        return { type: 'fn', name: 'binom', args: [n, k] };
      }
      case 'Lb':
        return { type: 'fn', name: 'log', args: [one()], base: { type: 'number', text: '2' } };
      case 'Lg':
        return { type: 'fn', name: 'log', args: [one()] };
      case 'Measurement':
      case 'PlusMinus': {
        const [left, right] = args();
        if (!left || !right) throw new Unreadable('PlusMinus');
        const implicitZero = left.type === 'number' && left.text === '0';
        return { type: 'pm', left: implicitZero ? null : left, right };
      }
      case 'And':
        return { type: 'logic', op: 'and', args: args() };
      case 'Or':
        return { type: 'logic', op: 'or', args: args() };
      case 'Not':
        return { type: 'logic', op: 'not', args: [one()] };
      case 'Interval':
        return this.interval(rest);
      case 'Set':
        return { type: 'set', elements: args() };
      case 'List': {
        const items = args();
        if (this.hasCases) return { type: 'list', items };
        // [x + 1] alone is a bracket, not a list.
        return items.length === 1 ? this.group(items[0]!) : { type: 'list', items, delims: '[]' };
      }
      case 'Sequence':
        return { type: 'list', items: args() };
      case 'Block':
        // The rows of `cases` when one of them holds ∨ or a comma.
        if (this.hasCases) return { type: 'list', items: args() };
        throw new Unreadable('Block');
      case 'Element': {
        const [member, of] = args();
        if (!member || !of) throw new Unreadable('Element');
        return { type: 'element', member, of };
      }
      case 'Subscript': {
        const [base, sub] = rest.map(bare);
        if (typeof base === 'string' && (typeof sub === 'string' || typeof sub === 'number')) {
          return { type: 'symbol', name: `${base}_${sub}` };
        }
        throw new Unreadable('Subscript');
      }
      default: {
        const fn = FUNCTIONS[head];
        if (fn) return { type: 'fn', name: fn, args: [one()] };
        const rel = RELATIONS[head];
        if (rel) {
          const a = args();
          if (a.length < 2) throw new Unreadable(head);
          return { type: 'relation', op: rel, args: a };
        }
        throw new Unreadable(`unsupported ${head}`);
      }
    }
  }

  private symbol(name: string): Expr {
    const known = SYMBOLS[name];
    if (known) return structuredClone(known);
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Unreadable(`symbol ${name}`);
    return { type: 'symbol', name };
  }

  private delimiter(rest: unknown[]): Expr {
    const [wrapped, delims] = rest;
    const body = bare(wrapped);
    // MathJSON strings come as `"'(,)'"` or as `{str: "(,)"}`.
    const text =
      typeof delims === 'string'
        ? delims
        : delims && typeof delims === 'object' && typeof (delims as { str?: unknown }).str === 'string'
          ? (delims as { str: string }).str
          : undefined;
    const kind = text === undefined ? '()' : text.replace(/'/g, '');
    if (Array.isArray(body) && body[0] === 'Sequence') {
      const items = (body.slice(1) as unknown[]).map((r) => this.convert(r));
      if (items.length === 1 && kind !== ',') return this.group(items[0]!);
      const d = kind.startsWith('[') ? '[]' : kind.startsWith('(') ? '()' : '';
      return { type: 'list', items, delims: d };
    }
    if (body === undefined) throw new Unreadable('empty brackets');
    return this.group(this.convert(wrapped));
  }

  private group(e: Expr): Expr {
    this.grouped.add(e);
    return e;
  }

  /** Juxtaposition: a product, or a call when a declared function name meets brackets. */
  private invisible(rest: unknown[]): Expr {
    const items: Expr[] = [];
    for (let i = 0; i < rest.length; i++) {
      const wrapped = rest[i];
      const r = bare(wrapped);
      const next = bare(rest[i + 1]);
      const named = typeof r === 'string' ? OPERATOR_FUNCTIONS[r] : undefined;
      if (named && next !== undefined) {
        // \\operatorname{arccot}(x), or without brackets as \\sin x: the next factor.
        const inner =
          Array.isArray(next) && next[0] === 'Delimiter'
            ? this.delimiter(next.slice(1))
            : this.convert(rest[i + 1]);
        if (inner.type === 'list') throw new Unreadable(`${named} takes one argument`);
        items.push(this.spanning({ type: 'fn', name: named, args: [inner] }, wrapped, rest[i + 1]));
        i++;
        continue;
      }
      if (typeof r === 'string' && this.functions.has(r) && Array.isArray(next) && next[0] === 'Delimiter') {
        const inner = this.delimiter(next.slice(1));
        const call: Expr = { type: 'call', name: r, args: inner.type === 'list' ? inner.items : [inner] };
        items.push(this.spanning(call, wrapped, rest[i + 1]));
        i++;
        continue;
      }
      items.push(this.convert(wrapped));
    }
    if (items.length === 1) return items[0]!;
    return { type: 'mul', args: this.flatten('mul', items) };
  }

  private interval(rest: unknown[]): Expr {
    const [l, r] = rest;
    const open = (wrapped: unknown): [boolean, unknown] => {
      const x = bare(wrapped);
      return Array.isArray(x) && x[0] === 'Open'
        ? [true, x[1]]
        : Array.isArray(x) && x[0] === 'Closed'
          ? [false, x[1]]
          : [false, wrapped];
    };
    const [leftOpen, left] = open(l);
    const [rightOpen, right] = open(r);
    return { type: 'interval', left: this.convert(left), right: this.convert(right), leftOpen, rightOpen };
  }

  /** Absorbs ungrouped children of the same n-ary kind: a+(b)+c stays flat, a+(b+c) keeps its group. */
  private flatten(kind: 'add' | 'mul', args: Expr[]): Expr[] {
    return args.flatMap((a) => (a.type === kind && !this.grouped.has(a) ? a.args : [a]));
  }
}

/**
 * A node of compute-engine's output as it reads without the LaTeX it keeps (`preserveLatex`): a
 * symbol's name, a small number, a function's list.
 */
function bare(x: unknown): unknown {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return x;
  const o = x as Record<string, unknown>;
  if (typeof o.sym === 'string') return o.sym;
  if (Array.isArray(o.fn)) return o.fn;
  if (typeof o.num === 'string' && /^-?\d{1,15}$/.test(o.num)) return Number(o.num);
  return x;
}

function numberExpr(n: number): Expr {
  if (!Number.isFinite(n)) throw new Unreadable('number');
  if (n < 0 || Object.is(n, -0)) return { type: 'neg', arg: numberExpr(-n) };
  return numberText(Number.isInteger(n) && n < 1e21 ? BigInt(n).toString() : String(n));
}

function numberText(text: string): Expr {
  const t = text.trim();
  if (t.startsWith('-')) return { type: 'neg', arg: numberText(t.slice(1)) };
  const repeating = /^(\d+)\.(\d*)\((\d+)\)$/.exec(t);
  if (repeating) return repeatingDecimal(repeating[1]!, repeating[2]!, repeating[3]!);
  if (!/^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(t) && !/^\.\d+$/.test(t)) throw new Unreadable(`number ${t}`);
  return { type: 'number', text: t };
}
