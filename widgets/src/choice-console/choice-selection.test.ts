import type { PublicChoice } from '@kib/core';
import { describe, expect, it } from 'vitest';
import {
  choiceLetter,
  normalizeSelection,
  orderedChoices,
  pickChoice,
  pictureSource,
  plainChoiceText,
} from './choice-selection';

const CHOICES: PublicChoice[] = [
  { id: 30, position: 2, text: '$x=3$', picture: null },
  { id: 10, position: 0, text: '$x=1$', picture: null },
  { id: 20, position: 1, text: '$x=2$', picture: null },
];

describe('orderedChoices', () => {
  it('puts the choices in the order of their position', () => {
    expect(orderedChoices(CHOICES).map((c) => c.id)).toEqual([10, 20, 30]);
  });
});

describe('pickChoice', () => {
  it.each<[string, number[], number, boolean, number[]]>([
    ['a single list replaces the selection', [10], 30, false, [30]],
    ['a single list keeps a choice picked twice', [20], 20, false, [20]],
    ['a single list selects from nothing', [], 10, false, [10]],
    ['a multi-select list adds a choice, in the choices order', [30], 10, true, [10, 30]],
    ['a multi-select list removes a selected choice', [10, 20, 30], 20, true, [10, 30]],
    ['a multi-select list can end with nothing selected', [20], 20, true, []],
    ['an id that is not a choice changes nothing', [20], 99, true, [20]],
  ])('%s', (_title, selected, id, multiple, expected) => {
    expect(pickChoice(selected, id, CHOICES, multiple)).toEqual(expected);
  });
});

describe('normalizeSelection', () => {
  it.each<[string, unknown, boolean, number[]]>([
    ['drops ids that are not choices and repeats', [20, 99, 20, 10], true, [10, 20]],
    ['keeps one id at most in a single list', [30, 10], false, [10]],
    ['reads null as nothing selected', null, true, []],
    ['reads a value that is not a list as nothing selected', 'x', false, []],
  ])('%s', (_title, value, multiple, expected) => {
    expect(normalizeSelection(value as unknown[] | null, CHOICES, multiple)).toEqual(expected);
  });
});

describe('plainChoiceText', () => {
  it('takes the dollar signs away and keeps an escaped dollar', () => {
    expect(plainChoiceText('Cuesta $\\frac12$ de  \\$5')).toBe('Cuesta \\frac12 de $5');
  });
});

describe('choiceLetter', () => {
  it.each([
    [0, 'A'],
    [2, 'C'],
    [25, 'Z'],
    [26, 'AA'],
  ])('numbers choice %i as %s', (index, letter) => {
    expect(choiceLetter(index)).toBe(letter);
  });
});

describe('pictureSource', () => {
  it.each<[string, string | undefined, string]>([
    ['https://cdn.example/p.png', '/api/pictures/', 'https://cdn.example/p.png'],
    ['/media/p.png', '/api/pictures/', '/media/p.png'],
    ['data:image/png;base64,AAAA', undefined, 'data:image/png;base64,AAAA'],
    ['choices/a b.png', '/api/pictures', '/api/pictures/choices/a%20b.png'],
    ['k2.png', '/api/pictures//', '/api/pictures/k2.png'],
    ['javascript:alert(1)', '/p/', '/p/javascript%3Aalert(1)'],
    ['k1.png', undefined, 'k1.png'],
  ])('reads %s', (picture, base, expected) => {
    expect(pictureSource(picture, base)).toBe(expected);
  });
});
