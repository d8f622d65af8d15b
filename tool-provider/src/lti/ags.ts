import crypto from 'node:crypto';
import type { Logger } from '../logger';
import type { DueScore, Lti13OutcomeRepository } from './lti13-outcome.repository';
import type { Lti13Repository, PlatformRecord } from './lti13.repository';
import { OutboxSender } from './outbox';
import type { ToolKeys } from './tool-keys';

/** The AGS scope Kib asks for: posting scores. */
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
/** The media type of an AGS score. */
export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
const SEND_TIMEOUT_MS = 15 * 1000;
/** A platform's access token is reused until this long before it expires. */
const TOKEN_MARGIN_MS = 30 * 1000;

/** The score URL of a line item: `/scores` appended to its path, its query kept. */
export function scoresUrl(lineitem: string): string {
  const u = new URL(lineitem);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/scores`;
  return u.toString();
}

/** The AGS Score of a progress in [0, 1] for a platform user. */
export function scorePayload(subject: string, progress: number, now: Date) {
  const scoreGiven = Number(Math.min(1, Math.max(0, progress)).toFixed(4));
  return {
    userId: subject,
    scoreGiven,
    scoreMaximum: 1,
    activityProgress: scoreGiven >= 1 ? 'Completed' : 'InProgress',
    gradingProgress: 'FullyGraded',
    timestamp: now.toISOString(),
  };
}

/**
 * Posts pending AGS scores (the outbox in lti13_outcomes), each with an OAuth 2 access token that
 * the platform's token endpoint grants for a client assertion signed with Kib's active key (RS256,
 * iss = sub = client id, aud = token URL, a fresh jti, 5 minutes).
 */
export class AgsScoreSender extends OutboxSender<DueScore> {
  private readonly tokens = new Map<number, { token: string; until: number }>();

  constructor(
    private readonly deps: {
      outcomes: Lti13OutcomeRepository;
      platforms: Lti13Repository;
      keys: ToolKeys;
      logger: Logger;
      fetch?: typeof fetch;
      now?: () => Date;
    },
  ) {
    super({ store: deps.outcomes, logger: deps.logger, label: 'AGS score', now: deps.now });
  }

  protected async send(row: DueScore): Promise<string | null> {
    const platform = await this.deps.platforms.findPlatformById(row.platformId);
    if (!platform) return 'the platform is no longer registered';
    const token = await this.accessToken(platform);
    const response = await (this.deps.fetch ?? fetch)(scoresUrl(row.lineitemUrl), {
      method: 'POST',
      headers: { 'content-type': SCORE_MEDIA_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify(scorePayload(row.subject, row.score, this.now())),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    if (response.status === 401) this.tokens.delete(platform.id);
    return response.ok ? null : `HTTP ${response.status}`;
  }

  /** A cached or new access token for the score scope of the platform. */
  private async accessToken(platform: PlatformRecord): Promise<string> {
    const cached = this.tokens.get(platform.id);
    const nowMs = this.now().getTime();
    if (cached && cached.until > nowMs) return cached.token;
    const iat = Math.floor(nowMs / 1000);
    const assertion = await this.deps.keys.sign({
      iss: platform.clientId,
      sub: platform.clientId,
      aud: platform.authTokenUrl,
      iat,
      exp: iat + 300,
      jti: crypto.randomUUID(),
    });
    const response = await (this.deps.fetch ?? fetch)(platform.authTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: AGS_SCORE_SCOPE,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.arrayBuffer();
      throw new Error(`token endpoint answered HTTP ${response.status}`);
    }
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('token endpoint gave no access_token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.tokens.set(platform.id, {
      token: body.access_token,
      until: nowMs + seconds * 1000 - TOKEN_MARGIN_MS,
    });
    return body.access_token;
  }
}
