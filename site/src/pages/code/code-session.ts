import { useCallback, useState } from 'react';
import { z } from 'zod';

/**
 * What this tab remembers of a code activity: a registered student's code, id and access token, or
 * a teacher's code.
 */
export type CodeSession =
  | { role: 'student'; moduleCode: string; tempStudentId: number; access: string }
  | { role: 'teacher'; moduleCode: string };

const CodeSessionSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('student'),
    moduleCode: z.string().min(1).max(32),
    tempStudentId: z.number().int().positive(),
    access: z.string().min(1).max(4000),
  }),
  z.object({ role: z.literal('teacher'), moduleCode: z.string().min(1).max(32) }),
]);

const STORAGE_KEY = 'kib:code-activity';

/*
 * The activity lives in sessionStorage: a reload (or the solve page and back) keeps the student in
 * their activity and the teacher on the results, as the spec's cookie did, but the tab's end ends it,
 * so the next student on a shared classroom computer starts clean; and the token never travels as a
 * cookie to the server, where it could be sent without the page asking.
 */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The remembered activity of this tab, or null (nothing stored, or something unreadable). */
export function readCodeSession(): CodeSession | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = CodeSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers the activity for this tab, or forgets it (`null`). */
export function writeCodeSession(session: CodeSession | null): void {
  const store = storage();
  if (!store) return;
  if (session) store.setItem(STORAGE_KEY, JSON.stringify(session));
  else store.removeItem(STORAGE_KEY);
}

/** The tab's activity and the function that changes (and remembers) it. */
export function useCodeSession(): [CodeSession | null, (next: CodeSession | null) => void] {
  const [session, setState] = useState<CodeSession | null>(readCodeSession);
  const setSession = useCallback((next: CodeSession | null) => {
    writeCodeSession(next);
    setState(next);
  }, []);
  return [session, setSession];
}
