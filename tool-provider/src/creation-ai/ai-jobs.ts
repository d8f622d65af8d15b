import type { AiJob, AiProblemAnswer, AiProblemData } from '@kib/core';
import type { Language } from '@kib/i18n';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue';
import { jobTry, jobView, type JobFailure, type JobOutput } from '../jobs/job-view';
import type { Logger } from '../logger';
import type { AiRequest, CreationAiService } from './creation-ai.service';

/** The queue of AI generations. */
export const AI_QUEUE = 'ai-problem';

/**
 * How a generation is retried when the model is busy, slow or failing: two more tries, 10–20 s and
 * then 20–40 s later (pg-boss's back-off, with jitter); a generation whose worker died (a restart) is
 * tried again once its lease of the model's timeout and a minute has passed.
 */
export function aiRetryPolicy(modelTimeoutMs: number): RetryPolicy {
  return {
    retryLimit: 2,
    retryDelaySeconds: 10,
    backoff: true,
    expireInSeconds: Math.ceil(modelTimeoutMs / 1000) + 60,
  };
}

/** What a finished generation keeps as its job's output. */
type AiOutput = JobOutput<AiProblemAnswer>;

/** The failure of a generation's last try that was not the model's own (a bug, a lost worker). */
const FAILED: JobFailure = { status: 502, code: 'ai-failed', detail: { key: 'errors.ai-failed' } };

/**
 * AI generations as jobs of the `ai-problem` queue (ADR 15): `submit` checks the creator's request,
 * stores it and answers at once; a worker on any instance asks the model and keeps the draft, or the
 * reason, as the job's output; `status` tells the creator where their generation stands. A try the
 * model fails (busy, timed out, an answer that is not a problem) is retried with back-off, and a
 * generation survives a restart of the instance that was running it.
 */
export class AiJobs {
  constructor(
    private readonly deps: {
      jobs: JobQueue | null;
      service: CreationAiService;
      logger: Logger;
      policy: RetryPolicy;
    },
  ) {}

  /** Declares the queue and starts its worker on this instance (nothing without a queue). */
  async start(pollingSeconds?: number): Promise<void> {
    const { jobs, service, logger, policy } = this.deps;
    if (!jobs) return;
    await jobs.queue(AI_QUEUE, policy);
    await jobs.work<AiRequest>(
      AI_QUEUE,
      (request, job): Promise<AiOutput> =>
        jobTry(() => service.generate(request), {
          lastTry: job.lastTry,
          broke: FAILED,
          heard: (err, retry) => {
            const code = err instanceof AppError ? err.code : 'error';
            logger.warn(
              { job: job.id, userId: request.userId, code, retry },
              retry ? 'AI generation failed, will retry' : 'AI generation given up',
            );
            if (!(err instanceof AppError)) logger.error({ err, job: job.id }, 'AI generation broke');
          },
        }),
      { retryLimit: policy.retryLimit, pollingSeconds },
    );
  }

  /** Checks and stores a creator's request (see `CreationAiService.admit`); answers it queued. */
  async submit(principal: Principal, data: AiProblemData, files: UploadedFile[]): Promise<AiJob> {
    const { jobs, service } = this.deps;
    // Before anything is spent: without a queue this instance cannot run a generation.
    if (!jobs) throw new AppError(503, 'ai-not-configured');
    const request = await service.admit(principal, data, files);
    const id = await jobs.send(AI_QUEUE, request);
    return { id, state: 'queued', failedTries: 0, answer: null, error: null };
  }

  /** Where one of the creator's generations stands; 404 for an unknown id or another person's. */
  async status(principal: Principal, id: string, language: Language): Promise<AiJob> {
    const job = this.deps.jobs ? await this.deps.jobs.job<AiRequest, AiOutput>(AI_QUEUE, id) : null;
    if (!job || job.data.userId !== principal.userId) throw AppError.notFound();
    return jobView(id, job, language, (output) => ('answer' in output ? output.answer : null), FAILED);
  }
}
