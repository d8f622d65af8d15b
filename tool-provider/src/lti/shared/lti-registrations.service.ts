import crypto from 'node:crypto';
import type {
  AddLtiConsumer,
  AddLtiPlatform,
  LtiConsumerRegistration,
  LtiConsumerSecret,
  LtiKeyRotation,
  LtiPlatformRegistration,
  LtiToolKey,
  LtiToolUrls,
} from '@kib/core';
import { AppError } from '../../http/errors';
import { LTI13_REGISTER_PATH } from '../v13/dynamic-registration.service';
import type { ConsumerRegistration, LtiRepository } from './lti.repository';
import type { Lti13Repository, PlatformRegistration, ToolKeySummary } from '../v13/lti13.repository';
import { LTI13_KEYS_PATH, LTI13_LAUNCH_PATH, LTI13_LOGIN_PATH } from '../v13/lti13.service';
import { LTI11_LAUNCH_PATH } from '../v11/lti11.routes';
import { normaliseOriginPattern } from './origins';
import type { ToolKeys } from '../v13/tool-keys';

/** A new consumer secret: 192 random bits, URL-safe. */
export function newConsumerSecret(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Kib's addresses an administrator copies into an LMS, under Kib's public URL. */
export function toolUrls(publicUrl: string, dynamicRegistration: 'open' | 'closed'): LtiToolUrls {
  return {
    lti11LaunchUrl: `${publicUrl}${LTI11_LAUNCH_PATH}`,
    lti13LoginUrl: `${publicUrl}${LTI13_LOGIN_PATH}`,
    lti13RedirectUri: `${publicUrl}${LTI13_LAUNCH_PATH}`,
    lti13KeysetUrl: `${publicUrl}${LTI13_KEYS_PATH}`,
    lti13RegistrationUrl: `${publicUrl}${LTI13_REGISTER_PATH}`,
    dynamicRegistration,
  };
}

/**
 * The origins as CSP patterns (lower case, no trailing slash, each once). Anything that is not an
 * origin is refused by name on `allowed_origins`, so nothing but an origin reaches frame-ancestors.
 */
function normaliseOrigins(typed: readonly string[]): string[] {
  const bad = typed.filter((origin) => normaliseOriginPattern(origin) === null);
  if (bad.length > 0)
    throw AppError.badRequest({
      allowed_origins: bad.map((origin) => ({ key: 'validation.lti-origin', params: { origin } })),
    });
  return [...new Set(typed.map((origin) => normaliseOriginPattern(origin)!))];
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** What both registries are built from. */
interface RegistryDeps {
  now?: () => Date;
  /** Called after a change of what may frame Kib (a registration added, enabled or disabled). */
  onChange?: () => void;
}

/**
 * The LTI 1.1 consumers (LMSs) as a platform admin manages them, from the API or `npm run lti`:
 * register one (Kib makes its secret, answered once and never again), rotate its secret (the old
 * one keeps working for a grace period), disable and enable it, list them without secrets. Bad
 * input is a 400 naming the field, a taken key a 409, an unknown key a 404.
 */
export class ConsumerRegistry {
  constructor(private readonly deps: RegistryDeps & { repo: LtiRepository }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Every consumer, enabled or not, by key. */
  async list(): Promise<LtiConsumerRegistration[]> {
    const now = this.now();
    return (await this.deps.repo.listConsumerRegistrations()).map((c) => this.view(c, now));
  }

  /** Registers a consumer under a new secret; answers it with the secret, the only time it is shown. */
  async add(input: AddLtiConsumer): Promise<LtiConsumerSecret> {
    const allowedOrigins = normaliseOrigins(input.allowedOrigins);
    const secret = newConsumerSecret();
    const added = await this.deps.repo.addConsumer({
      consumerKey: input.consumerKey,
      name: input.name,
      secret,
      allowedOrigins,
    });
    if (!added) throw AppError.conflict('lti-consumer-exists', 'errors.lti-consumer-exists', 'consumer_key');
    this.deps.onChange?.();
    return { consumer: await this.find(input.consumerKey), secret };
  }

  /** Gives a consumer a new secret; the old one verifies launches for `graceHours` more. */
  async rotateSecret(consumerKey: string, graceHours: number): Promise<LtiConsumerSecret> {
    const secret = newConsumerSecret();
    const graceUntil = new Date(this.now().getTime() + graceHours * 3600 * 1000);
    if (!(await this.deps.repo.rotateSecret(consumerKey, secret, graceUntil))) throw unknownConsumer();
    return { consumer: await this.find(consumerKey), secret };
  }

  /**
   * Enables or disables a consumer. A disabled consumer's launches are refused as an unknown key's,
   * its origins leave frame-ancestors, and grades owed to it wait (see docs/lti-moodle.md).
   */
  async setEnabled(consumerKey: string, enabled: boolean): Promise<LtiConsumerRegistration> {
    if (!(await this.deps.repo.setConsumerDisabled(consumerKey, enabled ? null : this.now())))
      throw unknownConsumer();
    this.deps.onChange?.();
    return this.find(consumerKey);
  }

  private async find(consumerKey: string): Promise<LtiConsumerRegistration> {
    const found = await this.deps.repo.findConsumerRegistration(consumerKey);
    if (!found) throw unknownConsumer();
    return this.view(found, this.now());
  }

  private view(c: ConsumerRegistration, now: Date): LtiConsumerRegistration {
    return {
      consumerKey: c.consumerKey,
      name: c.name,
      allowedOrigins: c.allowedOrigins,
      createdAt: c.createdAt.toISOString(),
      previousSecretUntil:
        c.previousSecretUntil && c.previousSecretUntil > now ? iso(c.previousSecretUntil) : null,
      disabledAt: iso(c.disabledAt),
    };
  }
}

/**
 * The LTI 1.3 platforms and Kib's signing keys as a platform admin manages them, from the API or
 * `npm run lti`: register a platform with its endpoints, origins and deployments, add a deployment,
 * disable and enable it, list them; rotate Kib's key (the old one stays in the keyset for a grace
 * period) and list the published keys.
 */
export class PlatformRegistry {
  constructor(private readonly deps: RegistryDeps & { repo: Lti13Repository; keys: ToolKeys }) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Every platform, enabled or not, by issuer and client id. */
  async list(): Promise<LtiPlatformRegistration[]> {
    return (await this.deps.repo.listPlatforms()).map(platformView);
  }

  /** The platform of this issuer and client id, enabled or not; 404 when there is none. */
  async findByIssuer(issuer: string, clientId: string): Promise<LtiPlatformRegistration> {
    const found = await this.deps.repo.findRegistration(issuer, clientId);
    if (!found) throw unknownPlatform();
    return platformView(found);
  }

  /** Registers a platform with its deployments. */
  async add(input: AddLtiPlatform): Promise<LtiPlatformRegistration> {
    const allowedOrigins = normaliseOrigins(input.allowedOrigins);
    const id = await this.deps.repo.addPlatform({
      issuer: input.issuer,
      clientId: input.clientId,
      name: input.name,
      authLoginUrl: input.authLoginUrl,
      authTokenUrl: input.authTokenUrl,
      jwksUrl: input.jwksUrl,
      allowedOrigins,
    });
    if (id === null)
      throw AppError.conflict('lti-platform-exists', 'errors.lti-platform-exists', 'client_id');
    for (const deployment of new Set(input.deployments)) await this.deps.repo.addDeployment(id, deployment);
    this.deps.onChange?.();
    return this.find(id);
  }

  /** Registers one more deployment of a platform; 409 when it is registered already. */
  async addDeployment(platformId: number, deploymentId: string): Promise<LtiPlatformRegistration> {
    await this.find(platformId);
    if (!(await this.deps.repo.addDeployment(platformId, deploymentId)))
      throw AppError.conflict('lti-deployment-exists', 'errors.lti-deployment-exists', 'deployment_id');
    return this.find(platformId);
  }

  /**
   * Enables or disables a platform. A disabled platform's logins and launches are refused as an
   * unknown one's, its origins leave frame-ancestors, and scores owed to it wait.
   */
  async setEnabled(platformId: number, enabled: boolean): Promise<LtiPlatformRegistration> {
    if (!(await this.deps.repo.setPlatformDisabled(platformId, enabled ? null : this.now())))
      throw unknownPlatform();
    this.deps.onChange?.();
    return this.find(platformId);
  }

  /** Kib's published signing keys, newest first. */
  async keys(): Promise<LtiToolKey[]> {
    return (await this.deps.repo.listKeys(this.now())).map(keyView);
  }

  /** Makes a new signing key active; the replaced one stays published for `graceHours`. */
  async rotateKey(graceHours: number): Promise<LtiKeyRotation> {
    const kid = await this.deps.keys.rotate(graceHours);
    return { kid, keys: await this.keys() };
  }

  private async find(id: number): Promise<LtiPlatformRegistration> {
    const found = await this.deps.repo.findRegistrationById(id);
    if (!found) throw unknownPlatform();
    return platformView(found);
  }
}

function platformView(p: PlatformRegistration): LtiPlatformRegistration {
  return {
    id: p.id,
    issuer: p.issuer,
    clientId: p.clientId,
    name: p.name,
    authLoginUrl: p.authLoginUrl,
    authTokenUrl: p.authTokenUrl,
    jwksUrl: p.jwksUrl,
    allowedOrigins: p.allowedOrigins,
    deployments: p.deployments,
    createdAt: p.createdAt.toISOString(),
    disabledAt: iso(p.disabledAt),
  };
}

function keyView(k: ToolKeySummary): LtiToolKey {
  return { kid: k.kid, createdAt: k.createdAt.toISOString(), active: k.active, retiresAt: iso(k.retiredAt) };
}

const unknownConsumer = () => new AppError(404, 'not-found', { key: 'errors.lti-consumer-unknown' });
const unknownPlatform = () => new AppError(404, 'not-found', { key: 'errors.lti-platform-unknown' });
