import { describe, expect, it } from 'vitest';
import { normaliseRecognitionText, readRecognition } from './handwriting-pad.logic';

describe('readRecognition', () => {
  it.each([
    ['{"latex": "x^2+1"}', 'x^2+1'],
    ["{'latex': 'x^2+1'}", 'x^2+1'],
    ["{'latex':\n '\\\\frac{1}{2}'}\n", '\\frac{1}{2}'],
    ['{"latex": "f\'(x)=2x"}', "f'(x)=2x"],
    ["{'latex': 'y', 'confidence': 0.9}", 'y'],
  ])('reads the LaTeX of %j', (text, latex) => {
    expect(readRecognition(text)).toBe(latex);
  });

  it.each([
    ['an HTML error page', '<html><body>document not found</body></html>'],
    ['JSON that mentions document', '{"latex": "x", "error": "document"}'],
    ['text that is not JSON', 'Internal Server Error'],
    ['an empty text', ''],
    ['JSON without latex', '{"text": "x"}'],
    ['a latex that is not a string', '{"latex": 5}'],
    ['an empty latex', "{'latex': '  '}"],
    ['a JSON array', '[{"latex": "x"}]'],
    ['JSON null', 'null'],
  ])('refuses %s', (_, text) => {
    expect(readRecognition(text)).toBeNull();
  });
});

describe('normaliseRecognitionText', () => {
  it('turns single quotes into double quotes and drops newlines', () => {
    expect(normaliseRecognitionText("{'a':\r\n'b'}\n")).toBe('{"a":"b"}');
  });
});
