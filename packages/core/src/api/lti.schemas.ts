import { z } from 'zod';
import type { ModuleCodeTeachersAnswer } from './activities.schemas';

/** POST lti/session/: exchanges the one-time code of an LTI launch for the session's access token. */
export const LtiSessionRequestSchema = z.object({ code: z.string().min(1).max(200) });

/** What lti/session/ answers: the access token (kept in memory) and the site path to open. */
export interface LtiSession {
  access: string;
  next: string;
}

/**
 * An activity code typed in the LMS picker: spaces dropped, then letters, digits, `-` and `_`
 * only (4 to 16), the shape of every activity code.
 */
const ActivityCodeSchema = z
  .string()
  .max(64, 'validation.activity-code')
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{4,16}$/, 'validation.activity-code'));

/** POST lti/content-item/: the teacher's choice for a Content-Item selection of theirs. */
export const ContentItemRequestSchema = z.object({
  selection: z.string().min(1).max(64),
  activityCode: ActivityCodeSchema,
});

/** What lti/content-item/ answers: where the browser posts the form, with every field already signed. */
export interface ContentItemAnswer {
  url: string;
  fields: { name: string; value: string }[];
}

/** POST custom-lti/get_module_by_moodle_code/ (spec 03 §7): the module of an activity code. */
export const ModuleByMoodleCodeSchema = z.object({ codeField: ActivityCodeSchema });

/** A module as an LTI student sees it (lti/modules/{id}/): published problems in order, with progress. */
export interface LtiModuleView {
  id: number;
  name: string;
  description: string;
  problems: { id: number; title: string; numeration: string | null; numerals: number; completed: number }[];
}

/**
 * Where a list of the link's learners came from: the platform's roster, read now or lately
 * (`synced`); launches only, because the platform's roster could not be read (`unavailable`); or
 * launches only, because the platform offers no roster (`launches`: LTI 1.1, or LTI 1.3 without
 * Names and Role Provisioning).
 */
export type LtiRosterSource = 'synced' | 'unavailable' | 'launches';

/**
 * What lti/links/{id}/results/ answers an instructor of an LMS resource link: the link, and the
 * results of its learners in the shape of a teacher code's results (`{ assignment: moduleData,
 * problems, students: studentsData }` is the data of the widgets' ActivityResults dashboard).
 */
export interface LtiLinkResults {
  link: { id: number; title: string; contextTitle: string; moduleId: number };
  roster: LtiRosterSource;
  moduleData: ModuleCodeTeachersAnswer['moduleData'];
  problems: ModuleCodeTeachersAnswer['problems'];
  numerals: ModuleCodeTeachersAnswer['numerals'];
  studentsData: ModuleCodeTeachersAnswer['studentsData'];
  numeralsStats: ModuleCodeTeachersAnswer['numeralsStats'];
}

/**
 * An activity an LMS instructor placed or opened before (lti/recent-activities/): its module, the
 * activity code the picker sends, and the course where it was last used.
 */
export interface LtiRecentActivity {
  moduleId: number;
  name: string;
  activityCode: string;
  contextTitle: string;
}
