import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';

/** A score the platform's AGS endpoint received, with the bearer it came with. */
export interface ReceivedScore {
  path: string;
  contentType: string | undefined;
  authorized: boolean;
  payload: Record<string, unknown>;
}

/** A request Kib made to the platform's Names and Role Provisioning endpoint. */
export interface ReceivedRosterRequest {
  path: string;
  accept: string | undefined;
  /** The bearer was granted for the NRPS scope. */
  authorized: boolean;
}

/** What the platform's token endpoint found in Kib's client assertion. */
export interface ReceivedAssertion {
  valid: boolean;
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  form: Record<string, string>;
  error?: string;
}

/**
 * An LTI 1.3 platform for tests, written from the specification and independent of Kib's code: its
 * own RSA keys and JWKS endpoint (kid rotation on demand), an OIDC authorisation step that checks
 * every parameter of Kib's login redirect and answers a signed id_token, a token endpoint that
 * verifies Kib's client assertion against Kib's published JWKS, an AGS score endpoint that
 * records payloads, and LTI Dynamic Registration (an OpenID configuration and a registration
 * endpoint that wants a bearer token, records Kib's tool configuration and answers the client id
 * and the deployment id), and a Names and Role Provisioning endpoint serving `roster` in pages.
 */
export class Lti13Peer {
  /** The bearer token the registration endpoint wants. */
  readonly registrationToken = 'reg-token-1';
  /** What Kib posted to the registration endpoint, with whether the bearer token was right. */
  readonly registrations: { authorized: boolean; body: Record<string, unknown> }[] = [];
  /** Answer registrations with this status (a 4xx is a refusal). */
  registrationStatus = 200;
  /** Changes made to the served OpenID configuration (a member set to undefined is removed). */
  configurationPatch: Record<string, unknown> = {};
  readonly scores: ReceivedScore[] = [];
  readonly assertions: ReceivedAssertion[] = [];
  /** How many times the JWKS was fetched. */
  jwksHits = 0;
  /** Answer the next score requests with these statuses (then 200). */
  scoreScript: number[] = [];
  /** The course's members as the NRPS endpoint lists them (NRPS v2 member objects). */
  roster: Record<string, unknown>[] = [];
  /** Members per NRPS page; further pages are linked with `Link: rel="next"`. */
  rosterPageSize = 100;
  /** Answer the next NRPS requests with these statuses (then 200). */
  rosterScript: number[] = [];
  readonly rosterRequests: ReceivedRosterRequest[] = [];
  /** The name of the platform's storage frame, which a login initiation sends as `lti_storage_target`. */
  readonly storageTarget = 'lti_storage';
  /** The storage frame's values, per origin that put them (LTI Platform Storage). */
  private readonly storage = new Map<string, Map<string, string>>();
  private keys: { kid: string; privateKey: CryptoKey; publicJwk: JWK }[] = [];
  /** Granted access tokens and the scope each was granted for. */
  private readonly accessTokens = new Map<string, string>();
  private kibJwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  port = 0;

  /**
   * A platform whose registration answers this client id and deployment id. The client id may be
   * changed afterwards: the same platform (issuer, keys, users) registered again under a new one.
   */
  constructor(
    public clientId = 'kib-client',
    readonly deploymentId = 'dep-1',
  ) {}

  get issuer(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get origin(): string {
    return this.issuer;
  }
  get endpoints() {
    return {
      authLoginUrl: `${this.issuer}/auth?tenant=1`,
      authTokenUrl: `${this.issuer}/token`,
      jwksUrl: `${this.issuer}/jwks`,
      lineitem: `${this.issuer}/lineitems/7/lineitem?type_id=2`,
      memberships: `${this.issuer}/CourseSection/2/bindings/2/memberships`,
    };
  }

  /** Where the platform's OpenID configuration is (the `openid_configuration` of a registration). */
  get configurationUrl(): string {
    return `${this.issuer}/.well-known/openid-configuration`;
  }

  /** The platform's OpenID configuration as an LTI Dynamic Registration platform publishes it. */
  openidConfiguration(): Record<string, unknown> {
    const document: Record<string, unknown> = {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/auth?tenant=1`,
      token_endpoint: this.endpoints.authTokenUrl,
      jwks_uri: this.endpoints.jwksUrl,
      registration_endpoint: `${this.issuer}/register`,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid'],
      response_types_supported: ['id_token'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'moodle',
        version: '4.5',
        messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      },
      ...this.configurationPatch,
    };
    for (const [k, v] of Object.entries(document)) if (v === undefined) delete document[k];
    return document;
  }

  /** Starts the HTTP endpoints with one key; `kibUrl` is where Kib publishes its JWKS. */
  async start(kibUrl: string): Promise<void> {
    await this.addKey();
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    this.kibJwks = createRemoteJWKSet(new URL(`${kibUrl}/lti/1.3/keys`));
  }

  /** Adds a signing key (a platform's key rotation); the newest signs. Answers its kid. */
  async addKey(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = crypto.randomBytes(8).toString('hex');
    this.keys.push({
      kid,
      privateKey,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
    });
    return kid;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The platform's side of the OIDC authorisation: checks Kib's redirect (the endpoint, scope,
   * response type and mode, prompt, client id, redirect URI, hints, state, nonce) and answers the
   * form the browser posts to the redirect URI: a signed id_token (with `claims` merged in) and the state.
   */
  async authorize(
    location: string,
    expected: { redirectUri: string; loginHint: string; messageHint?: string },
    claims: Record<string, unknown> = {},
  ): Promise<{ action: string; id_token: string; state: string; nonce: string }> {
    const url = new URL(location);
    const p = url.searchParams;
    const problems: string[] = [];
    const want: Record<string, string | undefined> = {
      tenant: '1',
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: this.clientId,
      redirect_uri: expected.redirectUri,
      login_hint: expected.loginHint,
      lti_message_hint: expected.messageHint,
    };
    if (`${url.origin}${url.pathname}` !== `${this.issuer}/auth`) problems.push('endpoint');
    for (const [name, value] of Object.entries(want))
      if (p.get(name) !== (value ?? null)) problems.push(name);
    const state = p.get('state') ?? '';
    const nonce = p.get('nonce') ?? '';
    if (state.length < 32 || nonce.length < 32 || state === nonce) problems.push('state/nonce');
    if (problems.length) throw new Error(`bad authorisation request: ${problems.join(', ')}`);
    const id_token = await this.idToken({ nonce, ...claims });
    return { action: expected.redirectUri, id_token, state, nonce };
  }

  /** A resource-link id_token signed by the newest key, `claims` merged over the defaults. */
  async idToken(
    claims: Record<string, unknown> = {},
    header: Record<string, unknown> = {},
    now = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    const key = this.keys[this.keys.length - 1]!;
    const L = 'https://purl.imsglobal.org/spec/lti/claim';
    const body = {
      iss: this.issuer,
      aud: this.clientId,
      sub: 'user-42',
      iat: now,
      exp: now + 60,
      nonce: 'unset',
      given_name: 'Ada',
      family_name: 'Lovelace',
      [`${L}/deployment_id`]: this.deploymentId,
      [`${L}/message_type`]: 'LtiResourceLinkRequest',
      [`${L}/version`]: '1.3.0',
      [`${L}/roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${L}/resource_link`]: { id: 'rl-1' },
      [`${L}/custom`]: { activity_code: 'DEMO42' },
      [`${L}/launch_presentation`]: { locale: 'en' },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: `${this.issuer}/lineitems?type_id=2`,
        lineitem: this.endpoints.lineitem,
      },
      ...claims,
    };
    for (const [k, v] of Object.entries(body))
      if (v === undefined) delete (body as Record<string, unknown>)[k];
    return new SignJWT(body)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT', ...header })
      .sign(key.privateKey);
  }

  /**
   * The platform's storage frame (LTI Client Side postMessages): the answer it posts back to a
   * message `origin` posted to it (`lti.capabilities`, `lti.put_data`, `lti.get_data`), or null for a
   * message it ignores. Values are kept per origin, so a tool reads only what it put.
   */
  storageMessage(origin: string, message: Record<string, unknown>): Record<string, unknown> | null {
    const { subject, message_id: messageId, key, value } = message;
    if (typeof subject !== 'string' || !subject.startsWith('lti.') || messageId === undefined) return null;
    const reply = { subject: `${subject}.response`, message_id: messageId };
    const refuse = (code: string, text: string) => ({ ...reply, error: { code, message: text } });
    const stored = this.storage.get(origin) ?? new Map<string, string>();
    this.storage.set(origin, stored);
    switch (subject) {
      case 'lti.capabilities':
        return {
          ...reply,
          supported_messages: [
            { subject: 'lti.capabilities' },
            { subject: 'lti.put_data', frame: this.storageTarget },
            { subject: 'lti.get_data', frame: this.storageTarget },
          ],
        };
      case 'lti.put_data':
        if (typeof key !== 'string' || typeof value !== 'string')
          return refuse('bad_request', 'a key and a value are required');
        stored.set(key, value);
        return { ...reply, key, value };
      case 'lti.get_data':
        if (typeof key !== 'string') return refuse('bad_request', 'a key is required');
        return stored.has(key)
          ? { ...reply, key, value: stored.get(key) }
          : refuse('bad_request', 'there is no value for this key');
      default:
        return refuse('unsupported_subject', `${subject} is not supported`);
    }
  }

  /** Forgets every stored value: the storage of another browser, or one whose storage was cleared. */
  clearStorage(): void {
    this.storage.clear();
  }

  /**
   * What the platform's deep-linking return endpoint does with the posted `JWT`: verifies it against
   * Kib's published JWKS (RS256, iss = client id, aud = the platform, at most 10 minutes old) and
   * answers its claims and header.
   */
  async receiveDeepLinkingResponse(jwt: string) {
    const { payload, protectedHeader } = await jwtVerify(jwt, this.kibJwks!, {
      algorithms: ['RS256'],
      issuer: this.clientId,
      audience: this.issuer,
      maxTokenAge: '10m',
    });
    return { claims: payload as Record<string, unknown>, header: protectedHeader };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += (chunk as Buffer).toString();
    const url = new URL(req.url ?? '/', this.issuer);
    if (req.method === 'GET' && url.pathname === '/jwks') {
      this.jwksHits++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: this.keys.map((k) => k.publicJwk) }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(this.openidConfiguration()));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/register') {
      const authorized = req.headers.authorization === `Bearer ${this.registrationToken}`;
      const body = JSON.parse(raw) as Record<string, unknown>;
      this.registrations.push({ authorized, body });
      if (!authorized || this.registrationStatus >= 400) {
        res
          .writeHead(authorized ? this.registrationStatus : 401, { 'content-type': 'application/json' })
          .end('{"error":"invalid_request"}');
        return;
      }
      const tool = body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as Record<string, unknown>;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ...body,
          client_id: this.clientId,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': {
            ...tool,
            deployment_id: this.deploymentId,
          },
        }),
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const record: ReceivedAssertion = { valid: false, header: {}, claims: {}, form };
      this.assertions.push(record);
      try {
        if (form.grant_type !== 'client_credentials') throw new Error('grant_type');
        if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
          throw new Error('client_assertion_type');
        const { payload, protectedHeader } = await jwtVerify(form.client_assertion ?? '', this.kibJwks!, {
          algorithms: ['RS256'],
          issuer: this.clientId,
          subject: this.clientId,
          audience: this.endpoints.authTokenUrl,
          maxTokenAge: '10m',
        });
        if (typeof payload.jti !== 'string' || !payload.jti) throw new Error('jti');
        record.header = protectedHeader as Record<string, unknown>;
        record.claims = payload as Record<string, unknown>;
        record.valid = true;
      } catch (err) {
        record.error = (err as Error).message;
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        return;
      }
      const token = crypto.randomBytes(16).toString('hex');
      this.accessTokens.set(token, form.scope ?? '');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.scope }),
        );
      return;
    }
    if (req.method === 'POST' && url.pathname.endsWith('/lineitem/scores')) {
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      this.scores.push({
        path: `${url.pathname}${url.search}`,
        contentType: req.headers['content-type'],
        authorized:
          !!bearer &&
          (this.accessTokens
            .get(bearer)
            ?.split(' ')
            .includes('https://purl.imsglobal.org/spec/lti-ags/scope/score') ??
            false),
        payload: JSON.parse(raw) as Record<string, unknown>,
      });
      const status = this.scoreScript.shift() ?? 200;
      res.writeHead(status).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === new URL(this.endpoints.memberships).pathname) {
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
      const scope = bearer === undefined ? undefined : this.accessTokens.get(bearer);
      this.rosterRequests.push({
        path: `${url.pathname}${url.search}`,
        accept: req.headers.accept,
        authorized: scope?.split(' ').includes(NRPS_SCOPE) ?? false,
      });
      const status = this.rosterScript.shift() ?? (scope?.split(' ').includes(NRPS_SCOPE) ? 200 : 401);
      if (status !== 200) {
        res.writeHead(status).end();
        return;
      }
      const page = Number(url.searchParams.get('page') ?? '0');
      const members = this.roster.slice(page * this.rosterPageSize, (page + 1) * this.rosterPageSize);
      const headers: Record<string, string> = { 'content-type': NRPS_MEDIA_TYPE };
      if ((page + 1) * this.rosterPageSize < this.roster.length) {
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        headers.link = `<${next.toString()}>; rel="next"`;
      }
      res.writeHead(200, headers).end(
        JSON.stringify({
          id: url.toString(),
          context: { id: 'course-2', label: 'ALG', title: 'Álgebra 10A' },
          members,
        }),
      );
      return;
    }
    res.writeHead(404).end();
  }
}

/** The NRPS scope and media type, as the LTI NRPS 2.0 specification names them. */
const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
