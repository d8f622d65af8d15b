import { useSearchParams } from 'react-router';

/** The creation tool's query parameter naming the LMS selection it was opened from. */
export const LMS_SELECTION_PARAM = 'lti';

/** The activity picker's query parameter carrying the activity code to send to the LMS at once. */
export const PICKER_CODE_PARAM = 'code';

/** A selection id as the server makes them (base64url), or null for anything else. */
export function selectionOf(raw: string | null): string | null {
  return raw && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : null;
}

/**
 * The creation tool for a new problem, opened from the LMS selection `selection`: in the same frame,
 * where the LMS session (kept in the page's memory, never in a cookie) carries over.
 */
export function creationToolPath(selection: string): string {
  return `/creator/tool?${new URLSearchParams({ [LMS_SELECTION_PARAM]: selection }).toString()}`;
}

/** The activity picker of `selection`; with `code`, it sends that activity code to the LMS at once. */
export function pickerPath(selection: string, code?: string): string {
  const query = new URLSearchParams({ selection });
  if (code) query.set(PICKER_CODE_PARAM, code);
  return `/moodleteacher?${query.toString()}`;
}

/** The LMS selection the current page was opened from (`?lti=`), or null outside an LMS. */
export function useLmsSelection(): string | null {
  const [params] = useSearchParams();
  return selectionOf(params.get(LMS_SELECTION_PARAM));
}
