import type { AccessTokens } from '../auth/tokens';
import { randomToken } from '../auth/tokens';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { LaunchCodes, type LtiGroup } from './launch-codes';
import { verifyLaunch, type LaunchHttpRequest } from './launch-verifier';
import type { ContentItemAnswer, LtiModuleView, LtiSession } from '@kib/core';
import type { LaunchableModule, LtiProfile, LtiRepository } from './lti.repository';
import { lmsLanguage, lmsNames } from './names';
import { signFormPost } from './oauth1';
import type { OutcomeRepository } from './outcome.repository';
import { originAllowed } from './origins';
import type { LtiLinks } from './lti-links.service';
import { mapLtiRoles, type LtiRole } from './roles';

/** How long the session of a launch lasts: it lives in the page's memory only, with no refresh. */
export const LTI_SESSION_TTL_SECONDS = 2 * 60 * 60;
/** How long a teacher has to pick an activity after a Content-Item request. */
export const CONTENT_ITEM_SESSION_TTL_SECONDS = 60 * 60;
/** The media type of an LTI link in a Content-Item message. */
export const LTI_LINK_MEDIA_TYPE = 'application/vnd.ims.lti.v1.ltilink';
/** Expired nonces, codes and selections are deleted at most this often per process. */
const PURGE_EVERY_MS = 60 * 1000;

/** An activity code as a teacher may type it: letters, digits, `-` and `_`, 4 to 16 of them. */
const ACTIVITY_CODE = /^[A-Za-z0-9_-]{4,16}$/;

/** The code without spaces, or null when what is left is not a possible activity code. */
export function normaliseActivityCode(raw: string | undefined): string | null {
  const code = (raw ?? '').replace(/\s+/g, '');
  return ACTIVITY_CODE.test(code) ? code : null;
}

const invalid = () => new AppError(400, 'lti-launch-invalid');
const unknownActivity = () =>
  new AppError(
    404,
    'lti-activity-unknown',
    { key: 'errors.lti-activity-unknown' },
    {
      activity_code: [{ key: 'errors.lti-activity-unknown' }],
    },
  );

/**
 * LTI 1.1 as a tool: verifying launches, opening the solver or the activity picker through a
 * one-time code, signing the teacher's Content-Item selection, and binding Basic Outcomes.
 */
export class Lti11Service {
  private readonly codes: LaunchCodes;
  private lastPurge = 0;

  constructor(
    private readonly deps: {
      repo: LtiRepository;
      links: LtiLinks;
      outcomes: OutcomeRepository;
      accessTokens: AccessTokens;
      logger: Logger;
      /** The maximum of the grade column a Content-Item link creates (LTI_LINE_ITEM_MAX_SCORE). */
      lineItemMaxScore: number;
      now?: () => Date;
    },
  ) {
    this.codes = new LaunchCodes(deps.repo, () => this.now());
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Handles a verified launch and answers the path of the site to redirect to, carrying a one-time
   * code: a basic launch with `custom_activity_code` opens that module's solver; a
   * ContentItemSelectionRequest by an instructor opens the activity picker.
   */
  async launch(request: LaunchHttpRequest): Promise<string> {
    const now = this.now();
    await this.purge(now);
    const { repo } = this.deps;
    const { consumer, params } = await verifyLaunch(request, {
      findConsumer: (key) => repo.findConsumer(key),
      useNonce: (key, nonce, expiresAt) => repo.useNonce(key, nonce, expiresAt),
      now: () => now,
    });
    const version = params.get('lti_version');
    if (version !== 'LTI-1p0' && version !== 'LTI-1p2') throw invalid();
    const subject = params.get('user_id');
    if (!subject || subject.length > 255) throw invalid();
    const role = mapLtiRoles(params.get('roles'));
    const group: LtiGroup = role === 'instructor' ? 'LTITeacher' : 'LTIStudent';
    const identity = { kind: '1.1' as const, platform: consumer.consumerKey, subject };
    const profile = profileOf(params);

    switch (params.get('lti_message_type')) {
      case 'basic-lti-launch-request': {
        const code = normaliseActivityCode(params.get('custom_activity_code'));
        const module = code ? await repo.findModuleByStudentCode(code, now) : null;
        if (!module) throw unknownActivity();
        const { userId } = await repo.upsertUser(identity, profile, group);
        await repo.grantModule(userId, module.id, now);
        const linkId = await this.recordLink(params, consumer.consumerKey, module, userId, role);
        const opened = { role, consumerKey: consumer.consumerKey, moduleId: module.id, linkId, userId };
        // An instructor opens the results of the link's learners; with no link, the activity itself.
        if (role === 'instructor' && linkId !== null) {
          this.logLaunch('basic-lti-launch-request', opened);
          return this.redirectFor(userId, group, `/moodleteacher?link=${linkId}`, profile);
        }
        const serviceUrl = params.get('lis_outcome_service_url');
        const sourcedid = params.get('lis_result_sourcedid');
        if (role === 'learner' && serviceUrl && sourcedid) {
          // The grade goes only where the consumer's own origins are: the URL comes from the LMS.
          if (!originAllowed(serviceUrl, consumer.allowedOrigins) || sourcedid.length > 2000) throw invalid();
          const outcomeId = await this.deps.outcomes.bind({
            userId,
            moduleId: module.id,
            consumerKey: consumer.consumerKey,
            serviceUrl,
            sourcedid,
          });
          await this.deps.outcomes.markPendingIfProgress(outcomeId, now);
        }
        this.logLaunch('basic-lti-launch-request', opened);
        return this.redirectFor(userId, group, `/moodlestudent?module=${module.id}`, profile);
      }
      case 'ContentItemSelectionRequest': {
        if (role !== 'instructor') throw new AppError(403, 'lti-role-forbidden');
        const returnUrl = params.get('content_item_return_url');
        if (!returnUrl || returnUrl.length > 2000 || !originAllowed(returnUrl, consumer.allowedOrigins))
          throw invalid();
        const accepted = params.get('accept_media_types');
        if (accepted && !acceptsLtiLink(accepted)) throw invalid();
        const data = params.get('data') ?? null;
        if (data !== null && data.length > 8000) throw invalid();
        const { userId } = await repo.upsertUser(identity, profile, group);
        const id = randomToken();
        await repo.createContentItemSession({
          id,
          consumerKey: consumer.consumerKey,
          returnUrl,
          data,
          userId,
          expiresAt: new Date(now.getTime() + CONTENT_ITEM_SESSION_TTL_SECONDS * 1000),
        });
        this.logLaunch('ContentItemSelectionRequest', {
          role,
          consumerKey: consumer.consumerKey,
          moduleId: null,
          linkId: null,
          userId,
        });
        return this.redirectFor(userId, group, `/moodleteacher?selection=${id}`, profile);
      }
      default:
        throw invalid();
    }
  }

  /**
   * One info line per accepted launch: what opened for which Kib user, from which consumer. No name,
   * e-mail or LMS user id is logged.
   */
  private logLaunch(
    messageType: string,
    opened: {
      role: LtiRole;
      consumerKey: string;
      moduleId: number | null;
      linkId: number | null;
      userId: number;
    },
  ): void {
    this.deps.logger.info({ lti: '1.1', messageType, ...opened }, 'LTI launch');
  }

  /** Records the launch's resource link (LTI 1.1 offers no roster); null without `resource_link_id`. */
  private async recordLink(
    params: ReadonlyMap<string, string>,
    consumerKey: string,
    module: LaunchableModule,
    userId: number,
    role: LtiRole,
  ): Promise<number | null> {
    const id = params.get('resource_link_id');
    if (!id || id.length > 255) return null;
    const contextId = params.get('context_id');
    return this.deps.links.recordLaunch(
      {
        kind: '1.1',
        platform: consumerKey,
        resourceLinkId: id,
        contextId: contextId && contextId.length <= 255 ? contextId : null,
        contextTitle: (params.get('context_title') ?? params.get('context_label') ?? '').slice(0, 500),
        title: (params.get('resource_link_title') ?? '').slice(0, 500),
        moduleId: module.id,
        activityCode: module.code,
        lti13PlatformId: null,
        membershipsUrl: null,
      },
      userId,
      role,
    );
  }

  private redirectFor(userId: number, group: LtiGroup, next: string, profile: LtiProfile): Promise<string> {
    return this.codes.loginPath(userId, { group, next }, profile.language);
  }

  /** Exchanges a launch code, once, for an access token and the page it opens. */
  async openSession(code: string): Promise<LtiSession> {
    const found = await this.codes.consume(code);
    if (!found) throw AppError.unauthenticated('lti-code-invalid');
    const access = await this.deps.accessTokens.sign(
      { userId: found.userId, groups: [found.payload.group] },
      { ttlSeconds: LTI_SESSION_TTL_SECONDS },
    );
    return { access, next: found.payload.next };
  }

  /**
   * Signs the teacher's choice for the platform: the return URL and `data` come only from the
   * verified request kept server-side for this teacher; the activity code must open a module.
   */
  async contentItem(
    principal: Principal,
    selection: string,
    activityCode: string,
  ): Promise<ContentItemAnswer> {
    const now = this.now();
    const session = await this.deps.repo.findContentItemSession(selection, principal.userId, now);
    if (!session) throw AppError.notFound();
    const code = normaliseActivityCode(activityCode);
    const module = code ? await this.deps.repo.findModuleByStudentCode(code, now) : null;
    if (!module) throw unknownActivity();
    const consumer = await this.deps.repo.findConsumer(session.consumerKey);
    if (!consumer) throw AppError.notFound();
    const fields: Record<string, string> = {
      lti_message_type: 'ContentItemSelection',
      lti_version: 'LTI-1p0',
      content_items: contentItems(module, this.deps.lineItemMaxScore),
    };
    if (session.data !== null) fields.data = session.data;
    const signed = signFormPost(
      { consumerKey: consumer.consumerKey, secret: consumer.secret, now: () => now },
      session.returnUrl,
      fields,
    );
    return {
      url: session.returnUrl,
      fields: Object.entries(signed).map(([name, value]) => ({ name, value })),
    };
  }

  /** The module of a student activity code, for the picker (spec 03 §7 "Moodle module by code"). */
  async moduleByCode(codeField: string): Promise<{ data: { moduleId: number } }> {
    const code = normaliseActivityCode(codeField);
    const module = code ? await this.deps.repo.findModuleByStudentCode(code, this.now()) : null;
    if (!module) throw unknownActivity();
    return { data: { moduleId: module.id } };
  }

  /** A module a launch opened for the caller, with the caller's progress. */
  async moduleView(principal: Principal, moduleId: number): Promise<LtiModuleView> {
    const view = await this.deps.repo.moduleView(moduleId, principal.userId);
    if (!view) throw AppError.notFound();
    return view;
  }

  /** Did a launch open this module for the caller? */
  canOpen(principal: Principal, moduleId: number): Promise<boolean> {
    return this.deps.repo.hasModuleAccess(principal.userId, moduleId);
  }

  private async purge(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await this.deps.repo
      .purgeExpired(now)
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'expired LTI rows not purged'));
  }
}

/**
 * The compact JSON-LD `content_items` of one LTI link to a module, with a gradable line item of
 * `maxScore` points.
 */
export function contentItems(module: LaunchableModule, maxScore: number): string {
  return JSON.stringify({
    '@context': 'http://purl.imsglobal.org/ctx/lti/v1/ContentItem',
    '@graph': [
      {
        '@type': 'LtiLinkItem',
        mediaType: LTI_LINK_MEDIA_TYPE,
        title: module.name,
        text: module.description.slice(0, 1000),
        custom: { activity_code: module.code },
        // Makes the platform's activity accept grades; Basic Outcomes then sends a fraction (0.0–1.0),
        // which the platform multiplies by this maximum.
        lineItem: {
          '@type': 'LineItem',
          label: module.name,
          reportingMethod: 'res:totalScore',
          scoreConstraints: { '@type': 'NumericLimits', normalMaximum: maxScore, totalMaximum: maxScore },
        },
      },
    ],
  });
}

function acceptsLtiLink(accepted: string): boolean {
  return accepted
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .some((t) => t === LTI_LINK_MEDIA_TYPE || t === '*/*' || t === 'application/*');
}

function profileOf(params: ReadonlyMap<string, string>): LtiProfile {
  return {
    ...lmsNames(
      params.get('lis_person_name_given'),
      params.get('lis_person_name_family'),
      params.get('lis_person_name_full'),
    ),
    language: lmsLanguage(params.get('launch_presentation_locale')),
  };
}
