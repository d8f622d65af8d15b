import type {
  PrimeDecompositionAnswer,
  PrimeDecompositionCell,
  PrimeDecompositionCellType,
  PrimeDecompositionType,
} from '@kib/core';

/**
 * The division table as rows of text (spec 02 §4 "Factor-decomposition exercise flow"): each row
 * holds the k numbers, then the prime divisor chosen for it. Row 0 holds the given numbers.
 */
export type PrimeRows = string[][];

/** A position of the table: `row:column`. */
export type PrimeCellKey = `${number}:${number}`;

/** The key of the cell at row `r`, column `c`. */
export function primeCellKey(r: number, c: number): PrimeCellKey {
  return `${r}:${c}`;
}

/** The most digits a cell takes: the checker reads integers up to 9 999 999 999 999. */
export const MAX_CELL_DIGITS = 13;

/** Rows the answer schema admits for k numbers (rIndex ≤ 200, at most 2000 cells). */
export function maxRows(k: number): number {
  return Math.min(201, Math.floor(2000 / (k + 1)));
}

/** The table before the student writes anything: the given numbers and an empty divisor. */
export function initialRows(numbers: readonly string[]): PrimeRows {
  return [[...numbers, '']];
}

/**
 * The kind of a cell, as the checker's protocol names it: the given numbers are `fixedMath`, every
 * cell of the last row `LastMath`, the rest `Math`.
 */
export function primeCellType(r: number, c: number, rowCount: number, k: number): PrimeDecompositionCellType {
  if (r === 0 && c < k) return 'fixedMath';
  return r === rowCount - 1 ? 'LastMath' : 'Math';
}

/** True when the cell holds one of the given numbers and cannot be edited (spec 02 §5). */
export function isFixedCell(r: number, c: number, k: number): boolean {
  return r === 0 && c < k;
}

/**
 * Reads a saved answer back into rows: as many rows as its highest row index (within the limit),
 * each cell's text where it has one; the given numbers always come from the console data.
 */
export function rowsFromAnswer(value: unknown, numbers: readonly string[]): PrimeRows {
  const k = numbers.length;
  const table =
    typeof value === 'object' && value !== null ? (value as { table?: unknown }).table : undefined;
  if (!Array.isArray(table)) return initialRows(numbers);
  const cells = (table as unknown[]).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const { rIndex, cIndex, cellContent } = item as Record<string, unknown>;
    if (!Number.isInteger(rIndex) || !Number.isInteger(cIndex) || typeof cellContent !== 'string') return [];
    const r = rIndex as number;
    const c = cIndex as number;
    return r >= 0 && r < maxRows(k) && c >= 0 && c <= k ? [{ r, c, text: cellContent }] : [];
  });
  const count = Math.max(1, ...cells.map((cell) => cell.r + 1));
  const rows: PrimeRows = Array.from({ length: count }, () => Array.from({ length: k + 1 }, () => ''));
  for (const { r, c, text } of cells) rows[r]![c] = text;
  rows[0] = [...numbers, rows[0]![k] ?? ''];
  return rows;
}

/** The final answer text of a saved answer, or ''. */
export function mathTextFromAnswer(value: unknown): string {
  const text = typeof value === 'object' && value !== null ? (value as { mathText?: unknown }).mathText : '';
  return typeof text === 'string' ? text : '';
}

/** The console's answer (spec 02 §3): every cell of the table, row by row, and the final answer. */
export function buildPrimeAnswer(rows: PrimeRows, mathText: string): PrimeDecompositionAnswer {
  const k = (rows[0]?.length ?? 1) - 1;
  const table: PrimeDecompositionCell[] = rows.flatMap((row, r) =>
    row.map((cellContent, c) => ({
      rIndex: r,
      cIndex: c,
      cellType: primeCellType(r, c, rows.length, k),
      cellContent,
    })),
  );
  return { table, mathText };
}

/** The table with an empty row inserted below row `r`; unchanged at the row limit. */
export function addRowBelow(rows: PrimeRows, r: number): PrimeRows {
  const k = (rows[0]?.length ?? 1) - 1;
  if (rows.length >= maxRows(k) || r < 0 || r >= rows.length) return rows;
  const empty = Array.from({ length: k + 1 }, () => '');
  return [...rows.slice(0, r + 1), empty, ...rows.slice(r + 1)];
}

/**
 * Whether row `r` may be deleted (spec 02 §5): only while the table has more cells than columns,
 * and never the row of the given numbers.
 */
export function canDeleteRow(rows: PrimeRows, r: number): boolean {
  const columns = rows[0]?.length ?? 0;
  const cells = rows.reduce((sum, row) => sum + row.length, 0);
  return cells > columns && r > 0 && r < rows.length;
}

/** The table without row `r`, when it may be deleted; unchanged otherwise. */
export function deleteRow(rows: PrimeRows, r: number): PrimeRows {
  return canDeleteRow(rows, r) ? rows.filter((_, i) => i !== r) : rows;
}

/** The table with one cell changed; the given numbers never change. */
export function setCell(rows: PrimeRows, r: number, c: number, text: string): PrimeRows {
  const k = (rows[0]?.length ?? 1) - 1;
  if (isFixedCell(r, c, k) || !rows[r] || c < 0 || c > k) return rows;
  return rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? text : cell)) : row));
}

/** Why typed text was refused: it had something other than digits, or too many digits. */
export type DigitsRejection = 'not-a-digit' | 'too-long' | null;

/**
 * Keeps what a cell may hold (spec 02 §5: numeric text only): the digits of `text`, at most
 * MAX_CELL_DIGITS of them, and says what was refused.
 */
export function digitsOnly(text: string): { value: string; rejected: DigitsRejection } {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits.length > MAX_CELL_DIGITS)
    return { value: digits.slice(0, MAX_CELL_DIGITS), rejected: 'too-long' };
  return { value: digits, rejected: digits.length === text.length ? null : 'not-a-digit' };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Whether the table reads as finished, so the final answer is asked for: the last row's numbers are
 * all written and are all 1 (Decomp, LCM) or have no common factor (GCD). It says nothing about
 * whether the divisions are right; the checker does.
 */
export function isDecompositionComplete(rows: PrimeRows, type: PrimeDecompositionType): boolean {
  const last = rows[rows.length - 1];
  if (!last) return false;
  const numbers = last.slice(0, -1);
  if (numbers.length === 0 || numbers.some((n) => !/^\d+$/.test(n))) return false;
  const values = numbers.map(Number);
  return type === 'GCD' ? values.reduce(gcd) === 1 : values.every((n) => n === 1);
}

/** The final answer as LaTeX to preview: products typed with `*`, `·` or `×` shown with a centred dot. */
export function previewLatex(mathText: string): string {
  return mathText.replace(/\*|·|×/g, '\\cdot ');
}
