import type { Logger } from '../logger';
import type { JobQueue, RetryPolicy } from '../jobs/job-queue';
import type { MailMessage, Mailer } from './mailer';

/** The queue of outgoing mail. */
export const MAIL_QUEUE = 'mail';

/**
 * How mail is retried: 30 s, then doubling (about 1 h 4 min after the eighth try; 2 h 8 min in all),
 * and a message whose sender died is tried again after 2 minutes.
 */
export const MAIL_RETRY: RetryPolicy = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  backoff: true,
  expireInSeconds: 120,
};

/**
 * A {@link Mailer} whose `send` stores the message as a job (so a mail server that is down, or a
 * restart, loses nothing) and whose worker hands it to `transport`, retried on the queue's back-off.
 * A message still refused after the last try is logged at error level, by recipient and subject.
 */
export class QueuedMailer implements Mailer {
  constructor(
    private readonly deps: { jobs: JobQueue; transport: Mailer; logger: Logger; policy?: RetryPolicy },
  ) {}

  private get policy(): RetryPolicy {
    return this.deps.policy ?? MAIL_RETRY;
  }

  /** Declares the mail queue and starts its worker on this instance. */
  async start(pollingSeconds?: number): Promise<void> {
    const { jobs, transport, logger } = this.deps;
    await jobs.queue(MAIL_QUEUE, this.policy);
    await jobs.work<MailMessage>(
      MAIL_QUEUE,
      async (message, job) => {
        try {
          await transport.send(message);
        } catch (err) {
          const about = {
            job: job.id,
            to: message.to,
            subject: message.subject,
            err: (err as Error).message,
          };
          if (job.lastTry) logger.error(about, 'mail given up after its last try');
          else logger.warn(about, 'mail not sent, will retry');
          throw err;
        }
      },
      { retryLimit: this.policy.retryLimit, pollingSeconds },
    );
  }

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, replyTo } = message;
    await this.deps.jobs.send(MAIL_QUEUE, replyTo ? { to, subject, text, replyTo } : { to, subject, text });
  }

  close(): void {
    this.deps.transport.close();
  }
}
