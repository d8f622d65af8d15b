import { ApiError } from '@kib/api-client';
import type { JobState } from '@kib/core';

/** How often a job under way is asked about. */
export const JOB_POLL_MS = 1000;

/** How many answers in a row from a server that is away (a restart, the network) are waited out. */
const MISSES_WAITED = 60;

/** The longest a job is followed: past it, the page stops waiting (the server gives up sooner). */
const FOLLOW_MAX_MS = 20 * 60_000;

/** A background job as the API answers it (the core's `backgroundJobSchema`). */
export interface FollowedJob<A> {
  id: string;
  state: JobState;
  failedTries: number;
  answer: A | null;
  error: { status: number; code: string; detail: string } | null;
}

/**
 * Follows a background job (an AI generation, a bulk registration) by asking `poll` about it every
 * second until it is done, reporting each state it passes through, and answers its answer. Throws its
 * failure as an ApiError (the server's translated reason), the poll's error when the server refuses
 * the question (4xx), or `tooLong()` past twenty minutes. A server that is away for a while (a
 * restart: the job resumes on its own) is asked again.
 */
export async function followJob<A>(
  first: FollowedJob<A>,
  poll: (id: string) => Promise<FollowedJob<A>>,
  options: {
    onProgress: (job: FollowedJob<A>) => void;
    tooLong: () => Error;
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
  },
): Promise<A> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  let job = first;
  let misses = 0;
  for (;;) {
    options.onProgress(job);
    if (job.state === 'done' && job.answer !== null) return job.answer;
    if (job.state === 'failed' || job.state === 'done')
      throw new ApiError(job.error?.status ?? 500, job.error?.code ?? 'internal', job.error?.detail ?? '');
    if (now() - started > FOLLOW_MAX_MS) throw options.tooLong();
    await sleep(JOB_POLL_MS);
    try {
      job = await poll(job.id);
      misses = 0;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) throw err;
      if (++misses >= MISSES_WAITED) throw err;
    }
  }
}
