import type { LtiModuleView, LtiSession } from '@kib/core';
import { activityKey } from '../../auth/session-ends';
import type { AccessTokens } from '../../auth/tokens';
import type { Principal } from '../../http/access';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { GradePassBack, GradeTarget } from './grade-pass-back';
import { LaunchCodes, type LaunchCodePayload, type LtiGroup } from './launch-codes';
import type { LtiLinks } from './lti-links.service';
import type { ResourceLinkLaunch } from './lti-links.repository';
import type {
  LaunchableModule,
  LaunchUser,
  LtiProfile,
  LtiRepository,
  PlatformIdentity,
} from './lti.repository';
import type { LtiRole } from './roles';

/**
 * How long the session of a launch lasts: it lives in the page's memory only, with no refresh. A
 * learner's session in the solver ends sooner when the activity of its code closes.
 */
export const LTI_SESSION_TTL_SECONDS = 2 * 60 * 60;

/** An activity code as a teacher may type it: letters, digits, `-` and `_`, 4 to 16 of them. */
const ACTIVITY_CODE = /^[A-Za-z0-9_-]{4,16}$/;

/** The code without spaces, or null when what is left is not a possible activity code. */
export function normaliseActivityCode(raw: string | undefined): string | null {
  const code = (raw ?? '').replace(/\s+/g, '');
  return ACTIVITY_CODE.test(code) ? code : null;
}

/** A launch, a selection or a picker named an activity code that opens no module now. */
export const unknownActivity = () =>
  new AppError(
    404,
    'lti-activity-unknown',
    { key: 'errors.lti-activity-unknown' },
    { activity_code: [{ key: 'errors.lti-activity-unknown' }] },
  );

/** The launch is malformed or names something Kib may not use. */
export const invalidLaunch = () => new AppError(400, 'lti-launch-invalid');

/**
 * A launch whose signature (LTI 1.1) or id_token (LTI 1.3) was verified, said in terms of neither
 * protocol: who the platform's user is, in which role, and what the log line names.
 */
export interface VerifiedLaunch {
  /** What the log line of the launch names besides what it opened (never a name or LMS user id). */
  log: { lti: '1.1' | '1.3'; messageType: string } & Record<string, string | number>;
  identity: PlatformIdentity;
  profile: LtiProfile;
  role: LtiRole;
  /** Another identity of the same person the launch proved (an LTI 1.3 launch's verified migration claim). */
  alsoKnownAs?: PlatformIdentity;
  /** Told which Kib user the launch resolved to (LTI 1.3 logs what became of its migration claim). */
  onUser?: (user: LaunchUser) => void;
}

/** A launch of a resource: an activity code opens a module. */
export interface ResourceLaunch extends VerifiedLaunch {
  activityCode: string | undefined;
  /** The launch's resource link and course, without the module it opens; null when it names none. */
  link: Omit<ResourceLinkLaunch, 'moduleId' | 'activityCode'> | null;
  /** Where a learner's grade goes; null when the launch offers no grade service or is not a learner's. */
  grade: GradeTarget | null;
}

/** What a verified launch opens: the session's user and group, the site page, and the LMS's language. */
export interface LaunchOpening extends LaunchCodePayload {
  userId: number;
  language: 'es' | 'en';
}

/**
 * The launch use case of both LTI versions: a resource launch finds the module of its activity code,
 * upserts the platform's user, grants them the module, records the resource link, binds where a
 * learner's grade goes, and opens the solver (a learner) or the link's results (an instructor); an
 * instructor's selection request opens the activity picker. Either ends in a one-time code for
 * /moodlelogin, which the browser exchanges for a session ({@link openSession}).
 */
export class LtiLaunches {
  private readonly codes: LaunchCodes;

  constructor(
    private readonly deps: {
      users: LtiRepository;
      links: LtiLinks;
      grades: GradePassBack;
      accessTokens: AccessTokens;
      logger: Logger;
      now?: () => Date;
    },
  ) {
    this.codes = new LaunchCodes(deps.users, () => this.now());
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** What a resource launch opens, once the module, the user, the link and the grade are recorded. */
  async openResource(launch: ResourceLaunch, now: Date): Promise<LaunchOpening> {
    const module = await this.moduleByCode(launch.activityCode, now);
    const { userId, group } = await this.user(launch);
    await this.deps.users.grantModule(userId, module.id, now);
    const linkId = launch.link
      ? await this.deps.links.recordLaunch(
          { ...launch.link, moduleId: module.id, activityCode: module.code },
          userId,
          launch.role,
        )
      : null;
    const opening = (next: string, activity?: LaunchCodePayload['activity']): LaunchOpening => {
      this.logLaunch(launch, { moduleId: module.id, linkId, userId });
      return { userId, group, next, language: launch.profile.language, ...(activity ? { activity } : {}) };
    };
    // An instructor opens the results of the link's learners (which outlive the activity's close);
    // with no link, the activity itself.
    if (launch.role === 'instructor' && linkId !== null) return opening(`/moodleteacher?link=${linkId}`);
    if (launch.role === 'learner' && launch.grade)
      await this.deps.grades.bind(launch.grade, { userId, moduleId: module.id }, now);
    const key = activityKey(module);
    return opening(
      `/moodlestudent?module=${module.id}`,
      key === null
        ? undefined
        : { key, closesAt: module.validUntil ? module.validUntil.toISOString() : null },
    );
  }

  /**
   * What an instructor's request to pick an activity (LTI 1.1 Content-Item, LTI 1.3 deep linking)
   * opens: the picker of the selection `createSelection` keeps for the user.
   */
  async openSelection(
    launch: VerifiedLaunch,
    createSelection: (userId: number) => Promise<string>,
  ): Promise<LaunchOpening> {
    if (launch.role !== 'instructor') throw new AppError(403, 'lti-role-forbidden');
    const { userId, group } = await this.user(launch);
    const selection = await createSelection(userId);
    this.logLaunch(launch, { moduleId: null, linkId: null, userId });
    return {
      userId,
      group,
      next: `/moodleteacher?selection=${selection}`,
      language: launch.profile.language,
    };
  }

  /** The /moodlelogin path with a new one-time code for what a launch opens. */
  loginPath({ userId, language, ...payload }: LaunchOpening): Promise<string> {
    return this.codes.loginPath(userId, payload, language);
  }

  /**
   * Exchanges a launch code, once, for an access token and the page it opens. A session in the
   * solver ends when the activity of its code closes or is deleted (with its module).
   */
  async openSession(code: string): Promise<LtiSession> {
    const found = await this.codes.consume(code);
    if (!found) throw AppError.unauthenticated('lti-code-invalid');
    const { group, next, activity } = found.payload;
    const closesAt = activity?.closesAt ? new Date(activity.closesAt) : null;
    const access = await this.deps.accessTokens.sign(
      { userId: found.userId, groups: [group] },
      { ttlSeconds: LTI_SESSION_TTL_SECONDS, ...(activity && { activity: { key: activity.key, closesAt } }) },
    );
    return { access, next };
  }

  /** The module an activity code opens now; 404 `lti-activity-unknown` when none. */
  async moduleByCode(raw: string | undefined, now = this.now()): Promise<LaunchableModule> {
    const code = normaliseActivityCode(raw);
    const module = code ? await this.deps.users.findModuleByStudentCode(code, now) : null;
    if (!module) throw unknownActivity();
    return module;
  }

  /** A module a launch opened for the caller, with the caller's progress. */
  async moduleView(principal: Principal, moduleId: number): Promise<LtiModuleView> {
    const view = await this.deps.users.moduleView(moduleId, principal.userId);
    if (!view) throw AppError.notFound();
    return view;
  }

  /** Did a launch open this module for the caller? */
  canOpen(principal: Principal, moduleId: number): Promise<boolean> {
    return this.deps.users.hasModuleAccess(principal.userId, moduleId);
  }

  /** The Kib user of a launch, found or created, and the group its session acts in. */
  private async user(launch: VerifiedLaunch): Promise<{ userId: number; group: LtiGroup }> {
    const group: LtiGroup = launch.role === 'instructor' ? 'LTITeacher' : 'LTIStudent';
    const user = await this.deps.users.upsertUser(launch.identity, launch.profile, group, launch.alsoKnownAs);
    launch.onUser?.(user);
    return { userId: user.userId, group };
  }

  /** One info line per accepted launch: what opened for which Kib user, from which platform. */
  private logLaunch(
    launch: VerifiedLaunch,
    opened: { moduleId: number | null; linkId: number | null; userId: number },
  ): void {
    this.deps.logger.info({ ...launch.log, role: launch.role, ...opened }, 'LTI launch');
  }
}
