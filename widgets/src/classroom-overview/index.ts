/** A classroom's dashboard: progress, weekly activity, assignments and students (spec 03). */
export { ClassroomOverview } from './classroom-overview';
/** Props and data of ClassroomOverview. */
export type { ClassroomOverviewData, ClassroomOverviewProps } from './classroom-overview.types';
/** Validates `data` given as an object or JSON text, without throwing. */
export { parseClassroomOverviewData } from './classroom-overview.types';
/** The exports' rows and sheet name, and the students' order. */
export {
  CLASSROOM_SHEET_NAME,
  classroomSheetRows,
  gradebookRows,
  sortClassroomStudents,
  type ClassroomStudentSortKey,
} from './classroom-overview.logic';
/** A 28-student classroom and an empty one. */
export { classroomOverviewEmptyFixture, classroomOverviewFixture } from './classroom-overview.fixtures';
