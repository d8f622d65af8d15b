import type { CurrentUser } from '@kib/api-client';
import type { ProblemReviewAnswer, ReviewRequest, ReviewState, ReviewVerdict } from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/api';
import { creatorProblemKey, retryUnlessRefused } from '../creator-data';

/** The review list (spec 02 §2 "Creators review list"). */
export const CREATOR_REVIEWS = '/creator/reviews';
/** A problem's review page. */
export const reviewPath = (problemId: number) => `${CREATOR_REVIEWS}/${problemId}`;

/** Does this user review other creators' problems (a supervisor)? The server decides again on every call. */
export function isSupervisorUser(user: Pick<CurrentUser, 'groups'> | null): boolean {
  return Boolean(user?.groups.includes('Supervisors'));
}

/** Does this user take part in reviews (a creator or a supervisor), and so see the 'Reviews' link? */
export function takesPartInReviews(user: Pick<CurrentUser, 'groups'> | null): boolean {
  return Boolean(user?.groups.some((g) => g === 'Creators' || g === 'Supervisors'));
}

/** A day as `YYYY-MM-DD` in the reader's time zone (the value of a date input). */
export function dayValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Is `value` a day of a date input (`YYYY-MM-DD`) that exists? */
export function isDayValue(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The window of a list by default: the last 30 days, today included. */
export function defaultRange(today = new Date()): { start: string; end: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
  return { start: dayValue(start), end: dayValue(today) };
}

/**
 * The window of two days of date inputs, both included, in the reader's time zone: from the first
 * day's midnight to the midnight after the last day, as the API's start (included) and end (not).
 */
export function rangeOf(start: string, end: string): { start: string; end: string } {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(sy, sm - 1, sd).toISOString(),
    end: new Date(ey, em - 1, ed + 1).toISOString(),
  };
}

const REVIEWS_KEY = ['creator-reviews'] as const;
/** Reviews change by other people's hands (the author's, a supervisor's): read again whenever shown. */
const FRESH = { staleTime: 0, refetchOnMount: 'always' } as const;
const reviewKey = (problemId: number) => [...REVIEWS_KEY, 'problem', problemId] as const;

/** The supervisor's creators list with their counts (POST get_creators_review_list/). */
export function useCreatorsReviewList(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...REVIEWS_KEY, 'creators'],
    queryFn: () => api.endpoints.creatorsReviewList({ body: {} }),
    enabled,
    retry: retryUnlessRefused,
    ...FRESH,
  });
}

/** One creator's current or passed reviews in a window of days (POST get_reviews_by_date/). */
export function useReviewsByDate(
  request: { creator: number; state: ReviewState; start: string; end: string } | null,
) {
  const api = useApi();
  return useQuery({
    queryKey: [...REVIEWS_KEY, 'by-date', request],
    queryFn: () =>
      api.endpoints.reviewsByDate({
        body: { ...rangeOf(request!.start, request!.end), creator: request!.creator, state: request!.state },
      }),
    enabled: request !== null,
    retry: retryUnlessRefused,
    ...FRESH,
  });
}

/** A problem's review and its history (GET creator/reviews/{id}/). */
export function useProblemReview(problemId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: reviewKey(problemId ?? 0),
    queryFn: () => api.endpoints.problemReview({ params: { id: String(problemId) } }),
    enabled: problemId !== null,
    retry: retryUnlessRefused,
    ...FRESH,
  });
}

/** Puts a changed review in the cache; the lists and the problem (its publish switch) are read again. */
function useReviewChanged(problemId: number) {
  const queryClient = useQueryClient();
  return (answer: ProblemReviewAnswer) => {
    queryClient.setQueryData(reviewKey(problemId), answer);
    void queryClient.invalidateQueries({ queryKey: [...REVIEWS_KEY, 'creators'] });
    void queryClient.invalidateQueries({ queryKey: [...REVIEWS_KEY, 'by-date'] });
    void queryClient.invalidateQueries({ queryKey: ['creator-problems'] });
    queryClient.removeQueries({ queryKey: creatorProblemKey(problemId) });
  };
}

/** The author's switches (PUT creator/reviews/{id}/requests/). */
export function useRequestReview(problemId: number) {
  const api = useApi();
  const changed = useReviewChanged(problemId);
  return useMutation({
    mutationFn: (body: ReviewRequest) =>
      api.endpoints.requestReview({ params: { id: String(problemId) }, body }),
    onSuccess: changed,
  });
}

/** The supervisor's verdicts and feedback (PATCH creator/reviews/{id}/). */
export function useReviewProblem(problemId: number) {
  const api = useApi();
  const changed = useReviewChanged(problemId);
  return useMutation({
    mutationFn: (body: ReviewVerdict) =>
      api.endpoints.reviewProblem({ params: { id: String(problemId) }, body }),
    onSuccess: changed,
  });
}
