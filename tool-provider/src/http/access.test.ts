import { describe, expect, it } from 'vitest';
import {
  AUTHENTICATED,
  AUTHENTICATED_OR_TEMP_STUDENT,
  PUBLIC,
  TEMP_STUDENT_GROUP,
  decide,
  roles,
} from './access';

const student = { userId: 1, groups: ['Students'] };
const teacher = { userId: 2, groups: ['Teachers', 'Creators'] };
const tempStudent = { userId: 0, groups: [TEMP_STUDENT_GROUP], tempStudent: { id: 5, moduleId: 3 } };
// A forged group on a temporary student's token must not open a role's routes.
const tempStudentInStudents = { ...tempStudent, groups: ['Students'] };

describe('decide', () => {
  it.each([
    ['public, anonymous', PUBLIC, null, 'allow'],
    ['public, student', PUBLIC, student, 'allow'],
    ['authenticated, anonymous', AUTHENTICATED, null, 'unauthenticated'],
    ['authenticated, student', AUTHENTICATED, student, 'allow'],
    ['teachers only, anonymous', roles('Teachers'), null, 'unauthenticated'],
    ['teachers only, student', roles('Teachers'), student, 'forbidden'],
    ['creators, teacher who is also a creator', roles('Creators'), teacher, 'allow'],
    ['public, temporary student', PUBLIC, tempStudent, 'allow'],
    ['authenticated, temporary student', AUTHENTICATED, tempStudent, 'forbidden'],
    [
      'authenticated or temporary student, temporary student',
      AUTHENTICATED_OR_TEMP_STUDENT,
      tempStudent,
      'allow',
    ],
    ['authenticated or temporary student, student', AUTHENTICATED_OR_TEMP_STUDENT, student, 'allow'],
    ['authenticated or temporary student, anonymous', AUTHENTICATED_OR_TEMP_STUDENT, null, 'unauthenticated'],
    [
      'students only, temporary student named a student',
      roles('Students'),
      tempStudentInStudents,
      'forbidden',
    ],
  ] as const)('%s → %s', (_title, access, principal, expected) => {
    expect(decide(access, principal)).toBe(expected);
  });

  it('refuses a roles() rule without groups', () => {
    // @ts-expect-error: the type asks for at least one group; plain JavaScript is refused at run time.
    expect(() => roles()).toThrow();
  });
});
