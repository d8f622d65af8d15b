import { classroomFixture, emptyClassroomFixture } from '../dashboard/dashboard.fixtures';
import type { ClassroomOverviewData } from './classroom-overview.types';

/**
 * "Matemáticas 7A": 28 students at every stage, six assignments (one for chosen students only, one
 * scheduled), eight weeks of activity up to this week.
 */
export const classroomOverviewFixture: ClassroomOverviewData = classroomFixture;

/** A classroom nobody has joined, with nothing assigned: eight empty weeks. */
export const classroomOverviewEmptyFixture: ClassroomOverviewData = emptyClassroomFixture;
