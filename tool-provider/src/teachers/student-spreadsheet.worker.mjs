// Reads a spreadsheet of new students in a worker thread of the file parsers' pool (parsing/file-parsers.ts),
// never on the event loop that answers requests: a hostile file costs this thread its time and
// memory, both bounded by the pool, and nothing else. Plain JavaScript: a worker thread runs without
// the TypeScript loader of its parent (vitest, tsx). student-spreadsheet.ts sends the task and reads
// the outcome below.
import * as XLSX from '@e965/xlsx';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/**
 * @typedef {{ maxUnpackedBytes: number, maxEntries: number, maxRows: number, maxCells: number }} Limits
 * @typedef {{ bytes: Uint8Array, kind: 'zip' | 'compound' | 'text', limits: Limits }} Task
 * @typedef {{ firstName: string, lastName: string, email: string }} Row
 * @typedef {{ rows: Row[] }
 *   | { refused: 'invalid' }
 *   | { refused: 'unpacked', limit: number }
 *   | { refused: 'entries', limit: number }
 *   | { refused: 'cells', limit: number }} Outcome
 */

/** Thrown out of the zip directory's walk when the archive passes a limit; never escapes this file. */
class OverLimit {
  /** @param {Outcome} outcome */
  constructor(outcome) {
    this.outcome = outcome;
  }
}

/** How much of the archive is inflated at a time: a chunk inflates to a few megabytes at most. */
const CHUNK_BYTES = 4096;

/**
 * Whether the archive unpacks to more than the limits allow: first by what its directory declares
 * (a zip "bomb", a few hundred kilobytes that unpack to gigabytes, is refused before anything is
 * inflated), then by inflating it chunk by chunk and counting, so an archive that lies about its
 * sizes is stopped as soon as it passes the limit, the bytes discarded as they come.
 * @param {Uint8Array} bytes
 * @param {Limits} limits
 * @returns {Outcome | null}
 */
function zipOverLimit(bytes, limits) {
  const unpackedOver = () => new OverLimit({ refused: 'unpacked', limit: limits.maxUnpackedBytes });
  let declared = 0;
  let entries = 0;
  let inflated = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        entries += 1;
        declared += file.originalSize;
        if (entries > limits.maxEntries)
          throw new OverLimit({ refused: 'entries', limit: limits.maxEntries });
        if (declared > limits.maxUnpackedBytes) throw unpackedOver();
        // Only the directory is read here.
        return false;
      },
    });
    /** @type {Outcome | null} */
    let stopped = null;
    const unzip = new Unzip((file) => {
      file.ondata = (err, chunk) => {
        // An error thrown here comes back as `err` (the inflater catches it): the limit, or damage.
        if (err) stopped ??= err instanceof OverLimit ? err.outcome : { refused: 'invalid' };
        else if (!stopped && (inflated += chunk.length) > limits.maxUnpackedBytes) throw unpackedOver();
      };
      file.start();
    });
    unzip.register(UnzipInflate);
    for (let at = 0; at < bytes.length && !stopped; at += CHUNK_BYTES)
      unzip.push(bytes.subarray(at, at + CHUNK_BYTES), at + CHUNK_BYTES >= bytes.length);
    if (stopped) return stopped;
  } catch (err) {
    if (err instanceof OverLimit) return err.outcome;
    return { refused: 'invalid' };
  }
  return null;
}

/**
 * A cell's text as the sheet shows it (a number in its format, a date as written), trimmed.
 * @param {XLSX.CellObject | undefined} cell
 */
const value = (cell) => (cell === undefined || cell === null ? '' : XLSX.utils.format_cell(cell).trim());

/**
 * The new-student rows of the first sheet: its first row (the headings) skipped, columns 0–2 as
 * first name, last name and e-mail, empty rows dropped. At most `maxRows` + 1 rows come back (one
 * more than a registration takes, so the caller can tell the file has too many).
 * @param {Task} task
 * @returns {Outcome}
 */
export default function readStudentSpreadsheet({ bytes, kind, limits }) {
  if (kind === 'zip') {
    const over = zipOverLimit(bytes, limits);
    if (over) return over;
  }
  // Rows past the most a registration takes (plus the headings and one to tell) are never read,
  // nor any sheet but the first.
  const bounds = { dense: true, sheetRows: limits.maxRows + 2, sheets: 0 };
  /** @type {XLSX.WorkBook} */
  let book;
  try {
    book =
      kind === 'text'
        ? XLSX.read(new TextDecoder().decode(bytes), { ...bounds, type: 'string', raw: true })
        : XLSX.read(bytes, { ...bounds, type: 'array', cellFormula: false, cellHTML: false });
  } catch {
    return { refused: 'invalid' };
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return { refused: 'invalid' };
  /** @type {(XLSX.CellObject[] | undefined)[]} */
  const data = sheet['!data'] ?? [];
  let cells = 0;
  for (const row of data) if (row) cells += row.length;
  if (cells > limits.maxCells) return { refused: 'cells', limit: limits.maxCells };
  /** @type {Row[]} */
  const rows = [];
  // Only the three columns read, by their formatted text: a sheet whose range reaches far to the
  // right is never widened into rows of empty cells.
  let headings = true;
  for (const cells of data) {
    if (!cells) continue;
    // The first row with anything in it holds the headings.
    if (headings) {
      headings = !cells.some((cell) => value(cell) !== '');
      continue;
    }
    const row = { firstName: value(cells[0]), lastName: value(cells[1]), email: value(cells[2]) };
    if (!row.firstName && !row.lastName && !row.email) continue;
    rows.push(row);
    if (rows.length > limits.maxRows) break;
  }
  return { rows };
}
