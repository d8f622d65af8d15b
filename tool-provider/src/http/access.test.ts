import { describe, expect, it } from 'vitest';
import { AUTHENTICATED, PUBLIC, decide, roles } from './access';

const student = { userId: 1, groups: ['Students'] };
const teacher = { userId: 2, groups: ['Teachers', 'Creators'] };

describe('decide', () => {
  it.each([
    ['public, anonymous', PUBLIC, null, 'allow'],
    ['public, student', PUBLIC, student, 'allow'],
    ['authenticated, anonymous', AUTHENTICATED, null, 'unauthenticated'],
    ['authenticated, student', AUTHENTICATED, student, 'allow'],
    ['teachers only, anonymous', roles('Teachers'), null, 'unauthenticated'],
    ['teachers only, student', roles('Teachers'), student, 'forbidden'],
    ['creators, teacher who is also a creator', roles('Creators'), teacher, 'allow'],
  ] as const)('%s → %s', (_title, access, principal, expected) => {
    expect(decide(access, principal)).toBe(expected);
  });

  it('refuses a roles() rule without groups', () => {
    expect(() => roles()).toThrow();
  });
});
