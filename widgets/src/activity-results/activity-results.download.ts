import { workbookBytes, type SheetRow, type XlsxModule } from './activity-results.logic';

/** The MIME type of an .xlsx file. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let xlsxModule: Promise<XlsxModule> | undefined;

/** SheetJS, loaded on first use as its own chunk and shared afterwards. */
export function loadXlsx(): Promise<XlsxModule> {
  xlsxModule ??= import('@e965/xlsx').catch((error: unknown) => {
    xlsxModule = undefined;
    throw error;
  });
  return xlsxModule;
}

/**
 * Writes `rows` as an .xlsx file, in one sheet named `sheetName` (default 'Assignment Results'),
 * and hands it to the browser with {@link saveBlob}.
 */
export async function downloadWorkbook(
  host: HTMLElement,
  rows: readonly SheetRow[],
  fileName: string,
  sheetName?: string,
) {
  const xlsx = await loadXlsx();
  saveBlob(host, new Blob([workbookBytes(xlsx, rows, sheetName)], { type: XLSX_MIME }), fileName);
}

/**
 * Hands a file to the browser through a temporary `<a download>` appended to `host` (inside the
 * widget, so it also works in a shadow root).
 */
export function saveBlob(host: HTMLElement, blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  host.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the object URL after the click returns: release it a little later.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
