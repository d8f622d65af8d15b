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
