import crypto from 'node:crypto';
import type { LtiModuleView } from '@kib/core';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { SecretBox } from './secret-box';

/** A registered LTI 1.1 tool consumer (an LMS), as the launch check needs it. */
export interface ConsumerRecord {
  consumerKey: string;
  name: string;
  secret: string;
  /** The secret before the last rotation, accepted until `previousSecretUntil`. */
  previousSecret: string | null;
  previousSecretUntil: Date | null;
  /** Origins allowed to frame Kib (CSP frame-ancestors) and to receive its forms. */
  allowedOrigins: string[];
  createdAt: Date;
}

/** A consumer as its administrators see it: no secret, and whether it is disabled. */
export interface ConsumerRegistration {
  consumerKey: string;
  name: string;
  allowedOrigins: string[];
  createdAt: Date;
  /** Until when the secret before the last rotation still verifies launches, if it ever was rotated. */
  previousSecretUntil: Date | null;
  /** When it was disabled; null while it is enabled. */
  disabledAt: Date | null;
}

/**
 * Which LTI version an identity came from, and the platform that vouches for it: the key of a Kib
 * user in `lti_identities` (and of a resource link in `lti_resource_links`, with its link id).
 */
export interface PlatformIdentity {
  kind: '1.1' | '1.3';
  /**
   * The consumer key (1.1), or the platform's issuer alone (1.3): `sub` is unique per issuer, so a
   * platform registered again under a new client id keeps its users (migration 0012).
   */
  platform: string;
  /** The platform's user id (`user_id`, or `sub`). */
  subject: string;
}

/** The Kib user of a launch, and whether it was created or found through an LTI 1.1 identity. */
export interface LaunchUser {
  userId: number;
  /** A new Kib user was created for the identity. */
  created: boolean;
  /** The identity was attached to the Kib user of the `alsoKnownAs` identity. */
  linked: boolean;
}

/** A platform user's name and language, as a launch or a roster gives them. */
export interface LtiProfile {
  firstName: string;
  lastName: string;
  language: 'es' | 'en';
}

/** A module that a launch may open. */
export interface LaunchableModule {
  id: number;
  name: string;
  description: string;
  /** The student activity code as it is stored. */
  code: string;
  /** The code activity of the code, or null for a module code (then `moduleCodeId`). */
  activityId: number | null;
  moduleCodeId: number | null;
  /** When the code closes; null: never. */
  validUntil: Date | null;
}

/** A Content-Item selection in progress: where the teacher's choice is posted back. */
export interface ContentItemSession {
  id: string;
  consumerKey: string;
  returnUrl: string;
  data: string | null;
  userId: number;
  expiresAt: Date;
}

const SELECT_CONSUMER = `
  SELECT consumer_key AS "consumerKey", name, secret, previous_secret AS "previousSecret",
         previous_secret_until AS "previousSecretUntil", allowed_origins AS "allowedOrigins",
         created_at AS "createdAt"
  FROM lti11_consumers`;

const SELECT_REGISTRATION = `
  SELECT consumer_key AS "consumerKey", name, allowed_origins AS "allowedOrigins", created_at AS "createdAt",
         previous_secret_until AS "previousSecretUntil", disabled_at AS "disabledAt"
  FROM lti11_consumers`;

/** The registrations an administrator disables and enables: each table by the column that keys it. */
const REGISTRATION_KEYS = { lti11_consumers: 'consumer_key', lti13_platforms: 'id' } as const;

/**
 * Disables the registration (LTI 1.1 consumer or LTI 1.3 platform) keyed `key` in `table` from `at`
 * (an already disabled one keeps its date), or enables it with null; false when there is none.
 */
export async function setRegistrationDisabled(
  sequelize: Sequelize,
  table: keyof typeof REGISTRATION_KEYS,
  key: string | number,
  at: Date | null,
): Promise<boolean> {
  const column = REGISTRATION_KEYS[table];
  const rows = await sequelize.query(
    `UPDATE ${table} SET disabled_at = CASE WHEN :disable THEN COALESCE(disabled_at, :at) END
     WHERE ${column} = :key RETURNING ${column}`,
    { replacements: { key, at, disable: at !== null }, type: QueryTypes.SELECT },
  );
  return rows.length === 1;
}

/** Data access of the LTI adapter: consumers, nonces, identities, launch codes, selections (SQL). */
export class LtiRepository {
  constructor(
    private readonly sequelize: Sequelize,
    /** Seals consumer secrets at rest. */
    private readonly box = new SecretBox(null),
  ) {}

  /**
   * The enabled consumer with this key, or null. Launches, Content-Item answers and grades all find
   * their consumer here, so a disabled consumer is to them as one never registered.
   */
  async findConsumer(consumerKey: string): Promise<ConsumerRecord | null> {
    const rows = await this.sequelize.query<ConsumerRecord>(
      `${SELECT_CONSUMER} WHERE consumer_key = :consumerKey AND disabled_at IS NULL`,
      {
        replacements: { consumerKey },
        type: QueryTypes.SELECT,
      },
    );
    return rows[0] ? this.opened(rows[0]) : null;
  }

  /** Every consumer, enabled or not, by key, with its secrets opened. */
  async listConsumers(): Promise<ConsumerRecord[]> {
    const rows = await this.sequelize.query<ConsumerRecord>(`${SELECT_CONSUMER} ORDER BY consumer_key`, {
      type: QueryTypes.SELECT,
    });
    return rows.map((row) => this.opened(row));
  }

  /** Every consumer, enabled or not, by key, as its administrators see it (no secret). */
  async listConsumerRegistrations(): Promise<ConsumerRegistration[]> {
    return this.sequelize.query<ConsumerRegistration>(`${SELECT_REGISTRATION} ORDER BY consumer_key`, {
      type: QueryTypes.SELECT,
    });
  }

  /** The consumer with this key, enabled or not, as its administrators see it; null when there is none. */
  async findConsumerRegistration(consumerKey: string): Promise<ConsumerRegistration | null> {
    const rows = await this.sequelize.query<ConsumerRegistration>(
      `${SELECT_REGISTRATION} WHERE consumer_key = :consumerKey`,
      { replacements: { consumerKey }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /**
   * Disables a consumer from `at` (an already disabled one keeps its date), or enables it with null;
   * false when there is no such consumer.
   */
  async setConsumerDisabled(consumerKey: string, at: Date | null): Promise<boolean> {
    return setRegistrationDisabled(this.sequelize, 'lti11_consumers', consumerKey, at);
  }

  private opened(row: ConsumerRecord): ConsumerRecord {
    return {
      ...row,
      secret: this.box.open(row.secret),
      previousSecret: row.previousSecret === null ? null : this.box.open(row.previousSecret),
    };
  }

  /** Seals the consumer secrets stored in clear; answers how many consumers changed. */
  async sealSecrets(): Promise<number> {
    if (!this.box.sealing) return 0;
    const rows = await this.sequelize.query<{
      consumerKey: string;
      secret: string;
      previousSecret: string | null;
    }>(
      `SELECT consumer_key AS "consumerKey", secret, previous_secret AS "previousSecret" FROM lti11_consumers`,
      { type: QueryTypes.SELECT },
    );
    const seal = (value: string) => (SecretBox.isSealed(value) ? value : this.box.seal(value));
    let changed = 0;
    for (const row of rows) {
      if (
        SecretBox.isSealed(row.secret) &&
        (row.previousSecret === null || SecretBox.isSealed(row.previousSecret))
      )
        continue;
      await this.sequelize.query(
        `UPDATE lti11_consumers SET secret = :secret, previous_secret = :previousSecret WHERE consumer_key = :consumerKey`,
        {
          replacements: {
            consumerKey: row.consumerKey,
            secret: seal(row.secret),
            previousSecret: row.previousSecret === null ? null : seal(row.previousSecret),
          },
        },
      );
      changed++;
    }
    return changed;
  }

  /** Registers a consumer; false when the key is taken. */
  async addConsumer(input: {
    consumerKey: string;
    name: string;
    secret: string;
    allowedOrigins: string[];
  }): Promise<boolean> {
    const rows = await this.sequelize.query<{ consumerKey: string }>(
      `INSERT INTO lti11_consumers (consumer_key, name, secret, allowed_origins)
       VALUES (:consumerKey, :name, :secret, ARRAY(SELECT jsonb_array_elements_text(CAST(:origins AS jsonb))))
       ON CONFLICT (consumer_key) DO NOTHING RETURNING consumer_key AS "consumerKey"`,
      {
        replacements: {
          ...input,
          secret: this.box.seal(input.secret),
          origins: JSON.stringify(input.allowedOrigins),
        },
        type: QueryTypes.SELECT,
      },
    );
    return rows.length === 1;
  }

  /**
   * Replaces a consumer's secret; the old one stays valid until `graceUntil`, so launches signed
   * while the LMS is being reconfigured still pass. False when there is no such consumer.
   */
  async rotateSecret(consumerKey: string, secret: string, graceUntil: Date): Promise<boolean> {
    const rows = await this.sequelize.query<{ consumerKey: string }>(
      `UPDATE lti11_consumers SET previous_secret = secret, previous_secret_until = :graceUntil, secret = :secret
       WHERE consumer_key = :consumerKey RETURNING consumer_key AS "consumerKey"`,
      { replacements: { consumerKey, secret: this.box.seal(secret), graceUntil }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** The union of every enabled LTI 1.1 consumer's and LTI 1.3 platform's allowed origins. */
  async allowedOrigins(): Promise<string[]> {
    const rows = await this.sequelize.query<{ origin: string }>(
      `SELECT DISTINCT origin FROM (
         SELECT unnest(allowed_origins) AS origin FROM lti11_consumers WHERE disabled_at IS NULL
         UNION ALL SELECT unnest(allowed_origins) FROM lti13_platforms WHERE disabled_at IS NULL
       ) o ORDER BY origin`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((r) => r.origin);
  }

  /**
   * Records a nonce of a consumer; false when it was seen before. The UNIQUE index decides, so of
   * any number of identical requests on any number of instances exactly one gets true.
   */
  async useNonce(consumerKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.sequelize.query(
      `INSERT INTO lti_nonces (consumer_key, nonce, expires_at) VALUES (:consumerKey, :nonce, :expiresAt)
       ON CONFLICT (consumer_key, nonce) DO NOTHING RETURNING nonce`,
      { replacements: { consumerKey, nonce, expiresAt }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** Deletes expired nonces, launch codes and selections. */
  async purgeExpired(now: Date): Promise<void> {
    await this.sequelize.query(
      `DELETE FROM lti_nonces WHERE expires_at < :now;
       DELETE FROM lti_launch_codes WHERE expires_at < :now;
       DELETE FROM content_item_sessions WHERE expires_at < :now;`,
      { replacements: { now } },
    );
  }

  /**
   * The Kib user of a platform's user, created on first launch (see {@link createUser}). Names are
   * refreshed from the launch, and the user's group becomes the launch's role group.
   *
   * `alsoKnownAs` is another identity of the same person that the launch proved (the LTI 1.1 identity
   * of a verified LTI 1.3 migration claim): when `identity` is new and that identity has a Kib user,
   * `identity` is attached to that user instead of creating one, in the same transaction, so earlier
   * progress continues. A user who already has another identity under `identity`'s platform is not
   * given a second one (two LMS users never become one Kib user).
   */
  async upsertUser(
    identity: PlatformIdentity,
    profile: LtiProfile,
    group: 'LTIStudent' | 'LTITeacher',
    alsoKnownAs?: PlatformIdentity,
  ): Promise<LaunchUser> {
    return this.retryingFirstLaunch(() =>
      this.sequelize.transaction(async (transaction) => {
        let userId = await this.findIdentity(identity, transaction);
        let created = false;
        let linked = false;
        if (userId === undefined && alsoKnownAs) {
          userId = await this.linkIdentity(identity, alsoKnownAs, transaction);
          linked = userId !== undefined;
        }
        if (userId === undefined) {
          userId = await this.createUser(identity, profile, transaction);
          created = true;
        } else
          // The LMS's current language (launch_presentation_locale) and names win over older ones.
          await this.sequelize.query(
            `UPDATE users SET language = :language, updated_at = now(),
                    first_name = CASE WHEN :named THEN :firstName ELSE first_name END,
                    last_name = CASE WHEN :named THEN :lastName ELSE last_name END
              WHERE id = :userId`,
            {
              replacements: { ...profile, userId, named: Boolean(profile.firstName || profile.lastName) },
              transaction,
            },
          );
        await this.sequelize.query(
          `DELETE FROM user_groups WHERE user_id = :userId;
           INSERT INTO user_groups (user_id, group_id, position) SELECT :userId, id, 0 FROM groups WHERE name = :group;
           UPDATE users SET last_login = now() WHERE id = :userId;`,
          { replacements: { userId, group }, transaction },
        );
        return { userId, created, linked };
      }),
    );
  }

  /**
   * Attaches `identity` to the Kib user of `known`; answers that user, or undefined when `known`
   * has none or its user already has an identity under `identity`'s kind and platform.
   */
  private async linkIdentity(
    identity: PlatformIdentity,
    known: PlatformIdentity,
    transaction: Transaction,
  ): Promise<number | undefined> {
    const rows = await this.sequelize.query<{ userId: number }>(
      `INSERT INTO lti_identities (kind, platform, subject, user_id)
       SELECT :kind, :platform, :subject, k.user_id FROM lti_identities k
       WHERE k.kind = :knownKind AND k.platform = :knownPlatform AND k.subject = :knownSubject
         AND NOT EXISTS (SELECT 1 FROM lti_identities o
                         WHERE o.user_id = k.user_id AND o.kind = :kind AND o.platform = :platform)
       RETURNING user_id AS "userId"`,
      {
        replacements: {
          ...identity,
          knownKind: known.kind,
          knownPlatform: known.platform,
          knownSubject: known.subject,
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    return rows[0]?.userId;
  }

  /**
   * The Kib user of a platform's user listed by the platform's roster (Names and Role Provisioning)
   * before any launch: an existing user is left as it is; a new one is created as an LTI student.
   */
  async provisionUser(identity: PlatformIdentity, profile: LtiProfile): Promise<number> {
    return this.retryingFirstLaunch(() =>
      this.sequelize.transaction(async (transaction) => {
        const found = await this.findIdentity(identity, transaction);
        if (found !== undefined) return found;
        const userId = await this.createUser(identity, profile, transaction);
        await this.sequelize.query(
          `INSERT INTO user_groups (user_id, group_id, position) SELECT :userId, id, 0 FROM groups WHERE name = 'LTIStudent'`,
          { replacements: { userId }, transaction },
        );
        return userId;
      }),
    );
  }

  /** The Kib users of a platform's users, by subject (those without one are missing). */
  async findIdentities(
    kind: '1.1' | '1.3',
    platform: string,
    subjects: string[],
  ): Promise<Map<string, number>> {
    if (subjects.length === 0) return new Map();
    const rows = await this.sequelize.query<{ subject: string; userId: number }>(
      `SELECT subject, user_id AS "userId" FROM lti_identities
       WHERE kind = :kind AND platform = :platform AND subject IN (:subjects)`,
      { replacements: { kind, platform, subjects }, type: QueryTypes.SELECT },
    );
    return new Map(rows.map((r) => [r.subject, r.userId]));
  }

  private async findIdentity(
    identity: PlatformIdentity,
    transaction: Transaction,
  ): Promise<number | undefined> {
    const found = await this.sequelize.query<{ userId: number }>(
      `SELECT user_id AS "userId" FROM lti_identities WHERE kind = :kind AND platform = :platform AND subject = :subject`,
      { replacements: { ...identity }, type: QueryTypes.SELECT, transaction },
    );
    return found[0]?.userId;
  }

  /**
   * A new user for a platform's user: no password, and a placeholder e-mail that can never receive
   * mail or collide with a real account.
   */
  private async createUser(
    identity: PlatformIdentity,
    profile: LtiProfile,
    transaction: Transaction,
  ): Promise<number> {
    const created = await this.sequelize.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, language, is_active)
       VALUES (:email, NULL, :firstName, :lastName, :language, true) RETURNING id`,
      {
        replacements: { ...profile, email: `lti-${crypto.randomUUID()}@lti.kib.invalid` },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const userId = created[0]!.id;
    await this.sequelize.query(
      `INSERT INTO lti_identities (kind, platform, subject, user_id) VALUES (:kind, :platform, :subject, :userId)`,
      { replacements: { ...identity, userId }, transaction },
    );
    return userId;
  }

  /** Two first launches of one person at once: the second finds the first's identity on retry. */
  private async retryingFirstLaunch<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        if (err instanceof UniqueConstraintError && attempt < 2) continue;
        throw err;
      }
    }
  }

  /**
   * The module a student activity code opens: a module code for students or a code activity's
   * student code, compared without regard to case, still valid at `now`; when both hold the code,
   * the activity's wins (as for code students), so a session knows which one closes it.
   */
  async findModuleByStudentCode(code: string, now: Date): Promise<LaunchableModule | null> {
    const rows = await this.sequelize.query<LaunchableModule>(
      `SELECT m.id, m.name, m.description, c.code, c.activity_id AS "activityId",
              c.module_code_id AS "moduleCodeId", c.valid_until AS "validUntil" FROM (
         SELECT 1 AS source, module_id, code, NULL::integer AS activity_id, id AS module_code_id, valid_until
         FROM module_codes
         WHERE upper(code) = upper(:code) AND audience = 'students' AND (valid_until IS NULL OR valid_until > :now)
         UNION ALL
         SELECT 0, module_id, student_access_code, id, NULL, valid_until FROM temp_module_activities
         WHERE upper(student_access_code) = upper(:code) AND (valid_until IS NULL OR valid_until > :now)
       ) c JOIN modules m ON m.id = c.module_id
       ORDER BY m.id, c.source LIMIT 1`,
      { replacements: { code, now }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /** Remembers that a launch opened `moduleId` for the user. */
  async grantModule(userId: number, moduleId: number, now: Date): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO lti_module_access (user_id, module_id, last_launch_at) VALUES (:userId, :moduleId, :now)
       ON CONFLICT (user_id, module_id) DO UPDATE SET last_launch_at = EXCLUDED.last_launch_at`,
      { replacements: { userId, moduleId, now } },
    );
  }

  /** Did a launch open this module for the user? */
  async hasModuleAccess(userId: number, moduleId: number): Promise<boolean> {
    const rows = await this.sequelize.query(
      `SELECT 1 FROM lti_module_access WHERE user_id = :userId AND module_id = :moduleId`,
      { replacements: { userId, moduleId }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** A module's published problems in numeration order, with the user's completed numerals. */
  async moduleView(moduleId: number, userId: number): Promise<LtiModuleView | null> {
    const modules = await this.sequelize.query<{ id: number; name: string; description: string }>(
      `SELECT id, name, description FROM modules WHERE id = :moduleId`,
      { replacements: { moduleId }, type: QueryTypes.SELECT },
    );
    const module = modules[0];
    if (!module) return null;
    const problems = await this.sequelize.query<LtiModuleView['problems'][number]>(
      `SELECT p.id, p.title, mp.numeration,
              count(n.id)::int AS numerals,
              count(s.id) FILTER (WHERE s.completed)::int AS completed
       FROM module_problems mp
       JOIN problems p ON p.id = mp.problem_id AND p.publish_problem
       LEFT JOIN numerals n ON n.problem_id = p.id
       LEFT JOIN stats s ON s.numeral_id = n.id AND s.user_id = :userId
       WHERE mp.module_id = :moduleId
       GROUP BY p.id, p.title, mp.numeration
       ORDER BY (CASE WHEN mp.numeration ~ '^[0-9]{1,9}$' THEN mp.numeration::int END) NULLS LAST,
                mp.numeration, p.id`,
      { replacements: { moduleId, userId }, type: QueryTypes.SELECT },
    );
    return { ...module, problems };
  }

  /** Stores a launch code by its hash, for one user, with what it opens. */
  async createLaunchCode(codeHash: string, userId: number, payload: unknown, expiresAt: Date): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO lti_launch_codes (code_hash, user_id, payload, expires_at)
       VALUES (:codeHash, :userId, CAST(:payload AS jsonb), :expiresAt)`,
      { replacements: { codeHash, userId, payload: JSON.stringify(payload), expiresAt } },
    );
  }

  /**
   * Marks a launch code used and answers what it opens; null when it is unknown, expired or used.
   * One UPDATE decides, so a code is consumed at most once however many requests race for it.
   */
  async consumeLaunchCode(codeHash: string, now: Date): Promise<{ userId: number; payload: unknown } | null> {
    const rows = await this.sequelize.query<{ userId: number; payload: unknown }>(
      `UPDATE lti_launch_codes SET used_at = :now
       WHERE code_hash = :codeHash AND used_at IS NULL AND expires_at > :now
       RETURNING user_id AS "userId", payload`,
      { replacements: { codeHash, now }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /** Stores a Content-Item selection of a verified request. */
  async createContentItemSession(session: ContentItemSession): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO content_item_sessions (id, consumer_key, return_url, data, user_id, expires_at)
       VALUES (:id, :consumerKey, :returnUrl, :data, :userId, :expiresAt)`,
      { replacements: { ...session } },
    );
  }

  /** The user's unexpired selection with this id, or null. */
  async findContentItemSession(id: string, userId: number, now: Date): Promise<ContentItemSession | null> {
    const rows = await this.sequelize.query<ContentItemSession>(
      `SELECT id, consumer_key AS "consumerKey", return_url AS "returnUrl", data, user_id AS "userId",
              expires_at AS "expiresAt"
       FROM content_item_sessions WHERE id = :id AND user_id = :userId AND expires_at > :now`,
      { replacements: { id, userId, now }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }
}
