import { z, type ZodType } from 'zod';

/**
 * Where a background job stands: `queued` (waiting for a worker, or for its next try after one
 * failed), `running`, `done` (with its `answer`) or `failed` (with the `error` of its last try).
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** One of JOB_STATES. */
export type JobState = (typeof JOB_STATES)[number];

/**
 * A piece of work the server runs in the background (on a job queue, so it survives a restart and a
 * failed try is retried): answered at once when it is asked for, then followed by its id until its
 * `answer` (of schema `answer`) or its `error` is there.
 */
export function backgroundJobSchema<A extends ZodType>(answer: A) {
  return z.object({
    id: z.string(),
    state: z.enum(JOB_STATES),
    /** The tries that failed so far (each is followed by another, with back-off, until the last). */
    failedTries: z.number().int().min(0),
    answer: answer.nullable(),
    /** Why the last try failed, in the reader's language, once the job has failed. */
    error: z.object({ status: z.number().int(), code: z.string(), detail: z.string() }).nullable(),
  });
}
