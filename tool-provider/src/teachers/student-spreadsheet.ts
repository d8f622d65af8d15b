import * as XLSX from '@e965/xlsx';
import { BULK_REGISTRATION_MAX_ROWS, type NewStudentRow } from '@kib/core';
import { AppError } from '../http/errors';

/** The first bytes of a zip archive (.xlsx, .ods) and of a compound document (.xls). */
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** What kind of file the bytes are, by their content (never by a name or a type the client gave). */
export function spreadsheetKind(bytes: Uint8Array): 'zip' | 'compound' | 'text' | null {
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, COMPOUND)) return 'compound';
  // CSV: UTF-8 text without NUL or other control bytes than tab, line feed and carriage return.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  return 'text';
}

const refused = (key: string, params?: Record<string, unknown>) =>
  AppError.badRequest({ content: [{ key, params }] });

/**
 * The new-student rows of a spreadsheet: the first sheet, its first row skipped, columns 0–2 as
 * first name, last name and e-mail; empty rows dropped. A file that is not a spreadsheet, or one
 * with more rows than a bulk registration takes, is a 400 on `content`.
 */
export function studentRows(bytes: Uint8Array): NewStudentRow[] {
  const kind = spreadsheetKind(bytes);
  if (kind === null) throw refused('validation.spreadsheet-invalid');
  // Rows past the most a registration takes (plus the headings and one to tell) are never read.
  const bounds = { dense: true, sheetRows: BULK_REGISTRATION_MAX_ROWS + 2 } as const;
  let book: XLSX.WorkBook;
  try {
    book =
      kind === 'text'
        ? XLSX.read(new TextDecoder().decode(bytes), { ...bounds, type: 'string', raw: true })
        : XLSX.read(bytes, { ...bounds, type: 'array', cellFormula: false, cellHTML: false });
  } catch {
    throw refused('validation.spreadsheet-invalid');
  }
  const sheet = book.SheetNames[0] === undefined ? undefined : book.Sheets[book.SheetNames[0]];
  if (!sheet) throw refused('validation.spreadsheet-invalid');
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: '',
    blankrows: false,
  });
  const text = (cell: unknown) => (cell === undefined || cell === null ? '' : String(cell).trim());
  const rows = table
    .slice(1)
    .map((cells) => ({ firstName: text(cells[0]), lastName: text(cells[1]), email: text(cells[2]) }))
    .filter((row) => row.firstName || row.lastName || row.email);
  if (rows.length === 0) throw refused('validation.spreadsheet-empty');
  if (rows.length > BULK_REGISTRATION_MAX_ROWS)
    throw refused('validation.too-many', { max: BULK_REGISTRATION_MAX_ROWS });
  return rows;
}
