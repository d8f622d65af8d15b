import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteCookie,
  readCookie,
  recallChoice,
  REMEMBERED_CHOICE_MAX_AGE,
  REMEMBERED_CHOICES,
  rememberChoice,
  writeCookie,
} from './remembered-choice';

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of [...Object.values(REMEMBERED_CHOICES), 'kib_test', 'kib_test_other'])
    document.cookie = `${name}=; path=/; max-age=0`;
});

describe('cookies', () => {
  it('writes a cookie for the whole site, Lax, for the given seconds, and reads it back decoded', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    writeCookie('kib_test', 'a b;c', 60);
    expect(written).toHaveBeenCalledWith('kib_test=a%20b%3Bc; path=/; max-age=60; samesite=lax');
    expect(readCookie('kib_test')).toBe('a b;c');
  });

  it('tells a cookie from another whose name starts the same, and answers null for none', () => {
    writeCookie('kib_test_other', 'other', 60);
    expect(readCookie('kib_test')).toBeNull();
    writeCookie('kib_test', 'mine', 60);
    expect(readCookie('kib_test')).toBe('mine');
    deleteCookie('kib_test');
    expect(readCookie('kib_test')).toBeNull();
    expect(readCookie('kib_test_other')).toBe('other');
  });

  it('reads a value that is not valid URI encoding as no value', () => {
    document.cookie = 'kib_test=%E0%A4%A; path=/';
    expect(readCookie('kib_test')).toBeNull();
  });
});

describe('remembered choices', () => {
  it('keep an id for 5000 seconds, as spec 01 §9 says, and forget it when nothing is chosen', () => {
    expect(REMEMBERED_CHOICE_MAX_AGE).toBe(5000);
    const written = vi.spyOn(document, 'cookie', 'set');
    rememberChoice('territorialEntity', 5);
    expect(written).toHaveBeenLastCalledWith('kib_territorial_entity=5; path=/; max-age=5000; samesite=lax');
    expect(recallChoice('territorialEntity')).toBe(5);
    rememberChoice('territorialEntity', null);
    expect(recallChoice('territorialEntity')).toBeNull();
    rememberChoice('city', 5001);
    rememberChoice('city', undefined);
    expect(readCookie(REMEMBERED_CHOICES.city)).toBeNull();
  });

  it('come back only when still in the list given', () => {
    rememberChoice('topic', 10);
    expect(recallChoice('topic', [{ id: 9 }, { id: 10 }])).toBe(10);
    expect(recallChoice('topic', [{ id: 9 }])).toBeNull();
    expect(recallChoice('topic', [])).toBeNull();
    expect(recallChoice('subtopic', [{ id: 10 }])).toBeNull();
  });

  it.each(['', '0', '-4', '007', '1.5', '1e3', 'abc', '12abc', '2147483648', '99999999999'])(
    'ignore a value that is not an id: %j',
    (value) => {
      document.cookie = `${REMEMBERED_CHOICES.course}=${value}; path=/`;
      expect(recallChoice('course')).toBeNull();
    },
  );

  it('accept the largest id a row can have', () => {
    document.cookie = `${REMEMBERED_CHOICES.course}=2147483647; path=/`;
    expect(recallChoice('course')).toBe(2_147_483_647);
  });
});
