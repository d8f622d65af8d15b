import { LIMITS, type ExpressionList, type LineFeedback, type TextAnswer } from '@kib/core';
import type { TextCheckResult } from '@kib/checker';
// The list alone, not the package index: the rest of the checker stays a lazy chunk of the bundle.
import { FUNCTION_NAMES } from '@kib/checker/function-names';

/** One line of the console as the editor keeps it: the answer line plus its key and its marks. */
export interface EditorLine {
  /** Stable React key; never sent with the answer. */
  key: string;
  /** The line's LaTeX. */
  math: string;
  /** The solution branch the line belongs to (spec 01: answer line solNum). */
  solNum: number;
  /** The checker's verdict on this line; null while untouched or after an edit. */
  feedback: LineFeedback | null;
  /** The wrong part is coloured until the line is focused again. */
  highlighted: boolean;
}

/** What a line shows beside it: nothing, a smile (correct) or a wrong marker with feedback. */
export type LineMark = 'none' | 'correct' | 'wrong';

/** Most lines an answer may have (the answer schema's bound). */
export const MAX_LINES = LIMITS.answerLinesMaxItems;

/** A fresh empty line of the given branch. */
export function emptyLine(key: string, solNum = 0): EditorLine {
  return { key, math: '', solNum, feedback: null, highlighted: false };
}

/** The mark a line shows: none for a line without a verdict, or one the checker left neutral (an empty line). */
export function lineMark(line: EditorLine): LineMark {
  if (!line.feedback || line.feedback.neutral) return 'none';
  return line.feedback.correct ? 'correct' : 'wrong';
}

/** The editor lines of an answer (a saved answer or none: one empty line). */
export function linesFromAnswer(answer: TextAnswer | null | undefined, newKey: () => string): EditorLine[] {
  if (!answer || answer.length === 0) return [emptyLine(newKey())];
  return answer.slice(0, MAX_LINES).map((line) => ({
    key: newKey(),
    math: line.math,
    solNum: line.solNum ?? 0,
    feedback: null,
    highlighted: false,
  }));
}

/** The answer the console reports: every line's LaTeX and solution number, in order. */
export function toAnswer(lines: readonly EditorLine[]): TextAnswer {
  return lines.map((line) => ({ math: line.math, solNum: line.solNum }));
}

/** True when two answers have the same lines (a missing solNum counts as 0). */
export function sameAnswer(a: TextAnswer, b: TextAnswer): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => line.math === b[i]?.math && (line.solNum ?? 0) === (b[i]?.solNum ?? 0))
  );
}

/**
 * Follows a `value` given by the parent. An echo of the current lines changes nothing; otherwise
 * lines are matched by position: a line keeps its key (so its field stays mounted and focused) and
 * its marks when its text is unchanged; changed or new lines are untouched.
 */
export function syncFromValue(
  lines: readonly EditorLine[],
  value: TextAnswer | null | undefined,
  newKey: () => string,
): EditorLine[] {
  const target = value && value.length > 0 ? value.slice(0, MAX_LINES) : [{ math: '', solNum: 0 }];
  if (sameAnswer(toAnswer(lines), target)) return lines as EditorLine[];
  return target.map((answerLine, i) => {
    const solNum = answerLine.solNum ?? 0;
    const current = lines[i];
    if (!current) return { ...emptyLine(newKey(), solNum), math: answerLine.math };
    if (current.math === answerLine.math && current.solNum === solNum) return current;
    return { ...current, math: answerLine.math, solNum, feedback: null, highlighted: false };
  });
}

/**
 * Puts the checker's verdicts on the lines, line i getting `result.lines[i]`; a wrong line with a
 * located part is highlighted. `null` clears every mark.
 */
export function applyFeedback(
  lines: readonly EditorLine[],
  result: TextCheckResult | null | undefined,
): EditorLine[] {
  return lines.map((line, i) => {
    const feedback = result?.lines[i] ?? null;
    return {
      ...line,
      feedback,
      highlighted:
        !!feedback && !feedback.correct && rangeInLine(line.math, feedback.highlightRange) !== null,
    };
  });
}

/** Replaces line `index`'s LaTeX; an edit clears the line's mark, feedback and highlight. */
export function editLine(lines: readonly EditorLine[], index: number, math: string): EditorLine[] {
  return lines.map((line, i) => (i === index ? { ...line, math, feedback: null, highlighted: false } : line));
}

/** Stops colouring the wrong part of line `index` (it was focused again). */
export function clearHighlight(lines: readonly EditorLine[], index: number): EditorLine[] {
  if (!lines[index]?.highlighted) return lines as EditorLine[];
  return lines.map((line, i) => (i === index ? { ...line, highlighted: false } : line));
}

/**
 * Enter: a new empty line right after line `index`, in the same solution. Returns null when the
 * answer already has {@link MAX_LINES} lines.
 */
export function insertLineAfter(
  lines: readonly EditorLine[],
  index: number,
  key: string,
): EditorLine[] | null {
  if (lines.length >= MAX_LINES) return null;
  const at = Math.min(Math.max(index, 0), lines.length - 1);
  const next = [...lines];
  next.splice(at + 1, 0, emptyLine(key, lines[at]?.solNum ?? 0));
  return next;
}

/** Shift+Enter (and the add button): a new empty line at the end, in the last line's solution. */
export function appendLine(lines: readonly EditorLine[], key: string): EditorLine[] | null {
  if (lines.length >= MAX_LINES) return null;
  return [...lines, emptyLine(key, lines[lines.length - 1]?.solNum ?? 0)];
}

/**
 * Removes line `index` and says which line takes the focus (the previous one, or the new first
 * line). Returns null for the last remaining line: the answer always keeps one line.
 */
export function removeLine(
  lines: readonly EditorLine[],
  index: number,
): { lines: EditorLine[]; focusIndex: number } | null {
  if (lines.length <= 1 || index < 0 || index >= lines.length) return null;
  const next = lines.filter((_, i) => i !== index);
  return { lines: next, focusIndex: Math.max(0, index - 1) };
}

/** What a Backspace on line `index` does, given the line armed by a previous Backspace. */
export type BackspaceAction =
  /** The line has text: Backspace edits it. */
  | 'edit'
  /** First press on an empty line: the next press removes it. */
  | 'arm'
  /** Second press on the same empty line: remove it. */
  | 'remove'
  /** The line is the only one: it is never removed. */
  | 'keep-last';

/** Backspace on an empty line pressed twice removes it, but never the last remaining line. */
export function backspaceAction(
  lines: readonly EditorLine[],
  index: number,
  armedKey: string | null,
): BackspaceAction {
  const line = lines[index];
  if (!line || line.math.trim() !== '') return 'edit';
  if (lines.length <= 1) return 'keep-last';
  return armedKey === line.key ? 'remove' : 'arm';
}

/** True when line `index` starts a new solution (its branch differs from the line above). */
export function startsSolution(lines: readonly EditorLine[], index: number): boolean {
  const line = lines[index];
  const previous = lines[index - 1];
  return !!line && !!previous && line.solNum !== previous.solNum;
}

/** Solution numbers renumbered 0, 1, 2… in order of first appearance (grouping unchanged). */
function compactSolutions(lines: EditorLine[]): EditorLine[] {
  const order = new Map<number, number>();
  for (const line of lines) if (!order.has(line.solNum)) order.set(line.solNum, order.size);
  return lines.map((line) => {
    const solNum = order.get(line.solNum) ?? 0;
    return solNum === line.solNum ? line : { ...line, solNum };
  });
}

/**
 * Marks line `index` (and the lines after it in the same branch) as the start of another solution,
 * or joins them back to the solution of the line above. The first line always starts solution 0.
 * Marks stay: the lines' text is unchanged (the answer changes, and is checked again anyway).
 */
export function setStartsSolution(lines: readonly EditorLine[], index: number, start: boolean): EditorLine[] {
  const line = lines[index];
  const previous = lines[index - 1];
  if (!line || !previous || startsSolution(lines, index) === start) return lines as EditorLine[];
  const from = line.solNum;
  const to = start ? Math.max(...lines.map((l) => l.solNum)) + 1 : previous.solNum;
  const next = [...lines];
  for (let i = index; i < next.length && next[i]!.solNum === from; i++) next[i] = { ...next[i]!, solNum: to };
  return compactSolutions(next);
}

/** The 1-based number of the solution line `index` belongs to, counting branches top to bottom. */
export function solutionOrdinal(lines: readonly EditorLine[], index: number): number {
  const seen: number[] = [];
  for (const line of lines.slice(0, index + 1)) if (!seen.includes(line.solNum)) seen.push(line.solNum);
  return seen.indexOf(lines[index]?.solNum ?? 0) + 1;
}

// ---------------------------------------------------------------------------------------------
// Boxing the wrong part of a line (the checker gives its range in the line's own LaTeX).
// ---------------------------------------------------------------------------------------------

/**
 * The part of a line's LaTeX a range covers, when it is one whole group: inside the line, and its
 * braces and `\left`…`\right` pairs balance without closing what opened before it.
 */
export function rangeInLine(
  latex: string,
  range: readonly [number, number] | undefined,
): { start: number; end: number } | null {
  if (!range) return null;
  const [start, end] = range;
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= latex.length))
    return null;
  // Never from the middle of a command (\frac) or a number.
  if (/[A-Za-z]/.test(latex[start] ?? '') && /\\[A-Za-z]*$/.test(latex.slice(0, start))) return null;
  if (/[0-9]/.test(latex[start - 1] ?? '') && /[0-9.]/.test(latex[start] ?? '')) return null;
  if (/[0-9.]/.test(latex[end - 1] ?? '') && /[0-9]/.test(latex[end] ?? '')) return null;
  const part = latex.slice(start, end);
  let braces = 0;
  let delimiters = 0;
  for (const m of part.matchAll(/\\left(?![A-Za-z])|\\right(?![A-Za-z])|\\.|[{}]/g)) {
    const t = m[0];
    if (t === '{') braces++;
    else if (t === '}') braces--;
    else if (t === '\\left') delimiters++;
    else if (t === '\\right') delimiters--;
    if (braces < 0 || delimiters < 0) return null;
  }
  return braces === 0 && delimiters === 0 ? { start, end } : null;
}

/** The name MathLive's background colour map gives the highlight colour. */
export const HIGHLIGHT_COLOR = 'kibhighlight';

/**
 * The line's LaTeX with the part in `range` boxed (background colour and a dashed border, so it is
 * not marked by colour alone), or null when the range is not a whole part of the line.
 */
export function highlightedLatex(latex: string, range: readonly [number, number] | undefined): string | null {
  const r = rangeInLine(latex, range);
  if (!r) return null;
  const before = latex.slice(0, r.start);
  const box = `\\bbox[${HIGHLIGHT_COLOR},border:2px dashed]{${latex.slice(r.start, r.end)}}`;
  // After an operator the box stands alone; elsewhere it may be an argument (x^2, \sqrt2, \frac1x)
  // and needs braces to stay one (braces would also make MathLive space a binary + as unary).
  const free = /(^|[+\-=<>(,[]|\\(?:cdot|times|div|le|ge|ne|pm|left\(|left\[))\s*$/.test(before);
  return `${before}${free ? box : `{${box}}`}${latex.slice(r.end)}`;
}

/** What a line's math field shows: its LaTeX, with the wrong part boxed while highlighted. */
export function displayedLatex(line: EditorLine): string {
  if (!line.highlighted) return line.math;
  return highlightedLatex(line.math, line.feedback?.highlightRange) ?? line.math;
}

// ---------------------------------------------------------------------------------------------
// Configuring the math field from the console data.
// ---------------------------------------------------------------------------------------------

/** The symbol lists of the console data that the math field can use (all optional). */
export interface SymbolLists {
  unknownVariable?: string;
  definedSymbols?: ExpressionList;
  constant?: ExpressionList;
  units?: ExpressionList;
  functions?: ExpressionList;
  xSymbol?: string;
  ySymbol?: string;
  mSymbol?: string;
  bSymbol?: string;
}

/**
 * Letter-only inline shortcuts kept: Greek letters (but the two-letter ξ, μ, ν), √, π, ∞ and the
 * functions the checker reads. MathLive's other letter shortcuts (`xx` → ×, `in` → ∈, `xi` → ξ,
 * `cm`, `ch`, `mi`…) would turn a product of single-letter symbols into something else.
 */
const KEPT_LETTER_SHORTCUTS = new Set([
  'alpha',
  'beta',
  'gamma',
  'Gamma',
  'delta',
  'Delta',
  'epsilon',
  'varepsilon',
  'zeta',
  'eta',
  'theta',
  'Theta',
  'vartheta',
  'iota',
  'kappa',
  'lambda',
  'Lambda',
  'pi',
  'Pi',
  'rho',
  'sigma',
  'Sigma',
  'tau',
  'upsilon',
  'phi',
  'Phi',
  'varphi',
  'chi',
  'psi',
  'Psi',
  'omega',
  'Omega',
  'infty',
  'sqrt',
  ...FUNCTION_NAMES,
]);

const NAME_PATTERN = /^\s*(?:\\(?:operatorname|mathrm|text|textrm)\s*\{\s*([A-Za-z]+)\s*\}|([A-Za-z]+))/;

/** The single letters and the multi-letter names (with the LaTeX to type for them) of the data. */
export function symbolNames(lists: SymbolLists): { letters: Set<string>; names: Map<string, string> } {
  const letters = new Set<string>();
  const names = new Map<string, string>();
  const add = (latex: string | undefined, kind: 'symbol' | 'unit' | 'function') => {
    const m = latex ? NAME_PATTERN.exec(latex) : null;
    if (!m) return;
    const wrapped = m[1];
    const plain = m[2] ?? '';
    // Plain letters are single-letter symbols (as the checker reads them); units are words.
    const name = wrapped ?? (kind === 'unit' ? plain : undefined);
    // Typed as \mathrm{…}: MathLive keeps it so, and the checker reads it as one name.
    if (name && name.length > 1) names.set(name, `\\mathrm{${name}}`);
    else if (name) letters.add(name);
    else if (kind === 'function') letters.add(plain.charAt(0));
    else for (const letter of plain) letters.add(letter);
  };
  for (const variable of (lists.unknownVariable ?? '').split(/[\s,;]+/)) add(variable, 'symbol');
  for (const s of [lists.xSymbol, lists.ySymbol, lists.mSymbol, lists.bSymbol]) add(s, 'symbol');
  for (const item of lists.definedSymbols ?? []) add(item.latex, 'symbol');
  for (const item of lists.constant ?? []) add(item.latex, 'symbol');
  for (const item of lists.units ?? []) add(item.latex, 'unit');
  for (const item of lists.functions ?? []) add(item.latex, 'function');
  return { letters, names };
}

/**
 * The inline shortcuts of a line's math field: MathLive's defaults without the letter shortcuts
 * that clash with products of symbols (and without any spelled by the problem's own single-letter
 * symbols, so `xi` stays x·i when x and i are symbols), plus the problem's multi-letter names
 * (`area` → `\mathrm{area}`, unit `cm` → `\mathrm{cm}`), and `sen` for sine in Spanish.
 */
export function inlineShortcutsFor<T>(
  defaults: Readonly<Record<string, T>>,
  lists: SymbolLists,
  lang: string,
): Record<string, T | string> {
  const { letters, names } = symbolNames(lists);
  const spelledBySymbols = (word: string) => [...word].every((c) => letters.has(c));
  const out: Record<string, T | string> = {};
  for (const [trigger, definition] of Object.entries(defaults)) {
    if (/^[A-Za-z]+$/.test(trigger) && (!KEPT_LETTER_SHORTCUTS.has(trigger) || spelledBySymbols(trigger)))
      continue;
    out[trigger] = definition;
  }
  if (lang === 'es' && !spelledBySymbols('sen')) out.sen = '\\sin';
  for (const [name, latex] of names) out[name] = latex;
  return out;
}

// ---------------------------------------------------------------------------------------------
// MathLive's fonts, declared in the document (a shadow root cannot declare fonts).
// ---------------------------------------------------------------------------------------------

/** One `@font-face` rule: family, source URL and descriptors. */
export interface FontFaceRule {
  family: string;
  url: string;
  style: string;
  weight: string;
}

/** Reads the `@font-face` rules of a stylesheet (MathLive's fonts.css, as the bundler rewrote it). */
export function fontFacesFromCss(css: string): FontFaceRule[] {
  const rules: FontFaceRule[] = [];
  for (const match of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const body = match[1] ?? '';
    const read = (name: string) => new RegExp(`${name}\\s*:\\s*([^;]+)`).exec(body)?.[1]?.trim();
    const family = read('font-family')?.replace(/^["']|["']$/g, '');
    const url = /url\(\s*(["']?)([^"')]+)\1\s*\)/.exec(body)?.[2];
    if (!family || !url) continue;
    rules.push({ family, url, style: read('font-style') ?? 'normal', weight: read('font-weight') ?? '400' });
  }
  return rules;
}
