import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { strToU8, unzipSync, Zip, ZipDeflate } from 'fflate';

/**
 * Files made to hurt whoever reads them (spreadsheets, pictures), for the tests and the benchmark of
 * uploads. Each is small on the wire and under its upload cap.
 */

/** A well-formed .xlsx of `rows` (headings first), as Excel would send it. */
export function xlsxOf(rows: unknown[][]): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Estudiantes');
  return new Uint8Array(
    XLSX.write(wb, { bookType: 'xlsx', type: 'array', compression: true }) as ArrayBuffer,
  );
}

/** A row of 100 one-letter cells. */
const WIDE_ROW = strToU8(`<row>${'<c t="inlineStr"><is><t>x</t></is></c>'.repeat(100)}</row>`);

/**
 * A "zip bomb" .xlsx: a real workbook whose first sheet unpacks to about `unpackedBytes` of rows of
 * 100 cells (the default, 200 MB, is a few hundred kilobytes compressed), its directory telling the
 * truth. Built as a stream: the sheet is never whole in memory.
 */
export function zipBombXlsx(unpackedBytes = 200 * 1024 * 1024): Uint8Array {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else parts.push(chunk);
  });
  for (const [name, bytes] of Object.entries(unzipSync(xlsxOf([['Nombre', 'Apellido', 'Correo']])))) {
    if (name === 'xl/worksheets/sheet1.xml') continue;
    const file = new ZipDeflate(name, { level: 9 });
    zip.add(file);
    file.push(bytes, true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(sheet);
  sheet.push(
    strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
  );
  for (let size = 0; size < unpackedBytes; size += WIDE_ROW.length) sheet.push(WIDE_ROW);
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  if (failure) throw failure;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The same bomb with its directory and headers lying: every file says it unpacks to 100 bytes, so
 * only inflating tells how large it is.
 */
export function lyingZipBombXlsx(unpackedBytes = 200 * 1024 * 1024): Uint8Array {
  const bytes = zipBombXlsx(unpackedBytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 30 <= bytes.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, 100, true);
    else if (signature === 0x04034b50) view.setUint32(i + 22, 100, true);
  }
  return bytes;
}

/** A .csv whose second row holds `cells` non-empty cells (under 4 MB up to about 1.9 million). */
export function wideCsv(cells: number): Uint8Array {
  return strToU8(`Nombre,Apellido,Correo\n${'x,'.repeat(cells - 1)}x\n`);
}

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A "decompression bomb" picture: a valid black-and-white PNG of `side` × `side` pixels (the
 * default, 100 megapixels, is about 12 kB), which a decoder would open as hundreds of megabytes.
 */
export function pixelBombPng(side = 10_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
