import type { JobState } from '@kib/core';
import type { Language } from '@kib/i18n';
import { AppError, renderError, type ErrorCode, type Message } from '../http/errors';

/** Why a job's last try failed, as its output keeps it (translated when it is read). */
export interface JobFailure {
  status: number;
  code: ErrorCode;
  detail: Message;
}

/** What a finished job keeps as its output: its answer, or its failure. */
export type JobOutput<A> = { answer: A } | { error: JobFailure };

/** The failure of a last try that was not a refusal of Kib's own (a bug, a worker that died). */
export const JOB_BROKE: JobFailure = { status: 500, code: 'internal', detail: { key: 'errors.internal' } };

/** A job as a client follows it (the core's `backgroundJobSchema`). */
export interface JobView<A> {
  id: string;
  state: JobState;
  failedTries: number;
  answer: A | null;
  error: { status: number; code: string; detail: string } | null;
}

/**
 * The SQLSTATE classes of a statement the database refuses for its data (22: a value too long, out
 * of range, malformed; 23: a broken constraint): the same statement fails the same way every time.
 */
const DATA_REFUSED = /^2[23]/;

/** Whether another try of the work that threw `err` would fail the same way. */
export function failsAgain(err: unknown): boolean {
  if (err instanceof AppError) return err.status < 500;
  const e = err as { parent?: { code?: unknown }; original?: { code?: unknown }; code?: unknown } | null;
  const code = e?.parent?.code ?? e?.original?.code ?? e?.code;
  return typeof code === 'string' && code.length === 5 && DATA_REFUSED.test(code);
}

/**
 * One try of a job whose output is its answer or its failure: `run`'s answer, or, when it throws, the
 * failure to keep. A failure another try cannot mend ({@link failsAgain}: a refusal, an AppError
 * below 500, or data the database refuses) is kept at once; anything else is thrown again for the
 * queue to retry, until the last try, whose failure is kept (`broke` for an error that is not an
 * AppError). `heard` is told of each failure and whether a retry follows.
 */
export async function jobTry<A>(
  run: () => Promise<A>,
  options: { lastTry: boolean; broke?: JobFailure; heard: (err: unknown, retry: boolean) => void },
): Promise<JobOutput<A>> {
  try {
    return { answer: await run() };
  } catch (err) {
    const retry = !failsAgain(err) && !options.lastTry;
    options.heard(err, retry);
    if (retry) throw err;
    return {
      error:
        err instanceof AppError
          ? { status: err.status, code: err.code, detail: err.detail }
          : (options.broke ?? JOB_BROKE),
    };
  }
}

/**
 * A pg-boss job as its owner sees it: created or waiting for a retry is `queued`, active is
 * `running`, completed with an answer is `done`; anything else has `failed`, with the failure its
 * output keeps (or `broke`) in `language`. `answerOf` reads the answer from the output.
 */
export function jobView<A, O extends object>(
  id: string,
  job: { state: string; retryCount: number; output: O | null },
  language: Language,
  answerOf: (output: O) => A | null,
  broke: JobFailure = JOB_BROKE,
): JobView<A> {
  const base = { id, failedTries: job.retryCount, answer: null, error: null };
  if (job.state === 'created' || job.state === 'retry') return { ...base, state: 'queued' };
  if (job.state === 'active') return { ...base, state: 'running' };
  const answer = job.state === 'completed' && job.output ? answerOf(job.output) : null;
  if (answer !== null) return { ...base, state: 'done', answer };
  const output = job.output as Partial<{ error: JobFailure }> | null;
  const failure = output?.error && typeof output.error.code === 'string' ? output.error : broke;
  const rendered = renderError(new AppError(failure.status, failure.code, failure.detail), language);
  return {
    ...base,
    state: 'failed',
    error: { status: failure.status, code: rendered.code, detail: rendered.detail },
  };
}
