import { ApiError, type ApiClient } from '@kib/api-client';
import type { AiProblemAnswer, API, ResponseOf } from '@kib/core';

/** A generation as the API answers it. */
export type AiJobAnswer = ResponseOf<typeof API.aiProblemJob>;

/** How often a generation under way is asked about. */
export const AI_JOB_POLL_MS = 1000;

/** How many answers in a row from a server that is away (a restart, the network) are waited out. */
const MISSES_WAITED = 60;

/** The longest a generation is followed: past it, the page stops waiting (the server gives up sooner). */
const FOLLOW_MAX_MS = 20 * 60_000;

/**
 * Follows a generation (create_ai_problem/{id}/) until it is done, reporting each state it passes
 * through, and answers its draft; throws its failure as an ApiError (the server's translated reason),
 * the call's error when the server refuses the question (4xx), or `tooLong()` past twenty minutes.
 * A server that is away for a while (a restart: the generation resumes on its own) is asked again.
 */
export async function followAiJob(
  api: ApiClient,
  first: AiJobAnswer,
  options: {
    onProgress: (job: AiJobAnswer) => void;
    tooLong: () => Error;
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
  },
): Promise<AiProblemAnswer> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  let job = first;
  let misses = 0;
  for (;;) {
    options.onProgress(job);
    // The draft as the creation tool's store takes it (the wire's optional fields are filled in there).
    if (job.state === 'done' && job.answer) return job.answer as AiProblemAnswer;
    if (job.state === 'failed' || job.state === 'done')
      throw new ApiError(job.error?.status ?? 502, job.error?.code ?? 'ai-failed', job.error?.detail ?? '');
    if (now() - started > FOLLOW_MAX_MS) throw options.tooLong();
    await sleep(AI_JOB_POLL_MS);
    try {
      job = await api.endpoints.aiProblemJob({ params: { id: job.id } });
      misses = 0;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) throw err;
      if (++misses >= MISSES_WAITED) throw err;
    }
  }
}
