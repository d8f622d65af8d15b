/** A classroom's dashboard: progress, weekly activity, assignments and students (spec 03). */
export { ClassroomOverview } from './classroom-overview';
/** Props and data of ClassroomOverview. */
export type {
  ClassroomOverviewData,
  ClassroomOverviewProps,
  ClassroomOverviewSection,
} from './classroom-overview.types';
/** Validates `data` given as an object or JSON text, without throwing. */
export { parseClassroomOverviewData } from './classroom-overview.types';
/** The exports' rows and sheet name, the students' order and the sections shown. */
export {
  CLASSROOM_OVERVIEW_SECTIONS,
  CLASSROOM_SHEET_NAME,
  classroomSheetRows,
  gradebookRows,
  sortClassroomStudents,
  visibleSections,
  type ClassroomStudentSortKey,
} from './classroom-overview.logic';
/** A 28-student classroom and an empty one. */
export { classroomOverviewEmptyFixture, classroomOverviewFixture } from './classroom-overview.fixtures';
