import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  Activation,
  CurrentUser,
  Login,
  Registration,
  ResetPasswordConfirm,
  SignedUp,
  UserType,
} from '@kib/core';
import { translate, type Language } from '@kib/i18n';
import type { Sequelize } from 'sequelize';
import { AppError } from '../http/errors';
import type { Origin } from '../http/origin';
import { LOGIN_SLOWDOWN_MS, type Limiters } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { UserRecord, UserRepository } from '../users/user.repository';
import { KnownAddresses } from './known-addresses';
import { LoginLanes } from './login-lanes';
import type { PasswordBudget } from './password-budget';
import { needsRehash } from './passwords';
import type { TokenRepository } from './token.repository';
import type { SessionEnds } from './session-ends';
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

/**
 * How long a check holds its line (the hash and the counters around it), for the Retry-After of a
 * full line before the line has timed one.
 */
const CHECK_MS = 100;

/** A sign-up whose address has an account already: the transaction is rolled back, the owner told. */
class EmailTaken extends Error {}

/** The counter keys of a log-in: its account, and its account from its address. */
function loginKeys(email: string, origin: Origin): { account: string; pair: string } {
  const account = email.toLowerCase();
  return { account: counterKey(account), pair: counterKey(`${account}|${origin.ip}`) };
}

/** The account use cases: sign-up, activation, login, refresh, logout, password reset. No HTTP here. */
export class AuthService {
  private readonly lanes = new LoginLanes();
  private readonly known: KnownAddresses;

  constructor(
    private readonly deps: {
      sequelize: Sequelize;
      users: UserRepository;
      tokens: TokenRepository;
      accessTokens: AccessTokens;
      /** Reads the sessions a use case just ended, so their access tokens are refused from the next request. */
      sessionEnds: Pick<SessionEnds, 'catchUp'>;
      mailer: Mailer;
      limiters: Limiters;
      /** Every password hash and check goes through it. */
      passwords: PasswordBudget;
      logger: Logger;
      publicUrl: string;
      refreshTtlSeconds: number;
      refreshReuseGraceSeconds: number;
      /** How long a stranger's log-in waits once its account has too many failures ({@link LOGIN_SLOWDOWN_MS}). */
      loginSlowdownMs?: number;
    },
  ) {
    this.known = new KnownAddresses(deps.limiters.loginKnownAddress);
  }

  /**
   * Checks e-mail and password and starts a session. Failures count against the account from that
   * address (which then waits), the address (idem) and the account as a whole (whose strangers are
   * then slowed down, never locked out); a wrong password and an unknown e-mail look the same and
   * take the same time. A right password on an account that was never activated says so.
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
   *
   * The check waits in one of the account's two lines (login-lanes.ts): addresses the account logged
   * in from in the last 30 days in one, every other address in the other, each line one check at a
   * time. However many addresses guess, an account has at most two checks in flight, and once its
   * failures pass the ceiling the strangers' line spaces their guesses by the slowdown, while the
   * owner at a known address neither waits behind them nor is slowed down.
   */
  async verifyCredentials(input: Login, origin: Origin): Promise<UserRecord> {
    const keys = loginKeys(input.email, origin);
    const known = await this.known.has(keys.pair);
    const slowdownMs = this.deps.loginSlowdownMs ?? LOGIN_SLOWDOWN_MS;
    return this.lanes.run(
      keys.account,
      known ? 'known' : 'stranger',
      () => this.checkCredentials(input, origin, keys, known, slowdownMs),
      known ? CHECK_MS : slowdownMs + CHECK_MS,
    );
  }

  /**
   * One check, in its line: the counters are read here, not before queueing, so that a guess sees the
   * failures of the guesses ahead of it.
   */
  private async checkCredentials(
    input: Login,
    origin: Origin,
    keys: { account: string; pair: string },
    known: boolean,
    slowdownMs: number,
  ): Promise<UserRecord> {
    const { users, limiters, passwords } = this.deps;
    const [, , underAttack] = await Promise.all([
      limiters.loginPerAccountAddress.check(keys.pair),
      limiters.loginPerAddress.check(origin.ip),
      known ? false : limiters.loginPerAccount.exhausted(keys.account),
    ]);
    if (underAttack) await sleep(slowdownMs);
    const user = await users.findByEmail(input.email);
    const admission = { trusted: known };
    const ok = user?.passwordHash
      ? await passwords.verify(user.passwordHash, input.password, admission)
      : await passwords.burn(input.password, admission).then(() => false);
    if (!user || !ok) {
      // A counter past its allowance refuses the hit (429); the next check refuses the log-in itself.
      const spent = () => undefined;
      await Promise.all([
        limiters.loginPerAccountAddress.hit(keys.pair).catch(spent),
        limiters.loginPerAccount.hit(keys.account).catch(spent),
        limiters.loginPerAddress.hit(origin.ip).catch(spent),
      ]);
      throw new AppError(401, 'invalid-credentials', { key: 'auth.invalid-credentials' });
    }
    if (!user.isActive) throw new AppError(401, 'account-inactive', { key: 'auth.account-inactive' });
    await Promise.all([limiters.loginPerAccountAddress.reset(keys.pair), this.known.add(keys.pair)]);
    if (needsRehash(user.passwordHash!))
      await users.setPasswordHash(user.id, await passwords.hash(input.password, { trusted: true }));
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
      await this.deps.sessionEnds.catchUp();
    }
    if (outcome.kind !== 'rotated') throw AppError.unauthenticated('refresh-invalid', 'auth.refresh-invalid');
    const user = await this.deps.users.findById(outcome.userId);
    if (!user || !user.isActive) {
      await this.deps.tokens.revokeByToken(outcome.token);
      await this.deps.sessionEnds.catchUp();
      throw AppError.unauthenticated('refresh-invalid', 'auth.refresh-invalid');
    }
    const access = await this.deps.accessTokens.sign(
      { userId: user.id, groups: user.groups },
      { session: outcome.familyId },
    );
    return { access, refresh: { token: outcome.token, expiresAt: outcome.expiresAt } };
  }

  /** Ends the session of this refresh token (its whole family), its access tokens included. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.deps.tokens.revokeByToken(token);
    await this.deps.sessionEnds.catchUp();
  }

  /**
   * Creates an inactive account in the group of its user type and mails the activation link. An
   * address that has an account already gets the same answer after the same work (the password is
   * hashed, the insert tried), and its owner a mail instead: that someone tried to sign up, with the
   * links to log in and to choose a new password (a fresh activation link when the account was never
   * activated). So sign-up tells nobody which addresses have accounts, as log-in and reset do not.
   */
  async register(input: Registration, origin: Origin, language: Language): Promise<SignedUp> {
    await this.deps.limiters.signupPerAddress.hit(origin.ip);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const created = await this.createAccount(input, passwordHash, language);
    // The answer is the same either way; a mail that cannot go out now is logged, and "resend
    // activation" or the reset page recovers.
    if (created) {
      await this.sendActivation(created.user, created.token).catch((err: unknown) =>
        this.deps.logger.error({ err, userId: created.user.id }, 'activation mail not sent'),
      );
    } else {
      await this.tellOwnerOfSignup(input.email).catch((err: unknown) =>
        this.deps.logger.error({ err }, 'mail to the owner of a taken address not sent'),
      );
    }
    return {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      groups: [GROUP_BY_USER_TYPE[input.userType]],
      language,
      isDemo: false,
    };
  }

  /** The new account and its activation token, or null when the address has an account already. */
  private async createAccount(
    input: Registration,
    passwordHash: string,
    language: Language,
  ): Promise<{ user: UserRecord; token: string } | null> {
    try {
      return await this.deps.sequelize.transaction(async (transaction) => {
        const user = await this.deps.users.create(
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
        // The failed insert has aborted the transaction: leave it by rolling back.
        if (!user) throw new EmailTaken();
        const token = await this.deps.tokens.issueAccountToken(
          user.id,
          'activation',
          ACTIVATION_TTL_SECONDS,
          transaction,
        );
        return { user, token };
      });
    } catch (err) {
      if (err instanceof EmailTaken) return null;
      throw err;
    }
  }

  /**
   * Tells the owner of a taken address, in their language, that someone tried to sign up with it: a
   * fresh activation link when the account was never activated, else the links to log in and to
   * reset the password. At most a few such mails an hour per account, as reset and activation links.
   */
  private async tellOwnerOfSignup(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user) return;
    if (!user.isActive) {
      if (!(await this.deps.limiters.resetPerAccount.tryHit(`activation:${user.id}`))) return;
      const token = await this.deps.tokens.issueAccountToken(user.id, 'activation', ACTIVATION_TTL_SECONDS);
      await this.sendActivation(user, token);
      return;
    }
    if (!(await this.deps.limiters.resetPerAccount.tryHit(`signup-existing:${user.id}`))) return;
    const t = (key: string) => translate(user.language, key);
    const url = this.deps.publicUrl;
    await this.deps.mailer.send({
      to: user.email,
      subject: t('mail.signup-existing.subject'),
      text: [
        translate(user.language, 'mail.greeting', { name: user.firstName || user.email }),
        '',
        t('mail.signup-existing.body'),
        '',
        t('mail.signup-existing.login'),
        `${url}/login`,
        '',
        t('mail.signup-existing.reset'),
        `${url}/password/reset`,
        '',
        t('mail.signup-existing.ignore'),
        '',
        t('mail.signature'),
      ].join('\n'),
    });
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

  /**
   * Sets a new password from a valid reset link and ends every session of the account, the access
   * tokens of each included. The address it is set from becomes a known one of the account.
   */
  async confirmPasswordReset(input: ResetPasswordConfirm, origin: Origin): Promise<void> {
    await this.deps.limiters.tokenPerAddress.hit(origin.ip);
    const userId = decodeUid(input.uid);
    const invalid = new AppError(400, 'reset-invalid', { key: 'auth.reset-invalid' });
    if (!userId) throw invalid;
    const passwordHash = await this.deps.passwords.hash(input.newPassword);
    await this.deps.sequelize.transaction(async (transaction) => {
      if (!(await this.deps.tokens.consumeAccountToken(userId, 'password-reset', input.token, transaction))) {
        throw invalid;
      }
      await this.deps.users.setPasswordHash(userId, passwordHash, transaction);
      await this.deps.tokens.revokeAllForUser(userId, transaction);
    });
    await this.deps.sessionEnds.catchUp();
    // The link proved the mailbox: from here the owner logs in as from a known address, even while
    // strangers guess at the account, and this address's earlier failures are forgiven.
    const user = await this.deps.users.findById(userId);
    if (user) {
      const { pair } = loginKeys(user.email, origin);
      await Promise.all([this.deps.limiters.loginPerAccountAddress.reset(pair), this.known.add(pair)]);
    }
  }

  /** The current user, or 401 when the account no longer exists. */
  async me(userId: number): Promise<CurrentUser> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw AppError.unauthenticated('session-expired', 'errors.session-expired');
    return toCurrentUser(user);
  }

  private async startSession(user: UserRecord, origin: Origin): Promise<Session> {
    const refresh = await this.deps.tokens.issueRefresh(user.id, this.deps.refreshTtlSeconds, {
      userAgent: origin.userAgent,
    });
    const access = await this.deps.accessTokens.sign(
      { userId: user.id, groups: user.groups },
      { session: refresh.familyId },
    );
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
