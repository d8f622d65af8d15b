import { StudentDetailSchema, type StudentDetail } from '@kib/core';
import { parseDashboardData, type DashboardParse } from '../dashboard/dashboard-data';

/** The `data` of the student detail: `GET classrooms/{id}/students/{studentId}/` as code sees it. */
export type StudentDetailData = StudentDetail;

/** Props of the student detail widget. */
export interface StudentDetailProps {
  /**
   * The student's record (validated with core's `StudentDetailSchema`; an object or its JSON text).
   * When absent the widget loads it from `apiBase` for `classroomId` and `studentId`.
   */
  data?: StudentDetailData | string | null;
  /** Interface language, `es` (default) or `en`. */
  lang?: string;
  /** Base URL of Kib's API (`https://kib.example/api/`), to load the data. */
  apiBase?: string;
  /** The teacher's access token or a classroom embed token, sent as a bearer token. */
  token?: string;
  /** The student's classroom. */
  classroomId?: number;
  /** The student to load. */
  studentId?: number;
}

/** Validates student data given as an object or as its JSON text, without throwing. */
export function parseStudentDetailData(input: unknown): DashboardParse<StudentDetailData> {
  return parseDashboardData(StudentDetailSchema, input);
}
