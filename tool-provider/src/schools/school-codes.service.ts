import type { SchoolCode, SchoolCodeList, SchoolCodeStatus } from '@kib/core';
import { newActivityCode } from '../activities/activity-code';
import { AppError, type Message } from '../http/errors';
import type { SchoolCodeFields, SchoolCodeRepository, SchoolCodeRow } from './school-codes.repository';

/**
 * The length of school codes: a code grants a school's plan for months, so it is longer than an
 * activity code (25^12 ≈ 6 × 10^16 codes); it is copied once, by the school's admin.
 */
export const SCHOOL_CODE_LENGTH = 12;

/** Codes drawn before giving up on a free one (a clash among 6 × 10^16 codes is rare). */
const CODE_TRIES = 8;

/** The 404 of a school code that does not exist. */
export const schoolCodeUnknown = () => new AppError(404, 'not-found', { key: 'errors.school-code-unknown' });

/**
 * What became of a school code at `now` (see `SchoolCodeStatusSchema`): a revocation comes first;
 * then a code never redeemed is `unused` until its date and `code-expired` after; a redeemed code's
 * plan is `active` until its date and `plan-ended` after.
 */
export function schoolCodeStatus(
  row: Pick<SchoolCodeRow, 'revokedAt' | 'institution' | 'codeValidUntil' | 'planValidUntil'>,
  now: Date,
): SchoolCodeStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.institution === null) return row.codeValidUntil > now ? 'unused' : 'code-expired';
  return row.planValidUntil > now ? 'active' : 'plan-ended';
}

/**
 * The platform admin's school codes (spec 03 "Platform administrator landing", §6 "Platform admin:
 * create school codes"): a school buys a plan for a number of students; the platform admin makes its
 * code, redeemable until one date, for a plan that runs until another; the list shows what became
 * of every code and how much of its plan the school uses; a revoked code gives no plan any more.
 */
export class SchoolCodeService {
  constructor(
    private readonly deps: {
      repo: SchoolCodeRepository;
      now?: () => Date;
      /** How a new code is drawn (tests); {@link newActivityCode} of {@link SCHOOL_CODE_LENGTH} by default. */
      drawCode?: () => string;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The codes, newest first (at most 500), those matching `search` when given. */
  async list(search: string | undefined): Promise<SchoolCodeList> {
    const now = this.now();
    const rows = await this.deps.repo.list(search?.trim() || null);
    return { codes: rows.map((row) => toSchoolCode(row, now)) };
  }

  /**
   * Makes a school code for `fields`, by the platform admin `adminId`. Both dates must be in the
   * future (400 `validation.date-in-past` on the date that is not); the code is drawn again on the
   * rare clash with an existing one.
   */
  async create(adminId: number, fields: SchoolCodeFields): Promise<SchoolCode> {
    const now = this.now();
    const past: Record<string, Message[]> = {};
    if (fields.codeValidUntil <= now) past.code_valid_until = [{ key: 'validation.date-in-past' }];
    if (fields.planValidUntil <= now) past.plan_valid_until = [{ key: 'validation.date-in-past' }];
    if (Object.keys(past).length > 0) throw AppError.badRequest(past);
    const draw = this.deps.drawCode ?? (() => newActivityCode(SCHOOL_CODE_LENGTH));
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const created = await this.deps.repo.create(fields, draw(), adminId);
      if (created === 'code-used') continue;
      return toSchoolCode((await this.deps.repo.byId(created))!, now);
    }
    throw new Error('no free school code after several draws');
  }

  /**
   * Revokes a school code: it can no longer be redeemed, and the plan it gave a school ends now.
   * Revoking it again answers the same (the first revocation's date); an unknown id is 404.
   */
  async revoke(id: number): Promise<SchoolCode> {
    const now = this.now();
    if (!(await this.deps.repo.revoke(id, now))) throw schoolCodeUnknown();
    return toSchoolCode((await this.deps.repo.byId(id))!, now);
  }
}

/** A stored code as the platform admin sees it at `now`. */
function toSchoolCode(row: SchoolCodeRow, now: Date): SchoolCode {
  return {
    id: row.id,
    code: row.code,
    institutionName: row.institutionName,
    numberOfStudents: row.numberOfStudents,
    codeValidUntil: row.codeValidUntil.toISOString(),
    planValidUntil: row.planValidUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: schoolCodeStatus(row, now),
    institution: row.institution,
  };
}
