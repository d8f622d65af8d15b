import { endpoint, roles } from './contract';
import {
  AssignmentResultsSchema,
  ClassroomOverviewSchema,
  StudentDetailSchema,
} from './teacher-results.schemas';

const TAG = 'teacher-results';
const TEACHERS = roles('Teachers');

/**
 * What a teacher follows (spec 03 "classroom landing"): a classroom's overview, one assignment's
 * results, one student's record. The caller's own classrooms only (404 otherwise), with a valid
 * school plan (403 `subscription-required`). A page outside Kib reads them with a classroom embed
 * token (see teacher-embed.endpoints.ts).
 */
export const TEACHER_RESULT_ENDPOINTS = {
  classroomOverview: endpoint({
    method: 'get',
    path: '/classrooms/:id/overview/',
    access: TEACHERS,
    embed: true,
    tag: TAG,
    summary:
      "A classroom's progress, weekly activity (8 weeks), assignments and students with their progress",
    response: ClassroomOverviewSchema,
  }),
  assignmentResults: endpoint({
    method: 'get',
    path: '/classrooms/:id/assignments/:moduleId/',
    access: TEACHERS,
    embed: true,
    tag: TAG,
    summary: "One assignment's results in a classroom: its problems and each assigned student's stats",
    response: AssignmentResultsSchema,
  }),
  studentDetail: endpoint({
    method: 'get',
    path: '/classrooms/:id/students/:studentId/',
    access: TEACHERS,
    embed: true,
    tag: TAG,
    summary: "One student's record in a classroom: progress, weekly activity and each assignment in detail",
    response: StudentDetailSchema,
  }),
};
