import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { spreadsheetKind, studentRows } from './student-spreadsheet';

const HEADINGS = ['Nombre', 'Apellido', 'Correo'];
const ROWS = [
  ['Ana', 'Gómez', 'ana@test.kib'],
  ['', '', ''],
  [' Luis ', 'Pérez', 'luis@test.kib'],
];

function book(rows: unknown[][], type: 'xlsx' | 'xls' | 'ods' | 'csv'): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Estudiantes');
  const out = XLSX.write(wb, {
    bookType: type === 'xls' ? 'biff8' : type,
    type: type === 'csv' ? 'string' : 'array',
  });
  return type === 'csv' ? new TextEncoder().encode(out as string) : new Uint8Array(out as ArrayBuffer);
}

function refusal(bytes: Uint8Array): string | undefined {
  try {
    studentRows(bytes);
  } catch (err) {
    if (err instanceof AppError) return err.fields?.content?.[0]?.key;
    throw err;
  }
  return undefined;
}

describe('studentRows', () => {
  it.each(['xlsx', 'xls', 'ods', 'csv'] as const)(
    'reads first name, last name and e-mail from a .%s file, skipping the headings and empty rows',
    (type) => {
      expect(studentRows(book([HEADINGS, ...ROWS], type))).toEqual([
        { firstName: 'Ana', lastName: 'Gómez', email: 'ana@test.kib' },
        { firstName: 'Luis', lastName: 'Pérez', email: 'luis@test.kib' },
      ]);
    },
  );

  it('reads the first sheet only, and numbers as text', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADINGS, ['Sara', 42, 'sara@test.kib']]), 'A');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADINGS, ['Otro', 'X', 'x@test.kib']]), 'B');
    const bytes = new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer);
    expect(studentRows(bytes)).toEqual([{ firstName: 'Sara', lastName: '42', email: 'sara@test.kib' }]);
  });

  it('judges a file by its content: a picture or a binary file is not a spreadsheet', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(spreadsheetKind(png)).toBeNull();
    expect(refusal(png)).toBe('validation.spreadsheet-invalid');
    expect(refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe('validation.spreadsheet-invalid');
    expect(refusal(new Uint8Array([0xff, 0xfe, 0xfd]))).toBe('validation.spreadsheet-invalid');
  });

  it('refuses a sheet with only its headings, and one with more rows than a registration takes', () => {
    expect(refusal(book([HEADINGS], 'xlsx'))).toBe('validation.spreadsheet-empty');
    const many = Array.from({ length: 5001 }, (_, i) => ['N', 'A', `n${i}@test.kib`]);
    expect(refusal(book([HEADINGS, ...many], 'csv'))).toBe('validation.too-many');
    expect(studentRows(book([HEADINGS, ...many.slice(0, 5000)], 'csv'))).toHaveLength(5000);
  });
});
