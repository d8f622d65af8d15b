import type { Logger } from '../../logger';
import type { DueScore, Lti13OutcomeRepository } from './lti13-outcome.repository';
import type { Lti13Repository } from './lti13.repository';
import { OutboxSender } from '../shared/outbox';
import type { PlatformTokens } from './platform-tokens';

/** The AGS scope Kib asks for: posting scores. */
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
/** The media type of an AGS score. */
export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
const SEND_TIMEOUT_MS = 15 * 1000;

/** The score URL of a line item: `/scores` appended to its path, its query kept. */
export function scoresUrl(lineitem: string): string {
  const u = new URL(lineitem);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

/**
 * The AGS Score of a progress in [0, 1] for a platform user, out of `scoreMaximum` points (the
 * maximum of the line items Kib creates). The platform scales it to its line item's maximum
 * (AGS: scoreGiven / scoreMaximum is the fraction), so the grade is right whatever that maximum is.
 */
export function scorePayload(subject: string, progress: number, now: Date, scoreMaximum: number) {
  const fraction = Number(Math.min(1, Math.max(0, progress)).toFixed(4));
  return {
    userId: subject,
    scoreGiven: Number((fraction * scoreMaximum).toFixed(4)),
    scoreMaximum,
    activityProgress: fraction >= 1 ? 'Completed' : 'InProgress',
    gradingProgress: 'FullyGraded',
    timestamp: now.toISOString(),
  };
}

/**
 * Posts pending AGS scores (the outbox in lti13_outcomes), each with the platform's access token
 * for the score scope.
 */
export class AgsScoreSender extends OutboxSender<DueScore> {
  constructor(
    private readonly deps: {
      outcomes: Lti13OutcomeRepository;
      platforms: Lti13Repository;
      tokens: PlatformTokens;
      logger: Logger;
      /** The maximum scores are sent out of (LTI_LINE_ITEM_MAX_SCORE). */
      scoreMaximum: number;
      fetch?: typeof fetch;
      now?: () => Date;
    },
  ) {
    super({ store: deps.outcomes, logger: deps.logger, label: 'AGS score', now: deps.now });
  }

  protected async send(row: DueScore): Promise<string | null> {
    const platform = await this.deps.platforms.findPlatformById(row.platformId);
    if (!platform) return 'the platform is no longer registered';
    const token = await this.deps.tokens.token(platform, AGS_SCORE_SCOPE);
    const response = await (this.deps.fetch ?? fetch)(scoresUrl(row.lineitemUrl), {
      method: 'POST',
      headers: { 'content-type': SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify(scorePayload(row.subject, row.score, this.now(), this.deps.scoreMaximum)),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.status === 401) this.deps.tokens.forget(platform, AGS_SCORE_SCOPE);
    return response.ok ? null : `HTTP ${response.status}`;
  }
}
