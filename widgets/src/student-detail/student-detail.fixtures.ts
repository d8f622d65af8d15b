import { classroomStudentFixtures } from '../dashboard/dashboard.fixtures';
import type { StudentDetailData } from './student-detail.types';

function student(lastName: string): StudentDetailData {
  const found = classroomStudentFixtures.find((detail) => detail.student.lastName === lastName);
  if (!found) throw new Error(`No student ${lastName} in the classroom fixture`);
  return found;
}

/**
 * Daniela Rojas of "Matemáticas 7A": assignments completed, half done and untouched, passed and
 * upcoming deadlines (one extended for her alone), one assignment not published yet.
 */
export const studentDetailFixture: StudentDetailData = student('Rojas');

/** Gabriela Moreno, who completes everything she can. */
export const studentDetailCompletedFixture: StudentDetailData = student('Moreno');

/** Samuel García Ospina, who joined but has not answered anything yet. */
export const studentDetailInactiveFixture: StudentDetailData = student('García Ospina');

/** A small picture of handwritten work, as a phone photo's stored picture stands in the stories. */
const PHOTO_URL =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="160" height="100" fill="#fff"/><text x="16" y="60" font-size="32" font-family="serif">2x+3=7</text></svg>',
  );

/**
 * Daniela Rojas again, with two photos she sent from her phone of her work on the first numeral she
 * attempted: one kept as a picture, one read as LaTeX.
 */
export const studentDetailWithPhotosFixture: StudentDetailData = (() => {
  const copy = structuredClone(studentDetailFixture);
  const numeral = copy.assignments
    .flatMap((a) => a.problems.flatMap((p) => p.numerals))
    .find((n) => n.attempts > 0 && !n.completed);
  if (!numeral) throw new Error('No attempted numeral in the student fixture');
  numeral.photos = [
    { pictureUrl: PHOTO_URL, latex: null, receivedAt: '2026-03-02T14:05:00.000Z' },
    { pictureUrl: null, latex: 'x=2', receivedAt: '2026-03-02T14:09:00.000Z' },
  ];
  return copy;
})();
