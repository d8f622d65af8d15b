import * as XLSX from '@e965/xlsx';
import {
  BULK_REGISTRATION_MAX_ROWS,
  STUDENT_SPREADSHEET_MAX_BYTES,
  STUDENT_SPREADSHEET_MAX_CELLS,
} from '@kib/core';
import { translate } from '@kib/i18n';
import { afterAll, describe, expect, it } from 'vitest';
import { lyingZipBombXlsx, wideCsv, xlsxOf, zipBombXlsx } from '../../testing/hostile-files';
import { AppError } from '../http/errors';
import { FileParsers } from '../parsing/file-parsers';
import { spreadsheetKind, studentRows } from './student-spreadsheet';

const HEADINGS = ['Nombre', 'Apellido', 'Correo'];
const ROWS = [
  ['Ana', 'Gómez', 'ana@test.kib'],
  ['', '', ''],
  [' Luis ', 'Pérez', 'luis@test.kib'],
];

const parsers = new FileParsers();
afterAll(() => parsers.close());

function book(rows: unknown[][], type: 'xlsx' | 'xls' | 'ods' | 'csv'): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Estudiantes');
  const out = XLSX.write(wb, {
    bookType: type === 'xls' ? 'biff8' : type,
    type: type === 'csv' ? 'string' : 'array',
  });
  return type === 'csv' ? new TextEncoder().encode(out as string) : new Uint8Array(out as ArrayBuffer);
}

/** How a file is refused: status, code and the message on `content` in English. */
async function refusal(bytes: Uint8Array, from = parsers) {
  try {
    await studentRows(from, bytes);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const message = err.fields?.content?.[0];
    return {
      status: err.status,
      code: err.code,
      key: message?.key,
      text: message && translate('en', message.key, message.params),
    };
  }
  return undefined;
}

describe('studentRows', () => {
  it.each(['xlsx', 'xls', 'ods', 'csv'] as const)(
    'reads first name, last name and e-mail from a .%s file, skipping the headings and empty rows',
    async (type) => {
      expect(await studentRows(parsers, book([HEADINGS, ...ROWS], type))).toEqual([
        { firstName: 'Ana', lastName: 'Gómez', email: 'ana@test.kib' },
        { firstName: 'Luis', lastName: 'Pérez', email: 'luis@test.kib' },
      ]);
    },
  );

  it('reads the first sheet only, numbers as text, and the headings wherever the sheet starts', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADINGS, ['Sara', 42, 'sara@test.kib']]), 'A');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADINGS, ['Otro', 'X', 'x@test.kib']]), 'B');
    const bytes = new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer);
    expect(await studentRows(parsers, bytes)).toEqual([
      { firstName: 'Sara', lastName: '42', email: 'sara@test.kib' },
    ]);
    const lower = XLSX.utils.aoa_to_sheet([[], [], HEADINGS, ['Eva', 'Ríos', 'eva@test.kib']]);
    const lowerBook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(lowerBook, lower, 'A');
    expect(
      await studentRows(
        parsers,
        new Uint8Array(XLSX.write(lowerBook, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer),
      ),
    ).toEqual([{ firstName: 'Eva', lastName: 'Ríos', email: 'eva@test.kib' }]);
  });

  it('judges a file by its content: a picture or a binary file is not a spreadsheet', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(spreadsheetKind(png)).toBeNull();
    expect((await refusal(png))?.key).toBe('validation.spreadsheet-invalid');
    expect((await refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])))?.key).toBe(
      'validation.spreadsheet-invalid',
    );
    expect((await refusal(new Uint8Array([0xff, 0xfe, 0xfd])))?.key).toBe('validation.spreadsheet-invalid');
  });

  it('refuses a sheet with only its headings (400), and one with more rows than a registration takes (413)', async () => {
    expect(await refusal(book([HEADINGS], 'xlsx'))).toMatchObject({
      status: 400,
      key: 'validation.spreadsheet-empty',
    });
    const many = Array.from({ length: BULK_REGISTRATION_MAX_ROWS + 1 }, (_, i) => [
      'N',
      'A',
      `n${i}@test.kib`,
    ]);
    expect(await refusal(book([HEADINGS, ...many], 'csv'))).toEqual({
      status: 413,
      code: 'spreadsheet-too-large',
      key: 'errors.spreadsheet-too-many-rows',
      text: 'The spreadsheet has more than 5000 students: split it into several files.',
    });
    expect(await studentRows(parsers, book([HEADINGS, ...many.slice(0, -1)], 'csv'))).toHaveLength(
      BULK_REGISTRATION_MAX_ROWS,
    );
  });
});

describe('studentRows against hostile files', () => {
  it('refuses a zip bomb by what it unpacks to, before inflating it', async () => {
    const bomb = zipBombXlsx(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(STUDENT_SPREADSHEET_MAX_BYTES);
    expect(await refusal(bomb)).toEqual({
      status: 413,
      code: 'spreadsheet-too-large',
      key: 'errors.spreadsheet-unpacked-too-large',
      text: 'The spreadsheet takes more than 10 MB once opened: save only the list of students in a new file.',
    });
  });

  it('refuses a zip bomb whose directory lies about its sizes, by inflating and counting', async () => {
    expect(await refusal(lyingZipBombXlsx(40 * 1024 * 1024))).toMatchObject({
      status: 413,
      key: 'errors.spreadsheet-unpacked-too-large',
    });
  });

  it('refuses a sheet that spans more cells than its limit, naming it', async () => {
    expect(await refusal(wideCsv(STUDENT_SPREADSHEET_MAX_CELLS + 10))).toEqual({
      status: 413,
      code: 'spreadsheet-too-large',
      key: 'errors.spreadsheet-too-many-cells',
      text: 'The first sheet has more than 200000 cells: keep only the first name, last name and e-mail columns.',
    });
  });

  it('answers 422 naming the limit when reading passes its time or its memory, and the next file is read', async () => {
    const hurried = new FileParsers({ timeLimitMs: 1 });
    try {
      expect(await refusal(book([HEADINGS, ...ROWS], 'xlsx'), hurried)).toEqual({
        status: 422,
        code: 'spreadsheet-too-complex',
        key: 'errors.spreadsheet-too-slow',
        text: 'Reading the spreadsheet would take more than 0.001 s: save only the list of students in a new file.',
      });
    } finally {
      await hurried.close();
    }
    const cramped = new FileParsers({ memoryLimitMb: 16 });
    try {
      const heavy = xlsxOf([
        HEADINGS,
        ...Array.from({ length: BULK_REGISTRATION_MAX_ROWS }, (_, i) => [
          `Nombre largo ${'n'.repeat(100)} ${i}`,
          `Apellido largo ${'a'.repeat(100)}`,
          `estudiante${i}@test.kib`,
          ...Array.from({ length: 30 }, (_, c) => `otra columna ${c} ${i}`),
        ]),
      ]);
      expect(await refusal(heavy, cramped)).toMatchObject({
        status: 422,
        code: 'spreadsheet-too-complex',
        key: 'errors.spreadsheet-too-much-memory',
      });
      expect(await studentRows(parsers, heavy)).toHaveLength(BULK_REGISTRATION_MAX_ROWS);
    } finally {
      await cramped.close();
    }
  });

  it('answers 503 parsers-busy, reading nothing, when more files wait than the queue holds', async () => {
    const small = new FileParsers({ threads: 1, queue: 1 });
    try {
      const file = book([HEADINGS, ...ROWS], 'xlsx');
      const outcomes = await Promise.allSettled([
        studentRows(small, file),
        studentRows(small, file),
        studentRows(small, file),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const busy = (outcomes[2] as PromiseRejectedResult).reason as AppError;
      expect([busy.status, busy.code, busy.headers]).toEqual([503, 'parsers-busy', { 'Retry-After': '10' }]);
    } finally {
      await small.close();
    }
  });
});
