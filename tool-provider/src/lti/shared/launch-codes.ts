import { ACTIVITY_KEY } from '../../auth/session-ends';
import { hashToken, randomToken } from '../../auth/tokens';
import type { LtiRepository } from './lti.repository';

/** A launch code is exchanged within this many seconds, or never. */
export const LAUNCH_CODE_TTL_SECONDS = 60;

/** The LTI group a launch's session acts in. */
export type LtiGroup = 'LTIStudent' | 'LTITeacher';

/** What a launch code opens once it is exchanged: the session's group and the page to go to. */
export interface LaunchCodePayload {
  group: LtiGroup;
  /** A path of the site (`/moodlestudent?module=3`), never a full URL. */
  next: string;
  /**
   * The activity whose code opened the solver, which ends the session when it closes: its session
   * key, and its close (ISO 8601; null: none). Absent for an instructor's results or picker.
   */
  activity?: { key: string; closesAt: string | null };
}

/** The site page where a launch's browser exchanges its one-time code. */
export const MOODLE_LOGIN_PATH = '/moodlelogin';

function isPayload(value: unknown): value is LaunchCodePayload {
  const v = value as Partial<LaunchCodePayload> | null;
  return (
    !!v &&
    (v.group === 'LTIStudent' || v.group === 'LTITeacher') &&
    typeof v.next === 'string' &&
    /^\/moodle(student|teacher)\?/.test(v.next) &&
    (v.activity === undefined || isActivity(v.activity))
  );
}

function isActivity(value: unknown): value is NonNullable<LaunchCodePayload['activity']> {
  const v = value as Partial<NonNullable<LaunchCodePayload['activity']>> | null;
  return (
    !!v &&
    typeof v.key === 'string' &&
    ACTIVITY_KEY.test(v.key) &&
    (v.closesAt === null || (typeof v.closesAt === 'string' && !Number.isNaN(Date.parse(v.closesAt))))
  );
}

/**
 * One-time launch codes: how a launch hands a session to a browser that may not keep cookies (an
 * LMS iframe). The code is 256 random bits, kept only as its SHA-256, valid for
 * {@link LAUNCH_CODE_TTL_SECONDS} and consumed at most once.
 */
export class LaunchCodes {
  constructor(
    private readonly repo: LtiRepository,
    private readonly now: () => Date,
  ) {}

  /** A new code for the user; the caller puts it in the redirect and nowhere else. */
  async issue(userId: number, payload: LaunchCodePayload): Promise<string> {
    const code = randomToken();
    const expiresAt = new Date(this.now().getTime() + LAUNCH_CODE_TTL_SECONDS * 1000);
    await this.repo.createLaunchCode(hashToken(code), userId, payload, expiresAt);
    return code;
  }

  /**
   * The /moodlelogin path with a new code for the user, and the LMS's language: the page speaks it
   * from its first paint, its messages included, before the session (and the user's language) is
   * known, and without a cookie.
   */
  async loginPath(userId: number, payload: LaunchCodePayload, language: 'es' | 'en'): Promise<string> {
    const code = await this.issue(userId, payload);
    return `${MOODLE_LOGIN_PATH}?${new URLSearchParams({ code, lang: language })}`;
  }

  /** The user and payload of an unexpired, unused code, which is used up; null otherwise. */
  async consume(code: string): Promise<{ userId: number; payload: LaunchCodePayload } | null> {
    const found = await this.repo.consumeLaunchCode(hashToken(code), this.now());
    if (!found || !isPayload(found.payload)) return null;
    return { userId: found.userId, payload: found.payload };
  }
}
