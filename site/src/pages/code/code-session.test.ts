import { afterEach, describe, expect, it } from 'vitest';
import { readCodeSession, writeCodeSession } from './code-session';

const KEY = 'kib:code-activity';

describe('the code activity of a tab', () => {
  afterEach(() => sessionStorage.clear());

  it("reads back a student's and a teacher's activity as written", () => {
    const student = { role: 'student', moduleCode: 'AB12', tempStudentId: 7, access: 'token' } as const;
    writeCodeSession(student);
    expect(readCodeSession()).toEqual(student);
    writeCodeSession({ role: 'teacher', moduleCode: 'AB12' });
    expect(readCodeSession()).toEqual({ role: 'teacher', moduleCode: 'AB12' });
    writeCodeSession(null);
    expect(readCodeSession()).toBeNull();
  });

  it.each([
    ['not JSON', '{role'],
    ['not an object', '"student"'],
    ['an unknown role', JSON.stringify({ role: 'admin', moduleCode: 'AB12' })],
    ['no code', JSON.stringify({ role: 'teacher', moduleCode: '' })],
    ['a code too long', JSON.stringify({ role: 'teacher', moduleCode: 'A'.repeat(33) })],
    ['a student without a token', JSON.stringify({ role: 'student', moduleCode: 'AB12', tempStudentId: 7 })],
    [
      'a student id that is not a positive integer',
      JSON.stringify({ role: 'student', moduleCode: 'AB12', tempStudentId: 1.5, access: 't' }),
    ],
  ])('forgets what is not an activity: %s', (_what, stored) => {
    sessionStorage.setItem(KEY, stored);
    expect(readCodeSession()).toBeNull();
  });
});
