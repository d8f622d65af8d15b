import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import { AGS_SCORE_SCOPE } from './ags';
import type { Lti13Repository } from './lti13.repository';
import { LTI13_KEYS_PATH, LTI13_LAUNCH_PATH, LTI13_LOGIN_PATH } from './lti13.service';
import { AddressRefusedError, guardedRequest, type AddressPolicy } from './guarded-request';
import { NRPS_SCOPE } from './nrps';
import { normaliseOriginPattern } from '../shared/origins';

/** Where an LMS opens Kib's side of LTI Dynamic Registration. */
export const LTI13_REGISTER_PATH = '/lti/1.3/register';
/** How long the platform has to answer each request of a registration. */
export const REGISTRATION_TIMEOUT_MS = 5000;
/** Largest openid configuration or registration answer read from a platform. */
export const REGISTRATION_MAX_BYTES = 64 * 1024;

const PLATFORM_CLAIM = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
const TOOL_CLAIM = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
/**
 * The services Kib asks for, exactly the scopes it requests access tokens for: posting AGS scores to
 * the line item of a launch, and reading the course's members (NRPS). Kib neither manages line items
 * (deep linking makes the platform create one) nor reads results, so Moodle sets "grade sync only".
 */
export const REGISTRATION_SCOPES = [AGS_SCORE_SCOPE, NRPS_SCOPE];
/**
 * The identity claims Kib asks for: the issuer and subject that identify a user, and the names it
 * greets them by (names.ts). No e-mail: Kib never reads one, and Moodle would then share it always.
 */
export const REGISTRATION_CLAIMS = ['iss', 'sub', 'name', 'given_name', 'family_name'];

const url = z.string().max(2000).url();

/** The part of a platform's OpenID configuration that registration reads (other members are ignored). */
const PlatformConfigurationSchema = z.object({
  issuer: z.string().max(240).url(),
  authorization_endpoint: url,
  token_endpoint: url,
  jwks_uri: url,
  registration_endpoint: url,
  [PLATFORM_CLAIM]: z.object({
    product_family_code: z.string().min(1).max(200),
    messages_supported: z.array(z.object({ type: z.string().max(200) })).max(100),
  }),
});

/** The part of the platform's registration answer Kib keeps. */
const RegistrationAnswerSchema = z.object({
  client_id: z.string().min(1).max(255),
  // Some platforms answer the deployment id as a number.
  [TOOL_CLAIM]: z.object({
    deployment_id: z.union([z.string().min(1).max(255), z.number().int().nonnegative().transform(String)]),
  }),
});

/** The query of GET /lti/1.3/register as the LMS sends it. */
export interface RegistrationRequest {
  openid_configuration?: string;
  registration_token?: string;
}

/** A finished registration, for the page that answers it. */
export interface RegistrationResult {
  issuer: string;
  clientId: string;
  deploymentId: string;
  productFamily: string;
}

const invalid = () => new AppError(400, 'lti-registration-invalid');
const failed = () => new AppError(502, 'lti-registration-failed');

/**
 * Kib's side of IMS LTI Dynamic Registration 1.0: reads the platform's OpenID configuration, posts
 * Kib's tool configuration to its registration endpoint, and stores the answered client id and
 * deployment as a platform, exactly as `npm run lti -- add-platform` would. Only while the operator
 * keeps registration open: an open registration lets any LMS that can reach Kib become a platform
 * (its users get LTI accounts of their own, and its origin may frame Kib).
 */
export class DynamicRegistration {
  constructor(
    private readonly deps: {
      repo: Lti13Repository;
      publicUrl: string;
      open: boolean;
      /** Accept http on localhost and 127.0.0.1 (never in production). */
      allowLocalHttp: boolean;
      logger: Logger;
      /** Which addresses the platform's URLs may resolve to. */
      addressPolicy: AddressPolicy;
      /** Called once a platform was stored (its origin may now frame Kib). */
      onRegistered?: () => void;
    },
  ) {}

  /** Is the URL one Kib may call: https, or http on the local machine when allowed? */
  acceptable(value: string): boolean {
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      return false;
    }
    if (u.username || u.password) return false;
    if (u.protocol === 'https:') return true;
    return (
      this.deps.allowLocalHttp && u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname)
    );
  }

  /** Runs one registration; throws AppError 403 (closed), 400 (bad request or configuration), 502 (the platform failed). */
  async register(input: RegistrationRequest): Promise<RegistrationResult> {
    if (!this.deps.open) throw new AppError(403, 'lti-registration-closed');
    const configurationUrl = input.openid_configuration;
    const token = input.registration_token;
    if (!configurationUrl || configurationUrl.length > 2000 || !this.acceptable(configurationUrl))
      throw invalid();
    if (token !== undefined && (token.length > 4000 || !/^[\x21-\x7e]*$/.test(token))) throw invalid();

    const raw = await this.call(configurationUrl, { method: 'GET', headers: { accept: 'application/json' } });
    if (!raw.ok) throw failed();
    const parsed = PlatformConfigurationSchema.safeParse(raw.json);
    if (!parsed.success) throw invalid();
    const configuration = parsed.data;
    // The specification: the issuer must be on the configuration URL's origin (no one vouches for another host).
    if (new URL(configuration.issuer).origin !== new URL(configurationUrl).origin) throw invalid();
    const endpoints = [
      configuration.authorization_endpoint,
      configuration.token_endpoint,
      configuration.jwks_uri,
      configuration.registration_endpoint,
    ];
    if (!endpoints.every((e) => this.acceptable(e))) throw invalid();
    const origin = normaliseOriginPattern(new URL(configuration.issuer).origin);
    if (!origin) throw invalid();

    const messages = configuration[PLATFORM_CLAIM].messages_supported.map((m) => m.type);
    const answer = await this.call(configuration.registration_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(this.toolConfiguration(messages.includes('LtiDeepLinkingRequest'))),
    });
    if (!answer.ok) {
      this.deps.logger.warn(
        { status: answer.status, issuer: configuration.issuer },
        'LTI registration refused',
      );
      throw failed();
    }
    const registered = RegistrationAnswerSchema.safeParse(answer.json);
    if (!registered.success) throw failed();
    const clientId = registered.data.client_id;
    const deploymentId = registered.data[TOOL_CLAIM].deployment_id;
    const productFamily = configuration[PLATFORM_CLAIM].product_family_code;

    // A second registration of the same pair keeps the stored platform, takes its current endpoints
    // (only the issuer's own origin could serve this configuration) and adds the new deployment.
    const endpointUrls = {
      authLoginUrl: configuration.authorization_endpoint,
      authTokenUrl: configuration.token_endpoint,
      jwksUrl: configuration.jwks_uri,
    };
    let id = await this.deps.repo.addPlatform({
      issuer: configuration.issuer,
      clientId,
      name: productFamily,
      ...endpointUrls,
      allowedOrigins: [origin],
    });
    const created = id !== null;
    if (id === null) {
      const known = await this.deps.repo.findRegistration(configuration.issuer, clientId);
      if (!known) throw failed();
      // A platform its administrator disabled in Kib stays disabled, whatever the platform asks.
      if (known.disabledAt !== null) throw new AppError(403, 'lti-registration-disabled');
      id = known.id;
      await this.deps.repo.updateEndpoints(id, endpointUrls);
    }
    const newDeployment = await this.deps.repo.addDeployment(id, deploymentId);
    this.deps.onRegistered?.();
    this.deps.logger.info(
      {
        issuer: configuration.issuer,
        clientId,
        deploymentId,
        platformId: id,
        productFamily,
        platform: created ? 'new' : 'updated',
        deployment: newDeployment ? 'new' : 'known',
      },
      'LTI platform registered',
    );
    return { issuer: configuration.issuer, clientId, deploymentId, productFamily };
  }

  /** Kib's tool configuration (the OpenID client registration with the LTI tool claim). */
  toolConfiguration(deepLinking: boolean): Record<string, unknown> {
    const base = this.deps.publicUrl;
    const launch = `${base}${LTI13_LAUNCH_PATH}`;
    return {
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${base}${LTI13_LOGIN_PATH}`,
      redirect_uris: [launch],
      client_name: 'Kib',
      jwks_uri: `${base}${LTI13_KEYS_PATH}`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: REGISTRATION_SCOPES.join(' '),
      [TOOL_CLAIM]: {
        domain: new URL(base).host,
        target_link_uri: launch,
        // Each activity link carries its own custom.activity_code (set by deep linking or the teacher).
        custom_parameters: {},
        claims: REGISTRATION_CLAIMS,
        messages: [
          { type: 'LtiResourceLinkRequest', target_link_uri: launch, label: 'Kib' },
          ...(deepLinking ? [{ type: 'LtiDeepLinkingRequest', target_link_uri: launch, label: 'Kib' }] : []),
        ],
      },
    };
  }

  /**
   * One request to the platform: 5 s at most, no redirects followed (a redirect could lead to a host
   * the checks above never saw), at most 64 kB read, and only to addresses the policy allows (in
   * production, the public Internet unless private networks are allowed): a host on another network
   * is a bad request (400). A network failure or a body that is not JSON is the platform's failure (502).
   */
  private async call(
    target: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<{ ok: boolean; status: number; json: unknown }> {
    try {
      const res = await guardedRequest(target, init, {
        policy: this.deps.addressPolicy,
        timeoutMs: REGISTRATION_TIMEOUT_MS,
        maxBytes: REGISTRATION_MAX_BYTES,
      });
      if (res.status < 200 || res.status > 299) return { ok: false, status: res.status, json: null };
      return { ok: true, status: res.status, json: JSON.parse(res.body.toString('utf8')) };
    } catch (err) {
      this.deps.logger.warn(
        { err: { message: (err as Error).message }, target },
        'LTI registration request failed',
      );
      if (err instanceof AddressRefusedError) throw invalid();
      throw failed();
    }
  }
}
