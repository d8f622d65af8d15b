import { describe, expect, it } from 'vitest';
import { CONTACT_CODE_KEYWORDS, cleanContactMessage, cleanContactText } from './clean-contact-text';

describe('cleanContactText', () => {
  it.each([
    ['keeps plain text as it is', 'Hola, quiero Kib en mi colegio.', 'Hola, quiero Kib en mi colegio.'],
    ['removes HTML tags and keeps their text', '<b>Hola</b> <i>mundo</i>', 'Hola mundo'],
    ['removes a tag with attributes', 'Mira <a href="http://x.co" onclick="steal()">esto</a>', 'Mira esto'],
    ['removes script tags with their code', 'Hola<script>alert("x")</script> profe', 'Hola profe'],
    ['removes script tags in any case', 'A <SCRIPT type="text/javascript">steal()</SCRIPT>B', 'A B'],
    ['removes an unclosed script to the end', 'Hola <script>steal(); más', 'Hola'],
    ['removes style elements with their rules', '<style>body{display:none}</style>Texto', 'Texto'],
    ['removes HTML comments', 'Uno <!-- oculto --> dos', 'Uno dos'],
    [
      'keeps comparisons that are not tags',
      'Si 3 < 5 y 7 > 2, entonces x<5',
      'Si 3 < 5 y 7 > 2, entonces x<5',
    ],
    ['removes code keywords as whole words', 'import os; eval(x); exec(y)', '; (x); (y)'],
    ['removes keywords in any letter case', 'Import OS and Print it', 'and it'],
    ['removes every keyword of the spec', 'def class from sys open file subprocess compile lambda', ''],
    [
      'keeps words that only contain a keyword',
      'profile classroom imports opened printer',
      'profile classroom imports opened printer',
    ],
    ['keeps Spanish words ending in a keyword after an accent', 'Los ríos y los dúos', 'Los ríos y los dúos'],
    ['removes a keyword next to punctuation', 'sys.exit() y __import__("os")', '.exit() y ("")'],
    ['keeps paragraph breaks', 'Hola\n\nGracias', 'Hola\n\nGracias'],
    ['collapses the spaces left behind', 'uno  import   dos', 'uno dos'],
    ['normalises Windows line ends', 'uno\r\ndos', 'uno\ndos'],
  ])('%s', (_, input, expected) => {
    expect(cleanContactText(input)).toBe(expected);
  });

  it('lists every keyword the spec names', () => {
    const spec = ['import', 'def', 'class', 'from', 'os', 'sys', 'eval', 'exec', 'open', 'file'];
    expect(CONTACT_CODE_KEYWORDS).toEqual(
      expect.arrayContaining([...spec, 'subprocess', 'compile', 'lambda', 'print']),
    );
  });
});

describe('cleanContactMessage', () => {
  it('cleans the name and the message fully and the e-mail of markup only', () => {
    expect(
      cleanContactMessage({
        name: '<b>Ana</b> import',
        email: 'open@file.co',
        message: '<script>x()</script>Hola from Cali',
      }),
    ).toEqual({ name: 'Ana', email: 'open@file.co', message: 'Hola Cali' });
  });
});
