import { ClassroomOverviewSchema, type ClassroomOverview } from '@kib/core';
import { parseDashboardData, type DashboardParse } from '../dashboard/dashboard-data';

/** The `data` of the classroom overview: `GET classrooms/{id}/overview/` as code sees it (camelCase). */
export type ClassroomOverviewData = ClassroomOverview;

/** Props of the classroom overview widget. */
export interface ClassroomOverviewProps {
  /**
   * The classroom's overview (validated with core's `ClassroomOverviewSchema`; an object or its JSON
   * text). When absent the widget loads it from `apiBase` for `classroomId`.
   */
  data?: ClassroomOverviewData | string | null;
  /** Interface language, `es` (default) or `en`. */
  lang?: string;
  /** Base URL of Kib's API (`https://kib.example/api/`), to load the data. */
  apiBase?: string;
  /** The teacher's access token or a classroom embed token, sent as a bearer token. */
  token?: string;
  /** The classroom to load. */
  classroomId?: number;
  /** Opens an assignment (its module id); without it assignments are not links. */
  onSelectAssignment?: (moduleId: number) => void;
  /** Opens a student (their id); without it students are not links. */
  onSelectStudent?: (studentId: number) => void;
  /** Called with the file name once an Excel or CSV file has been handed to the browser. */
  onDownload?: (fileName: string) => void;
}

/** Validates overview data given as an object or as its JSON text, without throwing. */
export function parseClassroomOverviewData(input: unknown): DashboardParse<ClassroomOverviewData> {
  return parseDashboardData(ClassroomOverviewSchema, input);
}
