import { useCallback, useState } from 'react';

/**
 * What this tab remembers of a code activity: a registered student's code, id and access token, or
 * a teacher's code.
 */
export type CodeSession =
  | { role: 'student'; moduleCode: string; tempStudentId: number; access: string }
  | { role: 'teacher'; moduleCode: string };

/** A string of `min` to `max` characters. */
function text(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

/**
 * The stored activity read back, or null when it is not one. The check is written out rather than a
 * schema: the solve page reads it before its first render, and a phone should not download a
 * validation library for two shapes this page wrote itself.
 */
function codeSessionOf(value: unknown): CodeSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const { role, moduleCode, tempStudentId, access } = value as Record<string, unknown>;
  if (!text(moduleCode, 1, 32)) return null;
  if (role === 'teacher') return { role, moduleCode };
  if (role !== 'student' || !text(access, 1, 4000)) return null;
  if (typeof tempStudentId !== 'number' || !Number.isInteger(tempStudentId) || tempStudentId < 1) return null;
  return { role, moduleCode, tempStudentId, access };
}

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
    return codeSessionOf(JSON.parse(raw));
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
