import { ApiError, type ApiClient } from '@kib/api-client';
import type { ActivityProblem, ModuleCodeStudentsAnswer } from '@kib/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createTokenClient, useApi } from '../../app/api';
import { useLanguage } from '../../i18n/language';
import type { CodeSession } from './code-session';

/** The longest code the server reads, once spaces are dropped. */
export const CODE_MAX_LENGTH = 32;

/** A code as the server reads it: without spaces, upper case. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** True when the server said the code is wrong, unknown or expired ('Codigo erroneo!'). */
export function isWrongCode(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'module-code-invalid';
}

/** True for failures that trying again will not fix (the server answered with a 4xx). */
export function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The cache key of a registered student's view of their activity. */
export function studentActivityKey(session: { moduleCode: string; tempStudentId: number }) {
  return ['code-activity', 'student', session.moduleCode, session.tempStudentId] as const;
}

/** The cache key of a teacher's results. */
export function teacherActivityKey(moduleCode: string) {
  return ['code-activity', 'teacher', moduleCode] as const;
}

/**
 * A client holding the temporary student's token, answering in the reader's language; `onEnded`
 * (stable across renders) is told when the server refuses the token.
 */
export function useTempStudentApi(access: string, onEnded?: () => void): ApiClient {
  const site = useApi();
  const { language } = useLanguage();
  return useMemo(() => createTokenClient(site, access, language, onEnded), [site, access, language, onEnded]);
}

/**
 * The registered student's activity: the module, its problems and the student's own stats, read
 * with their token (so the server adds their record). Wrong codes and other 4xx are not retried.
 */
export function useStudentActivity(session: Extract<CodeSession, { role: 'student' }>) {
  const api = useTempStudentApi(session.access);
  return useQuery({
    queryKey: studentActivityKey(session),
    queryFn: () => api.endpoints.validateStudentCode({ query: { moduleCode: session.moduleCode } }),
    retry: (failures, error) => !isFinal(error) && failures < 1,
  });
}

/** A problem with how much of it the student has completed. */
export interface ProblemProgress extends ActivityProblem {
  completed: number;
  done: boolean;
}

/** The student's progress per problem, from their completed numerals. */
export function problemProgress(answer: ModuleCodeStudentsAnswer): ProblemProgress[] {
  const completed = new Set(answer.numeralsStats.filter((s) => s.completed).map((s) => s.numeralId));
  return answer.problems.map((problem) => {
    const count = problem.numerals.filter((n) => completed.has(n.id)).length;
    return {
      ...problem,
      completed: count,
      done: problem.numerals.length > 0 && count === problem.numerals.length,
    };
  });
}
