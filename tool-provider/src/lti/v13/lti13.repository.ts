import { QueryTypes, type Sequelize } from 'sequelize';
import { SecretBox } from '../shared/secret-box';
import type { LaunchCodePayload } from '../shared/launch-codes';
import { setRegistrationDisabled } from '../shared/lti.repository';

/** A registered LTI 1.3 platform: one (issuer, client id) pair and its endpoints. */
export interface PlatformRecord {
  id: number;
  issuer: string;
  clientId: string;
  name: string;
  authLoginUrl: string;
  authTokenUrl: string;
  jwksUrl: string;
  allowedOrigins: string[];
}

/** A platform as its administrators see it: its deployments, and whether it is disabled. */
export interface PlatformRegistration extends PlatformRecord {
  deployments: string[];
  createdAt: Date;
  /** When it was disabled; null while it is enabled. */
  disabledAt: Date | null;
}

/** One of Kib's published signing keys, without its key material. */
export interface ToolKeySummary {
  kid: string;
  createdAt: Date;
  active: boolean;
  /** When a replaced key leaves the JWKS; null for the active key. */
  retiredAt: Date | null;
}

/** Where a login put its secret in the platform's storage: the storage frame and the secret's SHA-256. */
export interface LoginStorage {
  target: string;
  secretHash: string;
}

/** An OIDC login in progress, as the launch finds it. */
export interface LoginState {
  nonce: string;
  platformId: number;
  targetLinkUri: string;
  /** Set when the login page put a secret in the platform's storage (LTI Platform Storage). */
  storage?: LoginStorage | null;
}

/** A verified launch that waits for the browser to show the secret of its login. */
export interface StorageCheck {
  secretHash: string;
  userId: number;
  /** What the launch's one-time code opens once the secret is shown, and the LMS's language. */
  payload: LaunchCodePayload & { language?: 'es' | 'en' };
}

/** A deep-linking selection in progress: where the teacher's choice is posted back. */
export interface DeepLinkSession {
  id: string;
  platformId: number;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  userId: number;
  expiresAt: Date;
}

/** One of Kib's signing keys, as JWKs. */
export interface ToolKeyRecord {
  kid: string;
  privateJwk: Record<string, unknown>;
  publicJwk: Record<string, unknown>;
  createdAt: Date;
  active: boolean;
  retiredAt: Date | null;
}

const SELECT_PLATFORM = `
  SELECT id, issuer, client_id AS "clientId", name, auth_login_url AS "authLoginUrl",
         auth_token_url AS "authTokenUrl", jwks_url AS "jwksUrl", allowed_origins AS "allowedOrigins"
  FROM lti13_platforms`;

const SELECT_REGISTRATION = `
  SELECT p.id, p.issuer, p.client_id AS "clientId", p.name, p.auth_login_url AS "authLoginUrl",
         p.auth_token_url AS "authTokenUrl", p.jwks_url AS "jwksUrl", p.allowed_origins AS "allowedOrigins",
         COALESCE((SELECT array_agg(d.deployment_id::text ORDER BY d.id) FROM lti13_deployments d
                   WHERE d.platform_id = p.id), '{}') AS deployments,
         p.created_at AS "createdAt", p.disabled_at AS "disabledAt"
  FROM lti13_platforms p`;

/** Data access of LTI 1.3: platforms, deployments, login states, used nonces, Kib's keys (SQL). */
export class Lti13Repository {
  constructor(
    private readonly sequelize: Sequelize,
    /** Seals Kib's private keys at rest. */
    private readonly box = new SecretBox(null),
  ) {}

  /** Registers a platform; null when the (issuer, client id) pair is taken. */
  async addPlatform(input: Omit<PlatformRecord, 'id'>): Promise<number | null> {
    const rows = await this.sequelize.query<{ id: number }>(
      `INSERT INTO lti13_platforms (issuer, client_id, name, auth_login_url, auth_token_url, jwks_url, allowed_origins)
       VALUES (:issuer, :clientId, :name, :authLoginUrl, :authTokenUrl, :jwksUrl,
               ARRAY(SELECT jsonb_array_elements_text(CAST(:origins AS jsonb))))
       ON CONFLICT (issuer, client_id) DO NOTHING RETURNING id`,
      {
        replacements: { ...input, origins: JSON.stringify(input.allowedOrigins) },
        type: QueryTypes.SELECT,
      },
    );
    return rows[0]?.id ?? null;
  }

  /** Replaces a platform's authorisation, token and keyset URLs (the platform registered itself again). */
  async updateEndpoints(
    id: number,
    endpoints: Pick<PlatformRecord, 'authLoginUrl' | 'authTokenUrl' | 'jwksUrl'>,
  ): Promise<void> {
    await this.sequelize.query(
      `UPDATE lti13_platforms SET auth_login_url = :authLoginUrl, auth_token_url = :authTokenUrl, jwks_url = :jwksUrl
       WHERE id = :id`,
      { replacements: { id, ...endpoints } },
    );
  }

  /** Every platform, enabled or not, by issuer and client id, with its deployments. */
  async listPlatforms(): Promise<PlatformRegistration[]> {
    return this.sequelize.query<PlatformRegistration>(
      `${SELECT_REGISTRATION} ORDER BY p.issuer, p.client_id`,
      { type: QueryTypes.SELECT },
    );
  }

  /** The platform with this id, enabled or not, with its deployments; null when there is none. */
  async findRegistrationById(id: number): Promise<PlatformRegistration | null> {
    const rows = await this.sequelize.query<PlatformRegistration>(`${SELECT_REGISTRATION} WHERE p.id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
    });
    return rows[0] ?? null;
  }

  /** The platform of this issuer and client id, enabled or not, with its deployments; null when there is none. */
  async findRegistration(issuer: string, clientId: string): Promise<PlatformRegistration | null> {
    const rows = await this.sequelize.query<PlatformRegistration>(
      `${SELECT_REGISTRATION} WHERE p.issuer = :issuer AND p.client_id = :clientId`,
      { replacements: { issuer, clientId }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /**
   * Disables a platform from `at` (an already disabled one keeps its date), or enables it with null;
   * false when there is no such platform.
   */
  async setPlatformDisabled(id: number, at: Date | null): Promise<boolean> {
    return setRegistrationDisabled(this.sequelize, 'lti13_platforms', id, at);
  }

  /**
   * The enabled platform with this id, or null. Logins, launches, deep-linking answers, scores and
   * rosters all find their platform here or in {@link findPlatforms}, so a disabled platform is to
   * them as one never registered.
   */
  async findPlatformById(id: number): Promise<PlatformRecord | null> {
    const rows = await this.sequelize.query<PlatformRecord>(
      `${SELECT_PLATFORM} WHERE id = :id AND disabled_at IS NULL`,
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /**
   * The enabled platforms of an issuer (compared exactly), narrowed to one client id when it is
   * given. Several answers mean the login did not say which registration it is for.
   */
  async findPlatforms(issuer: string, clientId: string | undefined): Promise<PlatformRecord[]> {
    return this.sequelize.query<PlatformRecord>(
      `${SELECT_PLATFORM} WHERE issuer = :issuer ${clientId === undefined ? '' : 'AND client_id = :clientId'}
         AND disabled_at IS NULL
       ORDER BY id LIMIT 2`,
      { replacements: { issuer, clientId: clientId ?? null }, type: QueryTypes.SELECT },
    );
  }

  /** Registers a deployment of a platform; false when it was registered already. */
  async addDeployment(platformId: number, deploymentId: string): Promise<boolean> {
    const rows = await this.sequelize.query(
      `INSERT INTO lti13_deployments (platform_id, deployment_id) VALUES (:platformId, :deploymentId)
       ON CONFLICT (platform_id, deployment_id) DO NOTHING RETURNING id`,
      { replacements: { platformId, deploymentId }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** Is the deployment registered for this platform? */
  async hasDeployment(platformId: number, deploymentId: string): Promise<boolean> {
    const rows = await this.sequelize.query(
      `SELECT 1 FROM lti13_deployments WHERE platform_id = :platformId AND deployment_id = :deploymentId`,
      { replacements: { platformId, deploymentId }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** Stores an OIDC login's state and nonce (and its platform storage, if any) until `expiresAt`. */
  async createState(state: string, login: LoginState, expiresAt: Date): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO lti13_states (state, nonce, platform_id, target_link_uri, storage_target, secret_hash, expires_at)
       VALUES (:state, :nonce, :platformId, :targetLinkUri, :storageTarget, :secretHash, :expiresAt)`,
      {
        replacements: {
          state,
          nonce: login.nonce,
          platformId: login.platformId,
          targetLinkUri: login.targetLinkUri,
          storageTarget: login.storage?.target ?? null,
          secretHash: login.storage?.secretHash ?? null,
          expiresAt,
        },
      },
    );
  }

  /** Deletes the state and answers what it held; null when unknown or expired. One DELETE decides. */
  async consumeState(state: string, now: Date): Promise<LoginState | null> {
    const rows = await this.sequelize.query<
      Omit<LoginState, 'storage'> & {
        storageTarget: string | null;
        secretHash: string | null;
        expiresAt: Date;
      }
    >(
      `DELETE FROM lti13_states WHERE state = :state
       RETURNING nonce, platform_id AS "platformId", target_link_uri AS "targetLinkUri",
                 storage_target AS "storageTarget", secret_hash AS "secretHash", expires_at AS "expiresAt"`,
      { replacements: { state }, type: QueryTypes.SELECT },
    );
    const row = rows[0];
    if (!row || row.expiresAt <= now) return null;
    return {
      nonce: row.nonce,
      platformId: row.platformId,
      targetLinkUri: row.targetLinkUri,
      storage:
        row.storageTarget !== null && row.secretHash !== null
          ? { target: row.storageTarget, secretHash: row.secretHash }
          : null,
    };
  }

  /** Stores a launch waiting for its login's secret, under the SHA-256 of its id, until `expiresAt`. */
  async createStorageCheck(idHash: string, check: StorageCheck, expiresAt: Date): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO lti13_storage_checks (id_hash, secret_hash, user_id, payload, expires_at)
       VALUES (:idHash, :secretHash, :userId, CAST(:payload AS jsonb), :expiresAt)`,
      {
        replacements: {
          idHash,
          secretHash: check.secretHash,
          userId: check.userId,
          payload: JSON.stringify(check.payload),
          expiresAt,
        },
      },
    );
  }

  /**
   * Deletes the waiting launch and answers it; null when unknown or expired. One DELETE decides, so
   * whatever the browser shows, a launch is checked at most once.
   */
  async consumeStorageCheck(idHash: string, now: Date): Promise<StorageCheck | null> {
    const rows = await this.sequelize.query<StorageCheck & { expiresAt: Date }>(
      `DELETE FROM lti13_storage_checks WHERE id_hash = :idHash
       RETURNING secret_hash AS "secretHash", user_id AS "userId", payload, expires_at AS "expiresAt"`,
      { replacements: { idHash }, type: QueryTypes.SELECT },
    );
    const row = rows[0];
    if (!row || row.expiresAt <= now) return null;
    return { secretHash: row.secretHash, userId: row.userId, payload: row.payload };
  }

  /** Records an id_token nonce of a platform; false when it was used before. */
  async useNonce(platformId: number, nonce: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.sequelize.query(
      `INSERT INTO lti13_used_nonces (platform_id, nonce, expires_at) VALUES (:platformId, :nonce, :expiresAt)
       ON CONFLICT (platform_id, nonce) DO NOTHING RETURNING nonce`,
      { replacements: { platformId, nonce, expiresAt }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** Stores the deep-linking selection of a verified request. */
  async createDeepLinkSession(session: DeepLinkSession): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO lti13_deep_link_sessions (id, platform_id, deployment_id, return_url, data, user_id, expires_at)
       VALUES (:id, :platformId, :deploymentId, :returnUrl, :data, :userId, :expiresAt)`,
      { replacements: { ...session } },
    );
  }

  /** The user's unexpired selection with this id, or null. */
  async findDeepLinkSession(id: string, userId: number, now: Date): Promise<DeepLinkSession | null> {
    const rows = await this.sequelize.query<DeepLinkSession>(
      `SELECT id, platform_id AS "platformId", deployment_id AS "deploymentId", return_url AS "returnUrl", data,
              user_id AS "userId", expires_at AS "expiresAt"
       FROM lti13_deep_link_sessions WHERE id = :id AND user_id = :userId AND expires_at > :now`,
      { replacements: { id, userId, now }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /** Deletes expired states, used nonces, selections and launches waiting for their secret. */
  async purgeExpired(now: Date): Promise<void> {
    await this.sequelize.query(
      `DELETE FROM lti13_states WHERE expires_at < :now;
       DELETE FROM lti13_used_nonces WHERE expires_at < :now;
       DELETE FROM lti13_deep_link_sessions WHERE expires_at < :now;
       DELETE FROM lti13_storage_checks WHERE expires_at < :now;`,
      { replacements: { now } },
    );
  }

  /** Kib's keys that are not retired, newest first. */
  async publishedKeys(now: Date): Promise<ToolKeyRecord[]> {
    const rows = await this.sequelize.query<Omit<ToolKeyRecord, 'privateJwk'> & { privateJwk: unknown }>(
      `SELECT kid, private_jwk AS "privateJwk", public_jwk AS "publicJwk", created_at AS "createdAt", active,
              retired_at AS "retiredAt"
       FROM tool_keys WHERE retired_at IS NULL OR retired_at > :now ORDER BY created_at DESC, kid`,
      { replacements: { now }, type: QueryTypes.SELECT },
    );
    // A sealed private key is stored as a JSON string (see SecretBox); an older one as the JWK itself.
    return rows.map((row) => ({
      ...row,
      privateJwk:
        typeof row.privateJwk === 'string'
          ? (JSON.parse(this.box.open(row.privateJwk)) as Record<string, unknown>)
          : (row.privateJwk as Record<string, unknown>),
    }));
  }

  /** Kib's keys that are not retired, newest first, without their key material. */
  async listKeys(now: Date): Promise<ToolKeySummary[]> {
    return this.sequelize.query<ToolKeySummary>(
      `SELECT kid, created_at AS "createdAt", active, retired_at AS "retiredAt"
       FROM tool_keys WHERE retired_at IS NULL OR retired_at > :now ORDER BY created_at DESC, kid`,
      { replacements: { now }, type: QueryTypes.SELECT },
    );
  }

  /** Seals the private keys stored in clear; answers how many. */
  async sealKeys(): Promise<number> {
    if (!this.box.sealing) return 0;
    const rows = await this.sequelize.query<{ kid: string; privateJwk: Record<string, unknown> }>(
      `SELECT kid, private_jwk AS "privateJwk" FROM tool_keys WHERE jsonb_typeof(private_jwk) = 'object'`,
      { type: QueryTypes.SELECT },
    );
    for (const row of rows)
      await this.sequelize.query(
        `UPDATE tool_keys SET private_jwk = CAST(:sealed AS jsonb) WHERE kid = :kid`,
        {
          replacements: { kid: row.kid, sealed: this.storedJwk(row.privateJwk) },
        },
      );
    return rows.length;
  }

  /** A private JWK as the jsonb it is stored as: sealed (a JSON string) when there is a key. */
  private storedJwk(jwk: Record<string, unknown>): string {
    return this.box.sealing ? JSON.stringify(this.box.seal(JSON.stringify(jwk))) : JSON.stringify(jwk);
  }

  /**
   * Makes `key` the only active key; the previously active ones stay published until `retireAt`
   * (platforms that cached the old JWKS still verify what was signed before the rotation).
   */
  async addActiveKey(
    key: Pick<ToolKeyRecord, 'kid' | 'privateJwk' | 'publicJwk'>,
    retireAt: Date | null,
    onlyIfNone = false,
  ): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      // One instance at a time creates or rotates keys, so two first starts leave one active key.
      await this.sequelize.query(`LOCK TABLE tool_keys IN SHARE ROW EXCLUSIVE MODE`, { transaction });
      if (onlyIfNone) {
        const active = await this.sequelize.query(`SELECT 1 FROM tool_keys WHERE active`, {
          type: QueryTypes.SELECT,
          transaction,
        });
        if (active.length > 0) return false;
      }
      await this.sequelize.query(
        `UPDATE tool_keys SET active = false, retired_at = COALESCE(retired_at, :retireAt) WHERE active`,
        { replacements: { retireAt }, transaction },
      );
      await this.sequelize.query(
        `INSERT INTO tool_keys (kid, private_jwk, public_jwk, active)
         VALUES (:kid, CAST(:privateJwk AS jsonb), CAST(:publicJwk AS jsonb), true)`,
        {
          replacements: {
            kid: key.kid,
            privateJwk: this.storedJwk(key.privateJwk),
            publicJwk: JSON.stringify(key.publicJwk),
          },
          transaction,
        },
      );
      return true;
    });
  }
}
