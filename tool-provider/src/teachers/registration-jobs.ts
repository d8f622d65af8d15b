import type { NewStudentRow, RegisterStudentsAnswer, RegistrationJob } from '@kib/core';
import type { Language } from '@kib/i18n';
import { AppError } from '../http/errors';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue';
import { jobTry, jobView, type JobOutput } from '../jobs/job-view';
import type { Sealer } from '../crypto/sealed';
import type { Logger } from '../logger';
import type { TeacherService } from './teacher.service';

/** The queue of bulk registrations. */
export const REGISTRATION_QUEUE = 'student-registration';

/**
 * How a registration is retried: twice, after 5–10 s and 10–20 s (it is written in one transaction,
 * so a failed try leaves nothing half-done); one whose worker died is tried again after 15 minutes,
 * more than 5,000 rows take.
 */
export const REGISTRATION_RETRY: RetryPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  backoff: true,
  expireInSeconds: 15 * 60,
};

/**
 * Passwords one registration hashes at once: one of libuv's four threads, so students who log in
 * meanwhile (argon2 runs on the same threads) are not kept waiting behind thousands of hashes.
 */
const HASH_CONCURRENCY = 1;

/** A registration as it waits in the queue: its rows (passwords included) sealed. */
interface RegistrationRequest {
  teacherId: number;
  classroomId: number;
  language: 'es' | 'en';
  /** The rows, sealed (`NewStudentRow[]`). */
  rows: string;
}

/** A registration's output: its outcome sealed (the new accounts' passwords are in it), or its failure. */
type RegistrationOutput = JobOutput<string>;

/**
 * Bulk registrations as jobs of the `student-registration` queue (ADR 15): `submit` checks that the
 * teacher may register students in the classroom, stores the rows and answers at once; a worker on
 * any instance registers them, hashing passwords one at a time; `status` tells the teacher where it
 * stands and, once done, answers each row's outcome once, then forgets it. The rows and the outcome
 * hold passwords in plain text, so both are sealed (AES-256-GCM under a key derived from Kib's
 * secret) before they reach the queue's tables.
 */
export class RegistrationJobs {
  constructor(
    private readonly deps: {
      jobs: JobQueue | null;
      teachers: TeacherService;
      sealed: Sealer;
      logger: Logger;
    },
  ) {}

  /** Declares the queue and starts its worker on this instance (nothing without a queue). */
  async start(pollingSeconds?: number): Promise<void> {
    const { jobs, teachers, sealed, logger } = this.deps;
    if (!jobs) return;
    await jobs.queue(REGISTRATION_QUEUE, REGISTRATION_RETRY);
    await jobs.work<RegistrationRequest>(
      REGISTRATION_QUEUE,
      (request, job): Promise<RegistrationOutput> =>
        jobTry(
          async () => {
            const rows = sealed.open<NewStudentRow[]>(request.rows);
            const answer = await teachers.registerStudents(
              request.classroomId,
              rows,
              request.language,
              HASH_CONCURRENCY,
            );
            logger.info(
              { job: job.id, classroomId: request.classroomId, rows: rows.length },
              'students registered',
            );
            return sealed.seal(answer);
          },
          {
            lastTry: job.lastTry,
            heard: (err, retry) => {
              // A refusal (the school's plan) is the teacher's to read, not the log's.
              if (err instanceof AppError && err.status < 500) return;
              if (retry)
                logger.warn({ job: job.id, err: (err as Error).message }, 'registration failed, will retry');
              else logger.error({ job: job.id, err }, 'registration given up');
            },
          },
        ),
      { retryLimit: REGISTRATION_RETRY.retryLimit, pollingSeconds },
    );
  }

  /**
   * Starts registering `rows()` in one of the teacher's classrooms: 403 without a running plan, 404
   * for a classroom that is not theirs (checked before the rows are read, a spreadsheet parsed);
   * answers it queued. Nothing is queued when `rows()` refuses.
   */
  async submit(
    teacherId: number,
    classroomId: number,
    rows: () => NewStudentRow[] | Promise<NewStudentRow[]>,
    language: 'es' | 'en',
  ): Promise<RegistrationJob> {
    const { jobs, teachers, sealed } = this.deps;
    await teachers.admitRegistration(teacherId, classroomId);
    if (!jobs) throw new AppError(503, 'internal');
    const request: RegistrationRequest = {
      teacherId,
      classroomId,
      language,
      rows: sealed.seal(await rows()),
    };
    const id = await jobs.send(REGISTRATION_QUEUE, request);
    return { id, state: 'queued', failedTries: 0, answer: null, error: null };
  }

  /**
   * Where one of the teacher's registrations stands; 404 for an unknown id, another person's, or one
   * whose outcome was already answered: the passwords in it are shown once.
   */
  async status(teacherId: number, id: string, language: Language): Promise<RegistrationJob> {
    const { jobs, sealed } = this.deps;
    const job = jobs ? await jobs.job<RegistrationRequest, RegistrationOutput>(REGISTRATION_QUEUE, id) : null;
    if (!jobs || !job || job.data.teacherId !== teacherId) throw AppError.notFound();
    const view = jobView<RegisterStudentsAnswer, RegistrationOutput>(id, job, language, (output) =>
      'answer' in output ? sealed.open<RegisterStudentsAnswer>(output.answer) : null,
    );
    if (view.state === 'done' || view.state === 'failed') {
      // Answered once: a second reader (or a copy of the database later) finds nothing.
      if (!(await jobs.remove(REGISTRATION_QUEUE, id))) throw AppError.notFound();
    }
    return view;
  }
}
