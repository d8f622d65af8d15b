import type { CurrentUser } from '@kib/api-client';
import type { LtiModuleView } from '@kib/core';

/** A student who came from Moodle, as auth/users/me/ answers. */
export const LTI_STUDENT: CurrentUser = {
  id: 41,
  email: 'lti-1@lti.kib.invalid',
  firstName: 'Ana',
  lastName: 'Gómez',
  groups: ['LTIStudent'],
  language: 'es',
  isDemo: false,
};

/** A teacher who came from Moodle's activity chooser. */
export const LTI_TEACHER: CurrentUser = {
  ...LTI_STUDENT,
  id: 42,
  firstName: 'Laura',
  groups: ['LTITeacher'],
};

/** The module of a launch, as lti/modules/5/ answers it. */
export const LTI_MODULE: LtiModuleView = {
  id: 5,
  name: 'Taller de álgebra',
  description: 'Resuelve $2x+3=7$ y más.',
  problems: [
    { id: 9001, title: 'Álgebra y recta numérica', numeration: '1', numerals: 2, completed: 2 },
    { id: 9002, title: 'Gráfica de una recta', numeration: '2', numerals: 3, completed: 1 },
  ],
};
