import { describe, expect, it } from 'vitest';
import { MappedText } from './source-map';

const back = (m: MappedText, part: string, original: string) => {
  const at = m.text.indexOf(part);
  const [s, e] = m.original(at, at + part.length);
  return original.slice(s, e);
};

describe('MappedText', () => {
  it('maps kept characters one to one across a replacement', () => {
    const original = '2{,}5x+\\arccot x';
    const m = MappedText.of(original)
      .replace(/(\d)\{,\}(?=\d)/g, '$1.')
      .replace(/\\arccot/g, '\\operatorname{arccot}');
    expect(m.text).toBe('2.5x+\\operatorname{arccot} x');
    expect(back(m, 'x+', original)).toBe('x+');
    expect(back(m, '2.5', original)).toBe('2{,}5');
    expect(back(m, '\\operatorname{arccot} x', original)).toBe('\\arccot x');
  });

  it('follows trims, slices and insertions', () => {
    const original = '  =\\sin x\\ln x ';
    let m = MappedText.of(original).trim();
    m = m.slice(1);
    m = m.insert([
      [4, '\\left('],
      [6, '\\right)'],
    ]);
    expect(m.text).toBe('\\sin\\left( x\\right)\\ln x');
    expect(back(m, '\\ln x', original)).toBe('\\ln x');
    expect(back(m, '\\sin\\left( x\\right)', original)).toBe('\\sin x');
  });

  it('expands $& and groups in a string replacement, with a function too', () => {
    const m = MappedText.of('a;b')
      .replace(/;/g, '[$&]')
      .replace(/b/g, (x) => x.toUpperCase());
    expect(m.text).toBe('a[;]B');
    expect(m.original(4, 5)).toEqual([2, 3]);
  });
});
