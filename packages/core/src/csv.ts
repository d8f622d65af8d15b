/** One row of a table exported as a spreadsheet or CSV: text and number cells. */
export type CsvRow = readonly (string | number)[];

/**
 * One CSV cell: a text that a spreadsheet would read as a formula (it starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) gets a leading apostrophe; a cell with a quote, comma, semicolon
 * or line break is quoted, its quotes doubled. Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text: comma-separated, CRLF line ends, a BOM so spreadsheets read accents right. */
export function csvText(rows: readonly CsvRow[]): string {
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
