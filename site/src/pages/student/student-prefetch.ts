import type { ApiClient } from '@kib/api-client';
import type { PublicProblem } from '@kib/core';
import type { LoaderFunctionArgs } from 'react-router';
import { siteApi } from '../../app/api';
import { idParam } from '../../app/query-id';
import { siteQueryClient } from '../../app/providers';
import { startSession } from '../../auth/auth';
import { studentClassroomsQuery } from './student-data';

interface Prefetched {
  api: ApiClient;
  problemId: number;
  problem: Promise<PublicProblem>;
}

let prefetched: Prefetched | null = null;

/**
 * Asks for the problem of a solve page as soon as the session has a token, beside the current user
 * and while the page's code and MathLive are still downloading; the page takes it when it renders
 * (`takePrefetchedProblem`). A failure is the page's to report: it asks again and shows its error.
 * `demo`: the anonymous demo's page, which needs no session.
 */
export function prefetchProblem(api: ApiClient, problemId: number, demo: boolean): void {
  const problem = startSession(api).then((session) => {
    // A private page without a session goes to the login page: nothing to ask for.
    if (!session && !demo) throw new Error('no session');
    return api.endpoints.problem({ params: { id: String(problemId) } });
  });
  // Nobody may take it (the reader left at once): its failure is not an unhandled rejection.
  problem.catch(() => undefined);
  prefetched = { api, problemId, problem };
}

/** The problem asked for ahead of the page, once, when it is this client's and this problem's. */
export function takePrefetchedProblem(api: ApiClient, problemId: number): Promise<PublicProblem> | null {
  const hit = prefetched && prefetched.api === api && prefetched.problemId === problemId ? prefetched : null;
  if (hit) prefetched = null;
  return hit?.problem ?? null;
}

/** The solve routes' loader: starts the problem's request and lets the page render without waiting. */
export function solveRouteLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const problemId = idParam(url.searchParams, 'problem');
  if (problemId !== null) prefetchProblem(siteApi(), problemId, url.pathname.startsWith('/demo/'));
  return null;
}

/**
 * The student area's loader: the student's classrooms (which the home, the modules and a module's
 * solve page show) are asked for as soon as the session is restored, beside users/me, into the cache
 * the pages read. A solve page outside a module does not need them.
 */
export function studentAreaLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  if (url.pathname.startsWith('/student/solve') && !url.searchParams.has('module')) return null;
  const api = siteApi();
  void startSession(api).then((session) =>
    session ? siteQueryClient().prefetchQuery(studentClassroomsQuery(api)) : undefined,
  );
  return null;
}
