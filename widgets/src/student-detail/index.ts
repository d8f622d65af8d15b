/** One student of a classroom: overview and assignments in detail (spec 03). */
export { StudentDetail } from './student-detail';
/** Props and data of StudentDetail. */
export type { StudentDetailData, StudentDetailProps } from './student-detail.types';
/** Validates `data` given as an object or JSON text, without throwing. */
export { parseStudentDetailData } from './student-detail.types';
/** The assignments as the Assignments tab shows them, problem by problem and numeral by numeral. */
export {
  numeralStatus,
  summarizeAssignments,
  type AssignmentRow,
  type NumeralRow,
  type ProblemRow,
} from './student-detail.logic';
/** A student with mixed results, one who completed everything, and one who has not started. */
export {
  studentDetailCompletedFixture,
  studentDetailFixture,
  studentDetailInactiveFixture,
} from './student-detail.fixtures';
