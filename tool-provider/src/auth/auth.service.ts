import { createHash } from 'node:crypto';
import type { Activation, CurrentUser, Login, Registration, ResetPasswordConfirm, UserType } from '@kib/core';
import { translate, type Language } from '@kib/i18n';
import type { Sequelize } from 'sequelize';
import { AppError } from '../http/errors';
import type { Origin } from '../http/origin';
import { LOGIN_SLOWDOWN_MS, type Limiters } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { UserRecord, UserRepository } from '../users/user.repository';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from './passwords';
import type { TokenRepository } from './token.repository';
import type { AccessTokens } from './tokens';

/** Lifetime of an activation link. */
export const ACTIVATION_TTL_SECONDS = 72 * 3600;
/** Lifetime of a password-reset link. */
export const RESET_TTL_SECONDS = 60 * 60;

const GROUP_BY_USER_TYPE: Record<UserType, string> = {
  student: 'Students',
  teacher: 'Teachers',
  schoolAdmin: 'School Admin',
};

/** A new session: the access token for the body, the refresh token for the cookie. */
export interface Session {
  access: string;
  refresh: { token: string; expiresAt: Date };
}

/** The `uid` of e-mailed links: the user id, base64url-encoded (as djoser does). */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The user id of a `uid`, or null when it is not one. */
export function decodeUid(uid: string): number | null {
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * A rate-limit key for text of any length: the text itself when short, else its SHA-256, so the
 * counter row's key (at most 255 characters with its prefix) always fits and always counts.
 */
function counterKey(text: string): string {
  return text.length <= 200 ? text : `sha256:${createHash('sha256').update(text).digest('base64url')}`;
}

/** The account use cases: sign-up, activation, login, refresh, logout, password reset. No HTTP here. */
export class AuthService {
  constructor(
    private readonly deps: {
      sequelize: Sequelize;
      users: UserRepository;
      tokens: TokenRepository;
      accessTokens: AccessTokens;
      mailer: Mailer;
      limiters: Limiters;
      logger: Logger;
      publicUrl: string;
      refreshTtlSeconds: number;
      refreshReuseGraceSeconds: number;
      /** How long a log-in waits once its account has too many failures ({@link LOGIN_SLOWDOWN_MS}). */
      loginSlowdownMs?: number;
    },
  ) {}

  /**
   * Checks e-mail and password and starts a session. Failures count against the account from that
   * address (which then waits), the address (idem) and the account as a whole (which is then slowed
   * down, never locked); a wrong password and an unknown e-mail look the same and take the same time.
   * A right password on an account that was never activated says so.
   */
  async login(input: Login, origin: Origin): Promise<Session> {
    const user = await this.verifyCredentials(input, origin);
    await this.deps.users.touchLastLogin(user.id);
    return this.startSession(user, origin);
  }

  /**
   * The active account of an e-mail and password, checked as a log-in is (limits, equal time for
   * unknown e-mails, a rehash when the stored hash is weaker than today's), without a session: an
   * LMS instructor linking their Kib account proves it this way.
   */
  async verifyCredentials(input: Login, origin: Origin): Promise<UserRecord> {
    const { users, limiters } = this.deps;
    const accountKey = counterKey(input.email.toLowerCase());
    const pairKey = counterKey(`${input.email.toLowerCase()}|${origin.ip}`);
    await limiters.loginPerAccountAddress.check(pairKey);
    await limiters.loginPerAddress.check(origin.ip);
    if (await limiters.loginPerAccount.exhausted(accountKey))
      await new Promise((resolve) => setTimeout(resolve, this.deps.loginSlowdownMs ?? LOGIN_SLOWDOWN_MS));
    const user = await users.findByEmail(input.email);
    const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, input.password) : false;
    if (!user?.passwordHash) await burnVerification(input.password);
    if (!user || !ok) {
      await limiters.loginPerAccountAddress.hit(pairKey).catch(() => undefined);
      await limiters.loginPerAccount.hit(accountKey).catch(() => undefined);
      await limiters.loginPerAddress.hit(origin.ip).catch(() => undefined);
      throw new AppError(401, 'invalid-credentials', { key: 'auth.invalid-credentials' });
    }
    if (!user.isActive) throw new AppError(401, 'account-inactive', { key: 'auth.account-inactive' });
    await limiters.loginPerAccountAddress.reset(pairKey);
    if (needsRehash(user.passwordHash!))
      await users.setPasswordHash(user.id, await hashPassword(input.password));
    return user;
  }

  /** Rotates a refresh token into a new session; a reused token ends its whole family. */
  async refresh(token: string | undefined, origin: Origin): Promise<Session> {
    if (!token) throw AppError.unauthenticated('refresh-missing', 'auth.refresh-missing');
    const outcome = await this.deps.tokens.rotate(token, this.deps.refreshTtlSeconds, {
      reuseGraceSeconds: this.deps.refreshReuseGraceSeconds,
      userAgent: origin.userAgent,
    });
    if (outcome.kind === 'reused') {
      this.deps.logger.warn(
        { userId: outcome.userId, ip: origin.ip },
        'refresh token reused: family revoked',
      );
    }
    if (outcome.kind !== 'rotated') throw AppError.unauthenticated('refresh-invalid', 'auth.refresh-invalid');
    const user = await this.deps.users.findById(outcome.userId);
    if (!user || !user.isActive) {
      await this.deps.tokens.revokeByToken(outcome.token);
      throw AppError.unauthenticated('refresh-invalid', 'auth.refresh-invalid');
    }
    const access = await this.deps.accessTokens.sign({ userId: user.id, groups: user.groups });
    return { access, refresh: { token: outcome.token, expiresAt: outcome.expiresAt } };
  }

  /** Ends the session of this refresh token (its whole family). */
  async logout(token: string | undefined): Promise<void> {
    if (token) await this.deps.tokens.revokeByToken(token);
  }

  /** Creates an inactive account in the group of its user type and mails the activation link. */
  async register(input: Registration, origin: Origin, language: Language): Promise<CurrentUser> {
    await this.deps.limiters.signupPerAddress.hit(origin.ip);
    const passwordHash = await hashPassword(input.password);
    const { user, token } = await this.deps.sequelize.transaction(async (transaction) => {
      const created = await this.deps.users.create(
        {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          language,
          groups: [GROUP_BY_USER_TYPE[input.userType]],
        },
        transaction,
      );
      if (!created) throw AppError.conflict('email-taken', 'auth.email-taken', 'email');
      const t = await this.deps.tokens.issueAccountToken(
        created.id,
        'activation',
        ACTIVATION_TTL_SECONDS,
        transaction,
      );
      return { user: created, token: t };
    });
    // The account exists either way; if the mail cannot go out now, "resend activation" recovers.
    await this.sendActivation(user, token).catch((err: unknown) =>
      this.deps.logger.error({ err, userId: user.id }, 'activation mail not sent'),
    );
    return toCurrentUser(user);
  }

  /** Sends a fresh activation link to an inactive account; silent for unknown or active ones. */
  async resendActivation(email: string, origin: Origin): Promise<void> {
    await this.deps.limiters.resetPerAddress.hit(origin.ip);
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.isActive) return;
    if (!(await this.deps.limiters.resetPerAccount.tryHit(`activation:${user.id}`))) return;
    const token = await this.deps.tokens.issueAccountToken(user.id, 'activation', ACTIVATION_TTL_SECONDS);
    await this.sendActivation(user, token);
  }

  /** Activates the account of a valid, unused, unexpired activation link. */
  async activate(input: Activation, origin: Origin): Promise<void> {
    await this.deps.limiters.tokenPerAddress.hit(origin.ip);
    const userId = decodeUid(input.uid);
    const invalid = new AppError(400, 'activation-invalid', { key: 'auth.activation-invalid' });
    if (!userId) throw invalid;
    await this.deps.sequelize.transaction(async (transaction) => {
      if (!(await this.deps.tokens.consumeAccountToken(userId, 'activation', input.token, transaction)))
        throw invalid;
      await this.deps.users.activate(userId, transaction);
    });
  }

  /**
   * Mails a reset link to an active account. Answers the same whether or not the e-mail exists; a
   * mailbox gets at most a few links an hour.
   */
  async requestPasswordReset(email: string, origin: Origin): Promise<void> {
    await this.deps.limiters.resetPerAddress.hit(origin.ip);
    const user = await this.deps.users.findByEmail(email);
    if (!user || !user.isActive || !user.passwordHash) return;
    if (!(await this.deps.limiters.resetPerAccount.tryHit(`reset:${user.id}`))) return;
    const token = await this.deps.tokens.issueAccountToken(user.id, 'password-reset', RESET_TTL_SECONDS);
    const link = `${this.deps.publicUrl}/password/reset/confirm/${encodeUid(user.id)}/${token}`;
    await this.sendLink(user, 'reset', link, { minutes: RESET_TTL_SECONDS / 60 });
  }

  /** Sets a new password from a valid reset link and ends every session of the account. */
  async confirmPasswordReset(input: ResetPasswordConfirm, origin: Origin): Promise<void> {
    await this.deps.limiters.tokenPerAddress.hit(origin.ip);
    const userId = decodeUid(input.uid);
    const invalid = new AppError(400, 'reset-invalid', { key: 'auth.reset-invalid' });
    if (!userId) throw invalid;
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.sequelize.transaction(async (transaction) => {
      if (!(await this.deps.tokens.consumeAccountToken(userId, 'password-reset', input.token, transaction))) {
        throw invalid;
      }
      await this.deps.users.setPasswordHash(userId, passwordHash, transaction);
      await this.deps.tokens.revokeAllForUser(userId, transaction);
    });
  }

  /** The current user, or 401 when the account no longer exists. */
  async me(userId: number): Promise<CurrentUser> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw AppError.unauthenticated('session-expired', 'errors.session-expired');
    return toCurrentUser(user);
  }

  private async startSession(user: UserRecord, origin: Origin): Promise<Session> {
    const access = await this.deps.accessTokens.sign({ userId: user.id, groups: user.groups });
    const refresh = await this.deps.tokens.issueRefresh(user.id, this.deps.refreshTtlSeconds, {
      userAgent: origin.userAgent,
    });
    return { access, refresh };
  }

  private async sendActivation(user: UserRecord, token: string): Promise<void> {
    const link = `${this.deps.publicUrl}/activate/${encodeUid(user.id)}/${token}`;
    await this.sendLink(user, 'activation', link, { hours: ACTIVATION_TTL_SECONDS / 3600 });
  }

  /** Mails an account link (`mail.<kind>.*` texts) in the user's language. */
  private async sendLink(
    user: UserRecord,
    kind: 'activation' | 'reset',
    link: string,
    expiry: Record<string, unknown>,
  ): Promise<void> {
    const t = (key: string, params?: Record<string, unknown>) => translate(user.language, key, params);
    await this.deps.mailer.send({
      to: user.email,
      subject: t(`mail.${kind}.subject`),
      text: [
        t('mail.greeting', { name: user.firstName || user.email }),
        '',
        t(`mail.${kind}.body`),
        link,
        '',
        t(`mail.${kind}.expires`, expiry),
        '',
        t('mail.signature'),
      ].join('\n'),
    });
  }
}

function toCurrentUser(user: UserRecord): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    groups: user.groups,
    language: user.language,
    isDemo: user.isDemo,
  };
}
