import { csvText } from '@kib/core';
import { saveBlob } from '../activity-results/activity-results.download';
import type { SheetRow } from '../activity-results/activity-results.logic';

/** The MIME type of the CSV export. */
export const CSV_MIME = 'text/csv;charset=utf-8';

/** Writes `rows` as a CSV file and hands it to the browser from inside `host` (see `saveBlob`). */
export function downloadCsv(host: HTMLElement, rows: readonly SheetRow[], fileName: string): void {
  saveBlob(host, new Blob([csvText(rows)], { type: CSV_MIME }), fileName);
}
