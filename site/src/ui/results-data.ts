import type { ModuleCodeTeachersAnswer } from '@kib/core';
import type { ActivityResults } from '@kib/widgets';
import type { ComponentProps } from 'react';

/** The data of the widgets' results dashboard: the assignment, its problems and its students with their stats. */
export type ResultsData = ComponentProps<typeof ActivityResults>['data'];

/** The dashboard's data of a results answer: a teacher code's, or an LMS link's (the same shape). */
export function resultsData(
  answer: Pick<ModuleCodeTeachersAnswer, 'moduleData' | 'problems' | 'studentsData'>,
): ResultsData {
  return { assignment: answer.moduleData, problems: answer.problems, students: answer.studentsData };
}
