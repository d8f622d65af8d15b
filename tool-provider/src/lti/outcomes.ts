import crypto from 'node:crypto';
import type { Logger } from '../logger';
import type { LtiRepository } from './lti.repository';
import { authorizationForBody } from './oauth1';
import type { DueOutcome, OutcomeRepository } from './outcome.repository';

/** How long one claimed row is reserved for its sender before another may try. */
const LEASE_MS = 2 * 60 * 1000;
/** The first retry waits this long; each further one twice as long. */
const FIRST_RETRY_MS = 30 * 1000;
/** The longest wait between two tries. */
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
/** After this many failed tries in a row a score is given up (a newer score starts again). */
export const MAX_OUTCOME_ATTEMPTS = 12;
/** How long the platform may take to answer. */
const SEND_TIMEOUT_MS = 15 * 1000;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The LTI 1.1 Basic Outcomes replaceResult request for a sourcedid and a score in [0, 1]. */
export function replaceResultXml(sourcedid: string, score: number, messageId: string): string {
  const value = Math.min(1, Math.max(0, score));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<imsx_POXEnvelopeRequest xmlns="http://www.imsglobal.org/services/ltiv1p1/xsd/imsoms_v1p0">` +
    `<imsx_POXHeader><imsx_POXRequestHeaderInfo><imsx_version>V1.0</imsx_version>` +
    `<imsx_messageIdentifier>${escapeXml(messageId)}</imsx_messageIdentifier>` +
    `</imsx_POXRequestHeaderInfo></imsx_POXHeader>` +
    `<imsx_POXBody><replaceResultRequest><resultRecord>` +
    `<sourcedGUID><sourcedId>${escapeXml(sourcedid)}</sourcedId></sourcedGUID>` +
    `<result><resultScore><language>en</language><textString>${Number(value.toFixed(4))}</textString></resultScore></result>` +
    `</resultRecord></replaceResultRequest></imsx_POXBody></imsx_POXEnvelopeRequest>`
  );
}

/** The imsx_codeMajor of a Basic Outcomes answer (`success`, `failure`, …), whatever its prefix; null if absent. */
export function codeMajorOf(xml: string): string | null {
  const match = /<(?:[\w-]+:)?imsx_codeMajor\b[^>]*>\s*([^<\s]+)\s*<\//.exec(xml);
  return match?.[1] ?? null;
}

/** The wait before try number `attempt + 1` after `attempt` failures. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
}

/**
 * Sends pending Basic Outcomes (an outbox persisted in lti11_outcomes): each due row is claimed,
 * signed with its consumer's secret (oauth_body_hash = base64(SHA-1(body))), posted as
 * application/xml, and counted as sent only when the answer says imsx_codeMajor=success (an HTTP
 * 200 with failure is a failure). Failures are retried with exponential backoff; since the state is
 * in the database, a restarted or second instance resumes where the first stopped.
 */
export class OutcomeSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      outcomes: OutcomeRepository;
      consumers: LtiRepository;
      logger: Logger;
      fetch?: typeof fetch;
      now?: () => Date;
      /** Rows sent per pass. */
      batchSize?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Sends every row due now, once; answers how many were sent and how many failed. */
  async runOnce(): Promise<{ sent: number; failed: number }> {
    const now = this.now();
    const due = await this.deps.outcomes.claimDue(
      now,
      new Date(now.getTime() + LEASE_MS),
      this.deps.batchSize ?? 20,
    );
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      const error = await this.send(row).catch((err: unknown) => (err as Error).message || String(err));
      if (error === null) {
        sent++;
        await this.deps.outcomes.markSent(row.id, row.version, row.score, this.now());
      } else {
        failed++;
        const attempt = row.attempts + 1;
        const retryAt =
          attempt >= MAX_OUTCOME_ATTEMPTS
            ? null
            : new Date(this.now().getTime() + retryDelayMs(row.attempts));
        await this.deps.outcomes.markFailed(row.id, row.version, error, retryAt);
        this.deps.logger.warn(
          { outcome: row.id, attempt, error, givenUp: retryAt === null },
          'grade not sent',
        );
      }
    }
    return { sent, failed };
  }

  /** Posts one replaceResult; null on success, else why it failed. */
  private async send(row: DueOutcome): Promise<string | null> {
    const consumer = await this.deps.consumers.findConsumer(row.consumerKey);
    if (!consumer) return 'the consumer is no longer registered';
    const body = replaceResultXml(row.sourcedid, row.score, crypto.randomUUID());
    const authorization = authorizationForBody(
      { consumerKey: consumer.consumerKey, secret: consumer.secret, now: () => this.now() },
      row.serviceUrl,
      body,
    );
    const response = await (this.deps.fetch ?? fetch)(row.serviceUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/xml', authorization, accept: 'application/xml' },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) return `HTTP ${response.status}`;
    const codeMajor = codeMajorOf(text);
    return codeMajor === 'success' ? null : `imsx_codeMajor ${codeMajor ?? 'missing'}`;
  }

  /** Runs a pass every `intervalMs` until stopped; passes never overlap. */
  start(intervalMs = 5_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'grade sender pass failed'))
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the loop and waits for a pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
