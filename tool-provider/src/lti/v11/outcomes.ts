import crypto from 'node:crypto';
import type { Logger } from '../../logger';
import type { LtiRepository } from '../shared/lti.repository';
import { authorizationForBody } from './oauth1';
import type { DueOutcome, OutcomeRepository } from './outcome.repository';
import { OutboxSender } from '../shared/outbox';

export { MAX_OUTCOME_ATTEMPTS, retryDelayMs } from '../shared/outbox';

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

/**
 * Sends pending Basic Outcomes (the outbox in lti11_outcomes): each replaceResult is signed with its
 * consumer's secret (oauth_body_hash = base64(SHA-1(body))), posted as application/xml, and counted
 * as sent only when the answer says imsx_codeMajor=success (an HTTP 200 with failure is a failure).
 */
export class OutcomeSender extends OutboxSender<DueOutcome> {
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
  ) {
    super({
      store: deps.outcomes,
      logger: deps.logger,
      label: 'grade',
      now: deps.now,
      batchSize: deps.batchSize,
    });
  }

  /** Posts one replaceResult; null on success, else why it failed. */
  protected async send(row: DueOutcome): Promise<string | null> {
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
}
