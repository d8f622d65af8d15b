import type { Principal } from '../../http/access';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { randomToken } from '../../auth/tokens';
import type { ContentItemAnswer } from '@kib/core';
import { verifyLaunch, type LaunchHttpRequest } from './launch-verifier';
import type { GradeTarget } from '../shared/grade-pass-back';
import {
  invalidLaunch as invalid,
  type LtiLaunches,
  type ResourceLaunch,
  type VerifiedLaunch,
} from '../shared/launch';
import type { LaunchableModule, LtiProfile, LtiRepository } from '../shared/lti.repository';
import { lmsLanguage, lmsNames } from '../shared/names';
import { signFormPost } from './oauth1';
import { originAllowed } from '../shared/origins';
import { mapLtiRoles } from '../shared/roles';

/** How long a teacher has to pick an activity after a Content-Item request. */
export const CONTENT_ITEM_SESSION_TTL_SECONDS = 60 * 60;
/** The media type of an LTI link in a Content-Item message. */
export const LTI_LINK_MEDIA_TYPE = 'application/vnd.ims.lti.v1.ltilink';
/** Expired nonces, codes and selections are deleted at most this often per process. */
const PURGE_EVERY_MS = 60 * 1000;

/**
 * LTI 1.1 as a tool: verifying a launch's OAuth 1.0a signature and turning its form into a
 * {@link VerifiedLaunch} for the launch use case, keeping a Content-Item request for the picker, and
 * signing the teacher's Content-Item selection.
 */
export class Lti11Service {
  private lastPurge = 0;

  constructor(
    private readonly deps: {
      repo: LtiRepository;
      launches: LtiLaunches;
      logger: Logger;
      /** The maximum of the grade column a Content-Item link creates (LTI_LINE_ITEM_MAX_SCORE). */
      lineItemMaxScore: number;
      now?: () => Date;
    },
  ) {}

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
    const { repo, launches } = this.deps;
    const { consumer, params } = await verifyLaunch(request, {
      findConsumer: (key) => repo.findConsumer(key),
      useNonce: (key, nonce, expiresAt) => repo.useNonce(key, nonce, expiresAt),
      now: () => now,
    });
    const version = params.get('lti_version');
    if (version !== 'LTI-1p0' && version !== 'LTI-1p2') throw invalid();
    const subject = params.get('user_id');
    if (!subject || subject.length > 255) throw invalid();
    const messageType = params.get('lti_message_type') ?? '';
    const verified: VerifiedLaunch = {
      log: { lti: '1.1', messageType, consumerKey: consumer.consumerKey },
      identity: { kind: '1.1', platform: consumer.consumerKey, subject },
      profile: profileOf(params),
      role: mapLtiRoles(params.get('roles')),
    };

    switch (messageType) {
      case 'basic-lti-launch-request': {
        const launch: ResourceLaunch = {
          ...verified,
          activityCode: params.get('custom_activity_code'),
          link: linkOf(params, consumer.consumerKey),
          grade: verified.role === 'learner' ? gradeOf(params, consumer) : null,
        };
        return launches.loginPath(await launches.openResource(launch, now));
      }
      case 'ContentItemSelectionRequest': {
        const returnUrl = params.get('content_item_return_url');
        if (!returnUrl || returnUrl.length > 2000 || !originAllowed(returnUrl, consumer.allowedOrigins))
          throw invalid();
        const accepted = params.get('accept_media_types');
        if (accepted && !acceptsLtiLink(accepted)) throw invalid();
        const data = params.get('data') ?? null;
        if (data !== null && data.length > 8000) throw invalid();
        const opening = await launches.openSelection(verified, async (userId) => {
          const id = randomToken();
          await repo.createContentItemSession({
            id,
            consumerKey: consumer.consumerKey,
            returnUrl,
            data,
            userId,
            expiresAt: new Date(now.getTime() + CONTENT_ITEM_SESSION_TTL_SECONDS * 1000),
          });
          return id;
        });
        return launches.loginPath(opening);
      }
      default:
        throw invalid();
    }
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
    const module = await this.deps.launches.moduleByCode(activityCode, now);
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

/** The resource link of a launch (LTI 1.1 offers no roster); null without `resource_link_id`. */
function linkOf(params: ReadonlyMap<string, string>, consumerKey: string): ResourceLaunch['link'] {
  const id = params.get('resource_link_id');
  if (!id || id.length > 255) return null;
  const contextId = params.get('context_id');
  return {
    kind: '1.1',
    platform: consumerKey,
    resourceLinkId: id,
    contextId: contextId && contextId.length <= 255 ? contextId : null,
    contextTitle: (params.get('context_title') ?? params.get('context_label') ?? '').slice(0, 500),
    title: (params.get('resource_link_title') ?? '').slice(0, 500),
    lti13PlatformId: null,
    membershipsUrl: null,
  };
}

/**
 * Where a learner's Basic Outcomes grade goes, or null when the launch offers none. The grade goes
 * only where the consumer's own origins are: the URL comes from the LMS.
 */
function gradeOf(
  params: ReadonlyMap<string, string>,
  consumer: { consumerKey: string; allowedOrigins: string[] },
): GradeTarget | null {
  const serviceUrl = params.get('lis_outcome_service_url');
  const sourcedid = params.get('lis_result_sourcedid');
  if (!serviceUrl || !sourcedid) return null;
  if (!originAllowed(serviceUrl, consumer.allowedOrigins) || sourcedid.length > 2000) throw invalid();
  return { protocol: '1.1', consumerKey: consumer.consumerKey, serviceUrl, sourcedid };
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
