import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('csvCell', () => {
  it.each([
    ['Valentina', 'Valentina'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+57 300', "'+57 300"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\r=1', `"'\r=1"`],
    ['Gómez, Ana', '"Gómez, Ana"'],
    ['punto; coma', '"punto; coma"'],
    ['dice "hola"', '"dice ""hola"""'],
    ['dos\nlíneas', '"dos\nlíneas"'],
    ["O'Neill", "O'Neill"],
  ])('writes %j as %j: formulas escaped with an apostrophe, separators quoted', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as they are, and nothing for a number that is not finite', () => {
    expect(csvCell(87)).toBe('87');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('csvText', () => {
  it('joins cells with commas and rows with CRLF, after a BOM', () => {
    expect(
      csvText([
        ['Nombre', 'Progreso (%)'],
        ['=cmd', 40],
      ]),
    ).toBe("\uFEFFNombre,Progreso (%)\r\n'=cmd,40\r\n");
  });
});
