import { QueryTypes, UniqueConstraintError, type Sequelize } from 'sequelize';

/** A school code's fields the platform admin sets. */
export interface SchoolCodeFields {
  institutionName: string;
  numberOfStudents: number;
  codeValidUntil: Date;
  planValidUntil: Date;
}

/** A school code as stored, with the school that redeemed it and that school's use of its plans. */
export interface SchoolCodeRow extends SchoolCodeFields {
  id: number;
  code: string;
  createdAt: Date;
  revokedAt: Date | null;
  /** The school that redeemed the code, its teachers and the students of their classrooms; null before. */
  institution: { id: number; name: string; teachers: number; students: number } | null;
}

/**
 * What redeeming a school code for a school came to: `redeemed` now, or `already-redeemed` by that
 * same school (nothing changes); else why not: no code has that text, it was revoked, another
 * school redeemed it, or it expired unredeemed.
 */
export type RedeemOutcome =
  | { kind: 'redeemed' | 'already-redeemed'; id: number; planValidUntil: Date }
  | { kind: 'unknown' | 'revoked' | 'used' | 'expired' };

/** The most codes a list answers. */
export const SCHOOL_CODE_LIST_LIMIT = 500;

/**
 * The accented lower-case Latin letters (Latin-1 and Latin Extended A and B) and the plain letter
 * each folds to, so that a search finds "Medellín" with "medellin" and the other way round on
 * PostgreSQL and PGlite alike, without the `unaccent` extension.
 */
export const FOLDING = (() => {
  let from = '';
  let to = '';
  for (let point = 0xc0; point <= 0x24f; point++) {
    const letter = String.fromCodePoint(point);
    const plain = letter.normalize('NFD').replace(/\p{M}/gu, '');
    if (letter === letter.toLowerCase() && plain !== letter && /^[a-z]$/.test(plain)) {
      from += letter;
      to += plain;
    }
  }
  return { from, to };
})();

/** A text as a search compares it: lower case, accents dropped (as {@link folded} does in SQL). */
export function foldForSearch(text: string): string {
  const lower = text.normalize('NFC').toLowerCase();
  let out = '';
  for (const char of lower) {
    const at = FOLDING.from.indexOf(char);
    out += at >= 0 ? FOLDING.to[at] : char;
  }
  return out;
}

/** The SQL of a column folded like {@link foldForSearch}. */
export const folded = (column: string) => `translate(lower(${column}), :foldFrom, :foldTo)`;

interface RawRow {
  id: number;
  code: string;
  institutionName: string;
  numberOfStudents: number;
  codeValidUntil: Date | string;
  planValidUntil: Date | string;
  createdAt: Date | string;
  revokedAt: Date | string | null;
  schoolId: number | null;
  schoolName: string | null;
  teachers: number;
  students: number;
}

/**
 * The listed codes (`listed`, chosen by `where`), then their schools' use in one pass: each school's
 * teachers and the distinct students of its classrooms (those it keeps from teachers who left
 * included), counted once per school however many of its codes are listed.
 */
const selectCodes = (where: string) => `
  WITH listed AS (
    SELECT s.id, s.code, s.institution_name, s.number_of_students, s.code_valid_until, s.plan_valid_until,
           s.created_at, s.revoked_at, s.institution_id
    FROM subscriptions s LEFT JOIN institutions i ON i.id = s.institution_id
    WHERE (${where})
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT :limit
  ),
  school_teachers AS (
    SELECT it.institution_id, it.user_id FROM institution_teachers it
    WHERE it.institution_id IN (SELECT institution_id FROM listed)
  ),
  teacher_counts AS (
    SELECT institution_id, count(*)::int AS n FROM school_teachers GROUP BY institution_id
  ),
  student_counts AS (
    SELECT c.institution_id, count(DISTINCT cs.user_id)::int AS n
    FROM classrooms c
    JOIN classroom_students cs ON cs.classroom_id = c.id
    WHERE c.institution_id IN (SELECT institution_id FROM listed)
    GROUP BY c.institution_id
  )
  SELECT l.id, l.code, l.institution_name AS "institutionName", l.number_of_students AS "numberOfStudents",
         l.code_valid_until AS "codeValidUntil", l.plan_valid_until AS "planValidUntil",
         l.created_at AS "createdAt", l.revoked_at AS "revokedAt",
         i.id AS "schoolId", i.name AS "schoolName",
         coalesce(tc.n, 0) AS teachers, coalesce(sc.n, 0) AS students
  FROM listed l
  LEFT JOIN institutions i ON i.id = l.institution_id
  LEFT JOIN teacher_counts tc ON tc.institution_id = l.institution_id
  LEFT JOIN student_counts sc ON sc.institution_id = l.institution_id
  ORDER BY l.created_at DESC, l.id DESC`;

const date = (value: Date | string) => new Date(value);

const toRow = (raw: RawRow): SchoolCodeRow => ({
  id: raw.id,
  code: raw.code,
  institutionName: raw.institutionName,
  numberOfStudents: raw.numberOfStudents,
  codeValidUntil: date(raw.codeValidUntil),
  planValidUntil: date(raw.planValidUntil),
  createdAt: date(raw.createdAt),
  revokedAt: raw.revokedAt === null ? null : date(raw.revokedAt),
  institution:
    raw.schoolId === null
      ? null
      : { id: raw.schoolId, name: raw.schoolName ?? '', teachers: raw.teachers, students: raw.students },
});

/** Data access of the school codes (table `subscriptions`) and of their schools' use (SQL). */
export class SchoolCodeRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * The codes, newest first, at most {@link SCHOOL_CODE_LIST_LIMIT}; with a search, those whose code,
   * name it was made for or redeeming school's name contains it, case and accents aside.
   */
  async list(search: string | null): Promise<SchoolCodeRow[]> {
    const term = search ? foldForSearch(search) : '';
    const where = term
      ? `strpos(${folded('s.code')}, :term) > 0 OR strpos(${folded('s.institution_name')}, :term) > 0
         OR strpos(${folded('i.name')}, :term) > 0`
      : 'true';
    const rows = await this.sequelize.query<RawRow>(selectCodes(where), {
      replacements: { term, limit: SCHOOL_CODE_LIST_LIMIT, foldFrom: FOLDING.from, foldTo: FOLDING.to },
      type: QueryTypes.SELECT,
    });
    return rows.map(toRow);
  }

  /** One code by id; null when there is none. */
  async byId(id: number): Promise<SchoolCodeRow | null> {
    const [row] = await this.sequelize.query<RawRow>(selectCodes('s.id = :id'), {
      replacements: { id, limit: 1 },
      type: QueryTypes.SELECT,
    });
    return row ? toRow(row) : null;
  }

  /** Stores a new code by `createdBy`; answers its id, or `code-used` when the text is taken (draw another). */
  async create(fields: SchoolCodeFields, code: string, createdBy: number): Promise<number | 'code-used'> {
    try {
      const [row] = await this.sequelize.query<{ id: number }>(
        `INSERT INTO subscriptions (institution_name, number_of_students, code, code_valid_until,
                                    plan_valid_until, created_by)
         VALUES (:institutionName, :numberOfStudents, :code, :codeValidUntil, :planValidUntil, :createdBy)
         RETURNING id`,
        { replacements: { ...fields, code, createdBy }, type: QueryTypes.SELECT },
      );
      return row!.id;
    } catch (err) {
      const constraint = (err as { parent?: { constraint?: string } }).parent?.constraint;
      if (err instanceof UniqueConstraintError && constraint === 'subscriptions_code_key') return 'code-used';
      throw err;
    }
  }

  /**
   * Revokes a code at `now`, once: a code revoked before keeps its first date. False when no code
   * has that id.
   */
  async revoke(id: number, now: Date): Promise<boolean> {
    const [row] = await this.sequelize.query<{ id: number }>(
      `UPDATE subscriptions
       SET revoked_at = coalesce(revoked_at, :now),
           updated_at = CASE WHEN revoked_at IS NULL THEN :now ELSE updated_at END
       WHERE id = :id RETURNING id`,
      { replacements: { id, now }, type: QueryTypes.SELECT },
    );
    return row !== undefined;
  }

  /**
   * Redeems a school code for a school, in one transaction with the code's row locked, so a
   * revocation or another school's redemption at the same moment cannot both succeed. The code is
   * read as typed with spaces dropped and case ignored. A revoked code is never redeemed; a code
   * expired at `now` only stays good for the school that already redeemed it.
   */
  async redeem(code: string, institutionId: number, now: Date): Promise<RedeemOutcome> {
    return this.sequelize.transaction(async (transaction) => {
      const [row] = await this.sequelize.query<{
        id: number;
        institutionId: number | null;
        codeValidUntil: Date | string;
        planValidUntil: Date | string;
        revokedAt: Date | string | null;
      }>(
        `SELECT id, institution_id AS "institutionId", code_valid_until AS "codeValidUntil",
                plan_valid_until AS "planValidUntil", revoked_at AS "revokedAt"
         FROM subscriptions WHERE upper(code) = :code FOR UPDATE`,
        {
          replacements: { code: code.replace(/\s+/g, '').toUpperCase() },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (!row) return { kind: 'unknown' };
      if (row.revokedAt !== null) return { kind: 'revoked' };
      const planValidUntil = date(row.planValidUntil);
      if (row.institutionId === institutionId)
        return { kind: 'already-redeemed', id: row.id, planValidUntil };
      if (row.institutionId !== null) return { kind: 'used' };
      if (date(row.codeValidUntil) <= now) return { kind: 'expired' };
      await this.sequelize.query(
        `UPDATE subscriptions SET institution_id = :institutionId, redeemed_at = :now, updated_at = :now WHERE id = :id`,
        { replacements: { institutionId, now, id: row.id }, transaction },
      );
      return { kind: 'redeemed', id: row.id, planValidUntil };
    });
  }
}
