import {
  BULK_REGISTRATION_MAX_ROWS,
  STUDENT_SPREADSHEET_MAX_CELLS,
  STUDENT_SPREADSHEET_MAX_ENTRIES,
  STUDENT_SPREADSHEET_MAX_UNPACKED_BYTES,
  type NewStudentRow,
} from '@kib/core';
import { AppError } from '../http/errors';
import { ParseLimitError, ParsersBusyError, type FileParsers } from '../parsing/file-parsers';

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

/** A spreadsheet past one of its limits: 413, naming the limit, on the file's field. */
const tooLarge = (key: string, params: Record<string, unknown>) =>
  new AppError(413, 'spreadsheet-too-large', { key, params }, { content: [{ key, params }] });

const MEGABYTE = 1024 * 1024;

/** What the spreadsheet worker answers (student-spreadsheet.worker.mjs). */
type WorkerOutcome =
  | { rows: NewStudentRow[] }
  | { refused: 'invalid' }
  | { refused: 'unpacked' | 'entries' | 'cells'; limit: number };

/** The worker that reads a spreadsheet, in a thread of the file parsers. */
const WORKER = new URL('./student-spreadsheet.worker.mjs', import.meta.url);

/**
 * The new-student rows of a spreadsheet, read in a thread of `parsers` (never on the event loop):
 * the first sheet, its first row skipped, columns 0–2 as first name, last name and e-mail; empty
 * rows dropped. Refused before anything is queued: a file that is not a spreadsheet or has no rows
 * (400 on `content`); one that unpacks past {@link STUDENT_SPREADSHEET_MAX_UNPACKED_BYTES}, holds
 * more files or cells than its limits, or more rows than a registration takes (413
 * `spreadsheet-too-large` naming the limit); one whose reading passes the parsers' time or memory
 * (422 `spreadsheet-too-complex` naming it); 503 `parsers-busy` when too many files wait already.
 */
export async function studentRows(parsers: FileParsers, bytes: Uint8Array): Promise<NewStudentRow[]> {
  const kind = spreadsheetKind(bytes);
  if (kind === null) throw refused('validation.spreadsheet-invalid');
  const limits = {
    maxUnpackedBytes: STUDENT_SPREADSHEET_MAX_UNPACKED_BYTES,
    maxEntries: STUDENT_SPREADSHEET_MAX_ENTRIES,
    maxRows: BULK_REGISTRATION_MAX_ROWS,
    maxCells: STUDENT_SPREADSHEET_MAX_CELLS,
  };
  let outcome: WorkerOutcome;
  try {
    outcome = await parsers.run<WorkerOutcome>(WORKER, { bytes, kind, limits });
  } catch (err) {
    if (err instanceof ParsersBusyError)
      throw new AppError(503, 'parsers-busy', undefined, undefined, { 'Retry-After': '10' });
    if (err instanceof ParseLimitError) {
      const key = err.limit === 'time' ? 'errors.spreadsheet-too-slow' : 'errors.spreadsheet-too-much-memory';
      const params = err.limit === 'time' ? { seconds: err.value / 1000 } : { megabytes: err.value };
      throw new AppError(422, 'spreadsheet-too-complex', { key, params }, { content: [{ key, params }] });
    }
    throw err;
  }
  if ('refused' in outcome) {
    switch (outcome.refused) {
      case 'invalid':
        throw refused('validation.spreadsheet-invalid');
      case 'unpacked':
        throw tooLarge('errors.spreadsheet-unpacked-too-large', { megabytes: outcome.limit / MEGABYTE });
      case 'entries':
        throw tooLarge('errors.spreadsheet-too-many-entries', { max: outcome.limit });
      case 'cells':
        throw tooLarge('errors.spreadsheet-too-many-cells', { max: outcome.limit });
    }
  }
  const { rows } = outcome;
  if (rows.length === 0) throw refused('validation.spreadsheet-empty');
  if (rows.length > BULK_REGISTRATION_MAX_ROWS)
    throw tooLarge('errors.spreadsheet-too-many-rows', { max: BULK_REGISTRATION_MAX_ROWS });
  return rows;
}
