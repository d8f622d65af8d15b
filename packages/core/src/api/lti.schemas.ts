import { z } from 'zod';

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
