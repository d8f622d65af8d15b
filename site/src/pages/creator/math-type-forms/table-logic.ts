import { LIMITS, type MathTypeDataOf, type TableCell, type TableCellType } from '@kib/core';

/** A tableSimple record. */
export type TableRecord = MathTypeDataOf<'tableSimple'>;

/** The cell at (r, c), or an empty text cell when the record has none there. */
export function cellAt(table: TableRecord, rIndex: number, cIndex: number): TableCell {
  return (
    table.tableData.find((cell) => cell.rIndex === rIndex && cell.cIndex === cIndex) ?? {
      rIndex,
      cIndex,
      cellType: 'text',
      cellContent: '',
    }
  );
}

/** The index in `tableData` of the cell at (r, c), or -1. */
export function cellIndex(table: TableRecord, rIndex: number, cIndex: number): number {
  return table.tableData.findIndex((cell) => cell.rIndex === rIndex && cell.cIndex === cIndex);
}

const byPosition = (a: TableCell, b: TableCell) => a.rIndex - b.rIndex || a.cIndex - b.cIndex;

/** Every cell of the table in row then column order, the missing ones as empty text cells. */
function fullGrid(table: TableRecord): TableCell[] {
  const cells: TableCell[] = [];
  for (let r = 0; r < table.numRows; r++)
    for (let c = 0; c < table.numColumns; c++) cells.push({ ...cellAt(table, r, c) });
  return cells;
}

/** The table with the cell at (r, c) changed; a cell the record lacked is added in its place. */
export function setCell(
  table: TableRecord,
  rIndex: number,
  cIndex: number,
  patch: Partial<Pick<TableCell, 'cellType' | 'cellContent'>>,
): TableRecord {
  const index = cellIndex(table, rIndex, cIndex);
  if (index >= 0) {
    return {
      ...table,
      tableData: table.tableData.map((cell, i) => (i === index ? { ...cell, ...patch } : cell)),
    };
  }
  const added: TableCell = { ...cellAt(table, rIndex, cIndex), ...patch };
  return { ...table, tableData: [...table.tableData, added].sort(byPosition) };
}

/** The type of a new cell copied from its neighbour: headers stay headers only along row 0. */
function copiedType(type: TableCellType, keepHeader: boolean): TableCellType {
  return type === 'headerText' && !keepHeader ? 'text' : type;
}

/** The table with a row added at the bottom, its cell types those of the last row (headers as text). */
export function addRow(table: TableRecord): TableRecord {
  if (table.numRows >= LIMITS.tableMaxSize) return table;
  const last = table.numRows - 1;
  const added = Array.from({ length: table.numColumns }, (_, c): TableCell => ({
    rIndex: table.numRows,
    cIndex: c,
    cellType: copiedType(cellAt(table, last, c).cellType, false),
    cellContent: '',
  }));
  return { ...table, numRows: table.numRows + 1, tableData: [...fullGrid(table), ...added] };
}

/** The table with a column added at the right, its cell types those of the last column. */
export function addColumn(table: TableRecord): TableRecord {
  if (table.numColumns >= LIMITS.tableMaxSize) return table;
  const last = table.numColumns - 1;
  const added = Array.from({ length: table.numRows }, (_, r): TableCell => ({
    rIndex: r,
    cIndex: table.numColumns,
    cellType: cellAt(table, r, last).cellType,
    cellContent: '',
  }));
  return {
    ...table,
    numColumns: table.numColumns + 1,
    tableData: [...fullGrid(table), ...added].sort(byPosition),
  };
}

/** The table without row r, the rows below moved up; ignored (the same table) when only one row remains. */
export function deleteRow(table: TableRecord, rIndex: number): TableRecord {
  if (table.numRows <= 1 || rIndex < 0 || rIndex >= table.numRows) return table;
  return {
    ...table,
    numRows: table.numRows - 1,
    tableData: table.tableData
      .filter((cell) => cell.rIndex !== rIndex)
      .map((cell) => (cell.rIndex > rIndex ? { ...cell, rIndex: cell.rIndex - 1 } : cell)),
  };
}

/** The table without column c, the columns after it moved left; ignored when only one column remains. */
export function deleteColumn(table: TableRecord, cIndex: number): TableRecord {
  if (table.numColumns <= 1 || cIndex < 0 || cIndex >= table.numColumns) return table;
  return {
    ...table,
    numColumns: table.numColumns - 1,
    tableData: table.tableData
      .filter((cell) => cell.cIndex !== cIndex)
      .map((cell) => (cell.cIndex > cIndex ? { ...cell, cIndex: cell.cIndex - 1 } : cell)),
  };
}
