import crypto from 'node:crypto';
import type { ContentItemAnswer } from '@kib/core';
import { hashToken, randomToken } from '../../auth/tokens';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { AGS_SCORE_SCOPE } from './ags';
import { CLAIM, CLOCK_LEEWAY_SECONDS, verifyIdToken, type IdTokenClaims } from './id-token';
import {
  invalidLaunch as invalid,
  type LaunchOpening,
  type LtiLaunches,
  type ResourceLaunch,
  type VerifiedLaunch,
} from '../shared/launch';
import type { LtiProfile, LtiRepository } from '../shared/lti.repository';
import type { GradeTarget } from '../shared/grade-pass-back';
import { NRPS_CLAIM } from './nrps';
import { lmsLanguage, lmsNames } from '../shared/names';
import type { LoginState, LoginStorage, Lti13Repository, PlatformRecord } from './lti13.repository';
import { lti1p1Identity } from './lti1p1';
import type { ToolKeys } from './tool-keys';
import type { Principal } from '../../http/access';
import { originAllowed } from '../shared/origins';
import type { PlatformKeySets } from './platform-jwks';
import {
  newStorageSecret,
  parseStorageTarget,
  secretMatches,
  storageKey,
  type StorageRequest,
} from './platform-storage';
import { mapLtiRoles } from '../shared/roles';

/** How long a teacher has to pick an activity after a deep-linking request. */
export const DEEP_LINK_SESSION_TTL_SECONDS = 60 * 60;
/** How long a platform has to answer an OIDC login with the launch. */
export const LOGIN_STATE_TTL_SECONDS = 10 * 60;
/** Where platforms start the OIDC login. */
export const LTI13_LOGIN_PATH = '/lti/1.3/login';
/** Where platforms post the id_token (the redirect URI). */
export const LTI13_LAUNCH_PATH = '/lti/1.3/launch';
/** Kib's public keys. */
export const LTI13_KEYS_PATH = '/lti/1.3/keys';
/** Where the browser shows the secret of a launch held for platform storage. */
export const LTI13_LAUNCH_CONFIRM_PATH = '/lti/1.3/launch/confirm';
/** How long a launch held for platform storage waits for the browser's secret. */
export const STORAGE_CHECK_TTL_SECONDS = 60;

/** The parameters of an OIDC third-party login initiation. */
export interface LoginInitiation {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
  /** The platform's storage frame (LTI Platform Storage). */
  lti_storage_target?: string;
}

/** What a login initiation answers. */
export interface LoginAnswer {
  /** The platform's authorisation URL, with the state and the nonce. */
  authUrl: string;
  /** With platform storage: the secret (`value`) the login page puts there before it goes to `authUrl`. */
  storage: (StorageRequest & { value: string }) | null;
}

/**
 * Where a launch sends the browser: straight to the /moodlelogin path with its one-time code, or,
 * for a login that used platform storage, first to the page that reads the login's secret back and
 * posts it with `pending` to {@link LTI13_LAUNCH_CONFIRM_PATH}.
 */
export type LaunchAnswer = { location: string } | { storageCheck: StorageRequest & { pending: string } };

const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : undefined);
const PURGE_EVERY_MS = 60 * 1000;

/**
 * LTI 1.3 as a tool, without a third-party LTI library: the OIDC login (state and nonce stored in
 * PostgreSQL), the launch (the id_token verified by {@link verifyIdToken}, its nonce spent once),
 * and the same outcome as an LTI 1.1 launch: the LMS user, the module of `custom.activity_code`,
 * a one-time code for /moodlelogin, and an AGS score binding for learners; a deep-linking request
 * by an instructor opens the activity picker, whose choice is answered as a signed JWT.
 */
export class Lti13Service {
  private lastPurge = 0;

  constructor(
    private readonly deps: {
      repo: Lti13Repository;
      users: LtiRepository;
      launches: LtiLaunches;
      keySets: PlatformKeySets;
      keys: ToolKeys;
      publicUrl: string;
      logger: Logger;
      /** The maximum of the line item a deep-linked activity creates (LTI_LINE_ITEM_MAX_SCORE). */
      lineItemMaxScore: number;
      /** The longest id_token lifetime accepted (LTI_ID_TOKEN_MAX_LIFETIME, seconds). */
      idTokenMaxLifetime?: number;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Answers the platform's authorisation URL for a login initiation. The state and the nonce are
   * 256 random bits each, stored together server-side; no cookie is set, because an LMS iframe may
   * not send it back. Cross-site request forgery is still excluded: a state is spent once, it is
   * only good with an id_token the platform signed for it (the token's nonce must equal the
   * state's), and the platform only signs for the user logged in on it. When the platform names a
   * storage frame (`lti_storage_target`), the login is also bound to this browser: it answers a
   * secret for the login page to put in the platform's storage, keeping only its SHA-256 with the
   * state, and the launch waits until the browser reads it back ({@link confirmLaunch}).
   */
  async login(input: LoginInitiation): Promise<LoginAnswer> {
    const iss = text(input.iss, 500);
    const loginHint = text(input.login_hint, 2000);
    const target = text(input.target_link_uri, 2000);
    const clientId = input.client_id === undefined ? undefined : text(input.client_id, 255);
    const messageHint = input.lti_message_hint === undefined ? undefined : text(input.lti_message_hint, 4000);
    if (!iss || !loginHint || !target || (input.client_id !== undefined && !clientId)) throw invalid();
    if (input.lti_message_hint !== undefined && messageHint === undefined) throw invalid();
    const storageTarget = parseStorageTarget(input.lti_storage_target);
    if (storageTarget === null) throw invalid();
    // Only Kib's own pages are launch targets: the platform cannot send the browser elsewhere.
    if (!originAllowed(target, [new URL(this.deps.publicUrl).origin])) throw invalid();
    const platforms = await this.deps.repo.findPlatforms(iss, clientId);
    if (platforms.length !== 1) throw invalid();
    const platform = platforms[0]!;
    const deployment = input.lti_deployment_id;
    if (
      deployment !== undefined &&
      !(await this.deps.repo.hasDeployment(platform.id, String(deployment).slice(0, 255)))
    )
      throw invalid();
    const now = this.now();
    await this.purge(now);
    const state = crypto.randomBytes(32).toString('base64url');
    const nonce = crypto.randomBytes(32).toString('base64url');
    const secret = newStorageSecret();
    const storage = storageTarget === undefined ? null : { target: storageTarget, secretHash: secret.hash };
    await this.deps.repo.createState(
      state,
      { nonce, platformId: platform.id, targetLinkUri: target, storage },
      new Date(now.getTime() + LOGIN_STATE_TTL_SECONDS * 1000),
    );
    const url = new URL(platform.authLoginUrl);
    const params: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${this.deps.publicUrl}${LTI13_LAUNCH_PATH}`,
      login_hint: loginHint,
      state,
      nonce,
    };
    if (messageHint !== undefined) params.lti_message_hint = messageHint;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const authUrl = url.toString();
    if (!storage) return { authUrl, storage: null };
    return { authUrl, storage: { ...storageRequest(platform, storage, state), value: secret.secret } };
  }

  /**
   * Verifies a launch (form_post of id_token and state) and answers where the browser goes: the
   * /moodlelogin path, or, when its login used platform storage, first the check of the secret.
   */
  async launch(input: { id_token?: unknown; state?: unknown }): Promise<LaunchAnswer> {
    const idToken = text(input.id_token, 64 * 1024);
    const stateValue = text(input.state, 64);
    if (!idToken || !stateValue) throw invalid();
    const now = this.now();
    const state = await this.deps.repo.consumeState(stateValue, now);
    if (!state) throw new AppError(401, 'lti-launch-expired');
    const opened = await this.open(state, idToken, now);
    if (!state.storage) return { location: await this.deps.launches.loginPath(opened) };
    return {
      storageCheck: await this.holdForStorage(state.platformId, state.storage, stateValue, opened, now),
    };
  }

  /**
   * Holds a verified launch until the browser shows the secret its login put in the platform's
   * storage: no one-time code is issued yet; what the launch opens waits under a new random id (kept
   * as its SHA-256) for {@link confirmLaunch}.
   */
  private async holdForStorage(
    platformId: number,
    storage: LoginStorage,
    stateValue: string,
    opened: LaunchOpening,
    now: Date,
  ): Promise<StorageRequest & { pending: string }> {
    const platform = await this.deps.repo.findPlatformById(platformId);
    if (!platform) throw invalid();
    const pending = randomToken();
    await this.deps.repo.createStorageCheck(
      hashToken(pending),
      {
        secretHash: storage.secretHash,
        userId: opened.userId,
        payload: { group: opened.group, next: opened.next, language: opened.language },
      },
      new Date(now.getTime() + STORAGE_CHECK_TTL_SECONDS * 1000),
    );
    return { ...storageRequest(platform, storage, stateValue), pending };
  }

  /**
   * The end of a launch held for platform storage: the browser posts the id it was given and the
   * secret it read from the platform's storage. A held launch is checked once (a wrong secret spends
   * it too); when the secret's SHA-256 matches, answers the /moodlelogin path with a new one-time code.
   */
  async confirmLaunch(input: { pending?: unknown; value?: unknown }): Promise<string> {
    const pending = text(input.pending, 64);
    const shown = text(input.value, 1024);
    if (!pending || !shown) throw invalid();
    const check = await this.deps.repo.consumeStorageCheck(hashToken(pending), this.now());
    if (!check) throw new AppError(401, 'lti-launch-expired');
    if (!secretMatches(shown, check.secretHash)) throw new AppError(401, 'lti-storage-unconfirmed');
    const { group, next, language } = check.payload;
    return this.deps.launches.loginPath({
      userId: check.userId,
      group,
      next,
      language: language === 'en' ? 'en' : 'es',
    });
  }

  /** The launch of a spent state: its id_token verified, then whom it opens which page for. */
  private async open(state: LoginState, idToken: string, now: Date): Promise<LaunchOpening> {
    const platform = await this.deps.repo.findPlatformById(state.platformId);
    if (!platform) throw invalid();
    const claims = await this.verify(platform, idToken, state.nonce, now);
    const fresh = await this.deps.repo.useNonce(
      platform.id,
      claims.nonce,
      new Date((claims.exp + CLOCK_LEEWAY_SECONDS) * 1000),
    );
    if (!fresh) throw new AppError(401, 'lti-nonce-used');
    const roles = claims[CLAIM.roles];
    const role = mapLtiRoles(
      Array.isArray(roles) ? roles.filter((r) => typeof r === 'string').join(',') : '',
    );
    const messageType = claims[CLAIM.messageType];
    const verified: VerifiedLaunch = {
      log: {
        lti: '1.3',
        messageType: typeof messageType === 'string' ? messageType : '',
        platformId: platform.id,
        deploymentId: claims[CLAIM.deploymentId] as string,
      },
      identity: { kind: '1.3', platform: identityPlatform(platform), subject: claims.sub },
      profile: profileOf(claims),
      role,
      ...(await this.migration(platform, claims, now)),
    };
    const { launches } = this.deps;
    if (messageType === 'LtiDeepLinkingRequest') {
      const settings = claims[CLAIM.deepLinkingSettings] as
        { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown } | undefined;
      const returnUrl = text(settings?.deep_link_return_url, 2000);
      if (!returnUrl || !originAllowed(returnUrl, platformOrigins(platform))) throw invalid();
      if (!Array.isArray(settings?.accept_types) || !settings.accept_types.includes('ltiResourceLink'))
        throw invalid();
      const data = settings?.data === undefined ? null : (text(settings.data, 8000) ?? null);
      if (settings?.data !== undefined && data === null) throw invalid();
      return launches.openSelection(verified, async (userId) => {
        const id = crypto.randomBytes(32).toString('base64url');
        await this.deps.repo.createDeepLinkSession({
          id,
          platformId: platform.id,
          deploymentId: claims[CLAIM.deploymentId] as string,
          returnUrl,
          data,
          userId,
          expiresAt: new Date(now.getTime() + DEEP_LINK_SESSION_TTL_SECONDS * 1000),
        });
        return id;
      });
    }
    if (messageType !== 'LtiResourceLinkRequest') throw invalid();
    const custom = claims[CLAIM.custom] as Record<string, unknown> | undefined;
    const launch: ResourceLaunch = {
      ...verified,
      activityCode: typeof custom?.activity_code === 'string' ? custom.activity_code : undefined,
      link: resourceLinkOf(claims, platform),
      grade: role === 'learner' ? scoreTargetOf(claims, platform) : null,
    };
    return launches.openResource(launch, now);
  }

  /**
   * What the launch's LTI 1.1 migration claim proves ({@link lti1p1Identity}): the LTI 1.1 identity
   * the platform's user had, so that on their first LTI 1.3 launch they continue as that Kib user,
   * and a log line of what became of the claim.
   */
  private async migration(
    platform: PlatformRecord,
    claims: IdTokenClaims,
    now: Date,
  ): Promise<Pick<VerifiedLaunch, 'alsoKnownAs' | 'onUser'>> {
    const migration = await lti1p1Identity(
      claims,
      platform.clientId,
      (key) => this.deps.users.findConsumer(key),
      now,
    );
    if (!migration) return {};
    const alsoKnownAs = 'identity' in migration ? migration.identity : undefined;
    const { logger } = this.deps;
    return {
      alsoKnownAs,
      onUser: (user) => {
        const about = { platformId: platform.id, userId: user.userId };
        if (user.linked)
          logger.info(
            { ...about, consumerKey: alsoKnownAs?.platform },
            'LTI 1.3 user joined to their LTI 1.1 user',
          );
        else if (user.created)
          logger.info(
            'refused' in migration
              ? { ...about, consumerKey: migration.consumerKey, reason: migration.refused }
              : { ...about, consumerKey: migration.identity.platform, reason: 'no-lti11-user' },
            'LTI 1.1 migration claim not used',
          );
      },
    };
  }

  /**
   * The signed LtiDeepLinkingResponse of the teacher's choice, or null when the selection is not a
   * deep-linking one of this teacher (it may be an LTI 1.1 Content-Item selection). The return URL,
   * the deployment and `data` come only from the verified request kept server-side; the activity
   * code must open a module. The JWT is signed with Kib's active key (iss = client id, aud = the
   * platform's issuer) and lives 5 minutes.
   */
  async deepLinkingResponse(
    principal: Principal,
    selection: string,
    activityCode: string,
  ): Promise<ContentItemAnswer | null> {
    const now = this.now();
    const session = await this.deps.repo.findDeepLinkSession(selection, principal.userId, now);
    if (!session) return null;
    const module = await this.deps.launches.moduleByCode(activityCode, now);
    const platform = await this.deps.repo.findPlatformById(session.platformId);
    if (!platform) throw AppError.notFound();
    const iat = Math.floor(now.getTime() / 1000);
    const jwt = await this.deps.keys.sign({
      iss: platform.clientId,
      aud: platform.issuer,
      iat,
      exp: iat + 300,
      nonce: crypto.randomBytes(16).toString('base64url'),
      [CLAIM.deploymentId]: session.deploymentId,
      [CLAIM.messageType]: 'LtiDeepLinkingResponse',
      [CLAIM.version]: '1.3.0',
      ...(session.data === null ? {} : { [CLAIM.deepLinkingData]: session.data }),
      [CLAIM.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: module.name,
          text: module.description.slice(0, 1000),
          url: `${this.deps.publicUrl}${LTI13_LAUNCH_PATH}`,
          custom: { activity_code: module.code },
          // Makes the platform create a gradable line item, which AGS scores (sent out of the same
          // maximum) then fill.
          lineItem: { label: module.name, scoreMaximum: this.deps.lineItemMaxScore },
        },
      ],
    });
    return { url: session.returnUrl, fields: [{ name: 'JWT', value: jwt }] };
  }

  /** Verifies an id_token for a platform with an issued nonce (the launch's check, exposed for tests). */
  verify(platform: PlatformRecord, idToken: string, nonce: string, now: Date): Promise<IdTokenClaims> {
    return verifyIdToken(idToken, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      nonce,
      key: (kid) => this.deps.keySets.key(platform.jwksUrl, kid),
      deploymentRegistered: (id) => this.deps.repo.hasDeployment(platform.id, id),
      now: () => now,
      maxLifetimeSeconds: this.deps.idTokenMaxLifetime,
    });
  }

  private async purge(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await this.deps.repo
      .purgeExpired(now)
      .catch((err: unknown) => this.deps.logger.warn({ err }, 'expired LTI 1.3 rows not purged'));
  }
}

/**
 * The `platform` of an LTI 1.3 platform's identities and resource links: its issuer, not its client
 * id, since `sub` and resource link ids are the issuer's. A platform registered again under a new
 * client id (a second row with the same issuer) keeps its users and its links.
 */
function identityPlatform(platform: PlatformRecord): string {
  return platform.issuer;
}

/** What the pages of a login that uses platform storage ask of the platform's storage frame. */
function storageRequest(platform: PlatformRecord, storage: Pick<LoginStorage, 'target'>, state: string) {
  return { target: storage.target, origin: new URL(platform.authLoginUrl).origin, key: storageKey(state) };
}

/** The platform's own origins, where its return URLs, line items and rosters must be. */
function platformOrigins(platform: PlatformRecord): string[] {
  return [...platform.allowedOrigins, new URL(platform.authTokenUrl).origin];
}

/**
 * The resource link of a launch, with its course and, when the platform offers Names and Role
 * Provisioning on one of its own origins, the course's memberships URL; null without a link id.
 */
function resourceLinkOf(claims: IdTokenClaims, platform: PlatformRecord): ResourceLaunch['link'] {
  const resourceLink = claims[CLAIM.resourceLink] as { id?: unknown; title?: unknown } | undefined;
  const id = text(resourceLink?.id, 255);
  if (!id) return null;
  const context = claims[CLAIM.context] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
  const nrps = claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
  const membershipsUrl = text(nrps?.context_memberships_url, 2000);
  return {
    kind: '1.3',
    platform: identityPlatform(platform),
    resourceLinkId: id,
    contextId: text(context?.id, 255) ?? null,
    contextTitle: (text(context?.title, 2000) ?? text(context?.label, 2000) ?? '').slice(0, 500),
    title: (text(resourceLink?.title, 2000) ?? '').slice(0, 500),
    lti13PlatformId: platform.id,
    membershipsUrl:
      membershipsUrl && originAllowed(membershipsUrl, platformOrigins(platform)) ? membershipsUrl : null,
  };
}

/**
 * Where a learner's AGS score goes, or null when the launch offers no line item with the score
 * scope. The score goes only to the platform's own hosts: the URL is the platform's, but is checked.
 */
function scoreTargetOf(claims: IdTokenClaims, platform: PlatformRecord): GradeTarget | null {
  const ags = claims[CLAIM.ags] as { lineitem?: unknown; scope?: unknown } | undefined;
  const lineitem = text(ags?.lineitem, 2000);
  if (!lineitem || !Array.isArray(ags?.scope) || !ags.scope.includes(AGS_SCORE_SCOPE)) return null;
  if (!originAllowed(lineitem, platformOrigins(platform))) throw invalid();
  return { protocol: '1.3', platformId: platform.id, lineitemUrl: lineitem, subject: claims.sub };
}

function profileOf(claims: IdTokenClaims): LtiProfile {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const presentation = claims[CLAIM.launchPresentation] as { locale?: unknown } | undefined;
  return {
    ...lmsNames(str(claims.given_name), str(claims.family_name), str(claims.name)),
    language: lmsLanguage(str(presentation?.locale) || str(claims.locale)),
  };
}
