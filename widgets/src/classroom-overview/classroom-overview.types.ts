import { ClassroomOverviewSchema, type ClassroomOverview } from '@kib/core';
import { parseDashboardData, type DashboardParse } from '../dashboard/dashboard-data';
import type { HeadingLevel } from '../dashboard/dashboard.logic';

/** The `data` of the classroom overview: `GET classrooms/{id}/overview/` as code sees it (camelCase). */
export type ClassroomOverviewData = ClassroomOverview;

/**
 * A part of the classroom overview below its heading: the class progress, the weekly activity, the
 * assignments list and the students table.
 */
export type ClassroomOverviewSection = 'progress' | 'weekly' | 'assignments' | 'students';

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
  /**
   * The sections shown, always in the order progress, weekly, assignments, students (default all).
   * The element's `sections` attribute takes their names separated by spaces or commas
   * (`sections="assignments students"`). Unknown names are ignored; with none known, all are shown.
   */
  sections?: readonly ClassroomOverviewSection[] | string;
  /**
   * Shows the classroom's name, description and registration code above the sections (default
   * true). A page that already shows them sets it to false; the downloads stay.
   */
  header?: boolean;
  /**
   * The level of the sections' headings (`h2`–`h6`): by default 3 under the widget's own `h2`
   * title, or 2 without the header. With the header, the title is one level above the sections.
   */
  headingLevel?: HeadingLevel;
  /**
   * Opens an assignment (its module id). Without `assignmentHref`, assignments are buttons that
   * call it; without either they are plain text.
   */
  onSelectAssignment?: (moduleId: number) => void;
  /**
   * Opens a student (their id). Without `studentHref`, students are buttons that call it; without
   * either they are plain text.
   */
  onSelectStudent?: (studentId: number) => void;
  /**
   * The address of an assignment's page (React only): assignment names become real links, so they
   * open in a new tab with Ctrl, ⌘ or the middle button; a plain click calls `onSelectAssignment`
   * instead of loading the address, when it is given.
   */
  assignmentHref?: (moduleId: number) => string;
  /**
   * The address of a student's page (React only): student names become real links; a plain click
   * calls `onSelectStudent` instead of loading the address, when it is given.
   */
  studentHref?: (studentId: number) => string;
  /** Called with the file name once an Excel or CSV file has been handed to the browser. */
  onDownload?: (fileName: string) => void;
}

/** Validates overview data given as an object or as its JSON text, without throwing. */
export function parseClassroomOverviewData(input: unknown): DashboardParse<ClassroomOverviewData> {
  return parseDashboardData(ClassroomOverviewSchema, input);
}
