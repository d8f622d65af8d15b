import type { PublicTableSimpleData, TableAnswer, TableCellType, TableFeedback } from '@kib/core';

/** A position of the table: `row:column`. */
export type CellKey = `${number}:${number}`;

/** The key of the cell at row `r`, column `c`. */
export function cellKey(r: number, c: number): CellKey {
  return `${r}:${c}`;
}

/** One position of the table as shown: a cell of the data, or `empty` where the author put none. */
export interface GridCell {
  rIndex: number;
  cIndex: number;
  cellType: TableCellType | 'empty';
  cellContent: string;
}

/** The table as rows of cells, every position filled (`empty` where the data has no cell). */
export function buildGrid(data: PublicTableSimpleData): GridCell[][] {
  const byKey = new Map(data.tableData.map((cell) => [cellKey(cell.rIndex, cell.cIndex), cell]));
  return Array.from({ length: data.numRows }, (_, r) =>
    Array.from({ length: data.numColumns }, (_, c) => {
      const cell = byKey.get(cellKey(r, c));
      return cell
        ? { rIndex: r, cIndex: c, cellType: cell.cellType, cellContent: cell.cellContent }
        : { rIndex: r, cIndex: c, cellType: 'empty' as const, cellContent: '' };
    }),
  );
}

/** The positions of the answer cells (`mathAns`), row by row. */
export function answerCells(grid: GridCell[][]): GridCell[] {
  return grid.flat().filter((cell) => cell.cellType === 'mathAns');
}

/** What the student typed, by position, read from a saved answer (entries that are not text are skipped). */
export function entriesFromAnswer(value: unknown): Map<CellKey, string> {
  const entries = new Map<CellKey, string>();
  if (!Array.isArray(value)) return entries;
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { rIndex, cIndex, cellAns } = item as Record<string, unknown>;
    if (Number.isInteger(rIndex) && Number.isInteger(cIndex) && typeof cellAns === 'string') {
      entries.set(cellKey(rIndex as number, cIndex as number), cellAns);
    }
  }
  return entries;
}

/**
 * The table console's answer (spec 02 §3, §5): one `{rIndex, cIndex, cellAns}` per answer cell the
 * student filled, row by row; blank cells and positions that are not answer cells are left out.
 */
export function buildTableAnswer(grid: GridCell[][], entries: ReadonlyMap<CellKey, string>): TableAnswer {
  return answerCells(grid).flatMap((cell) => {
    const text = (entries.get(cellKey(cell.rIndex, cell.cIndex)) ?? '').trim();
    return text === '' ? [] : [{ rIndex: cell.rIndex, cIndex: cell.cIndex, cellAns: text }];
  });
}

/** The header cells that name a cell: the nearest `headerText` above it and the nearest to its left. */
export function cellHeaders(
  grid: GridCell[][],
  r: number,
  c: number,
): { column: GridCell | null; row: GridCell | null } {
  let column: GridCell | null = null;
  for (let rr = r - 1; rr >= 0 && !column; rr--) {
    const cell = grid[rr]?.[c];
    if (cell?.cellType === 'headerText') column = cell;
  }
  let row: GridCell | null = null;
  for (let cc = c - 1; cc >= 0 && !row; cc--) {
    const cell = grid[r]?.[cc];
    if (cell?.cellType === 'headerText') row = cell;
  }
  return { column, row };
}

/** How a header cell labels its table: the first row's headers label columns, the first column's rows. */
export function headerScope(cell: GridCell): 'col' | 'row' {
  return cell.rIndex === 0 || cell.cIndex !== 0 ? 'col' : 'row';
}

/** The mark of one answer cell after a check. */
export type CellMark = 'correct' | 'wrong' | 'blank';

/** The marks of the checked cells by position. */
export function marksFromFeedback(feedback: TableFeedback | null | undefined): Map<CellKey, CellMark> {
  const marks = new Map<CellKey, CellMark>();
  for (const entry of feedback ?? []) {
    const mark: CellMark = entry.correct ? 'correct' : entry.complete ? 'wrong' : 'blank';
    marks.set(cellKey(entry.rIndex, entry.cIndex), mark);
  }
  return marks;
}

/** Right and total answer cells of a check; the table is right when every cell is. */
export function feedbackSummary(feedback: TableFeedback): {
  correct: number;
  total: number;
  allCorrect: boolean;
} {
  const correct = feedback.filter((entry) => entry.correct && entry.complete).length;
  return { correct, total: feedback.length, allCorrect: feedback.length > 0 && correct === feedback.length };
}

/**
 * The answer cell reached from `from` with the up or down arrow: the nearest answer cell in the same
 * column in that direction, or none.
 */
export function verticalNeighbour(grid: GridCell[][], from: GridCell, direction: -1 | 1): GridCell | null {
  for (let r = from.rIndex + direction; r >= 0 && r < grid.length; r += direction) {
    const cell = grid[r]?.[from.cIndex];
    if (cell?.cellType === 'mathAns') return cell;
  }
  return null;
}
