import type { ClassroomLevels, ClassroomStudents, TeacherClassroom } from '@kib/core';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { readSchoolPlan, type SchoolPlan } from '../schools/school-plan';

/** A classroom's fields a teacher sets. */
export interface ClassroomFields {
  name: string;
  description: string;
  levelId: number;
}

/** The teacher's school and the end of its latest plan not revoked (null without one). */
export interface TeacherInstitution {
  id: number;
  name: string;
  planValidUntil: Date | null;
}

/** A teacher code as a teacher redeems it. */
export interface TeacherCodeRow {
  id: number;
  institutionId: number;
  institutionName: string;
  codeExpiration: Date;
  usedBy: number | null;
}

const SELECT_CLASSROOM = `
  SELECT c.id, c.name, c.description, c.code, c.level_id AS "levelId", c.created_at AS "createdAt",
         (SELECT count(*)::int FROM classroom_students cs WHERE cs.classroom_id = c.id) AS "studentCount",
         (SELECT count(*)::int FROM module_classrooms mc WHERE mc.classroom_id = c.id) AS "moduleCount"
  FROM classrooms c`;

type ClassroomRow = Omit<TeacherClassroom, 'createdAt'> & { createdAt: Date | string };

const toClassroom = (row: ClassroomRow): TeacherClassroom => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Data access of a teacher's classrooms and school (SQL). */
export class TeacherRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * The teacher's school, with the latest end of its plans that were not revoked (a revoked school
   * code gives no plan); null when the teacher has none.
   */
  async institution(teacherId: number): Promise<TeacherInstitution | null> {
    const [row] = await this.sequelize.query<TeacherInstitution>(
      `SELECT i.id, i.name, max(s.plan_valid_until) AS "planValidUntil"
       FROM institution_teachers it
       JOIN institutions i ON i.id = it.institution_id
       LEFT JOIN subscriptions s ON s.institution_id = i.id AND s.revoked_at IS NULL
       WHERE it.user_id = :teacherId
       GROUP BY i.id, i.name`,
      { replacements: { teacherId }, type: QueryTypes.SELECT },
    );
    if (!row) return null;
    return { ...row, planValidUntil: row.planValidUntil === null ? null : new Date(row.planValidUntil) };
  }

  /** The plan of school `institutionId` at `now`: until when it runs, its students and its limit. */
  schoolPlan(institutionId: number, now: Date): Promise<SchoolPlan> {
    return readSchoolPlan(this.sequelize, institutionId, now);
  }

  /** The teacher's classrooms, newest first, with their student and module counts. */
  async classrooms(teacherId: number): Promise<TeacherClassroom[]> {
    const rows = await this.sequelize.query<ClassroomRow>(
      `${SELECT_CLASSROOM} WHERE c.author_id = :teacherId ORDER BY c.created_at DESC, c.id DESC`,
      { replacements: { teacherId }, type: QueryTypes.SELECT },
    );
    return rows.map(toClassroom);
  }

  /** One classroom of the teacher's; null when there is none by that id or it is another's. */
  async classroom(
    teacherId: number,
    id: number,
    transaction?: Transaction,
  ): Promise<TeacherClassroom | null> {
    const [row] = await this.sequelize.query<ClassroomRow>(
      `${SELECT_CLASSROOM} WHERE c.id = :id AND c.author_id = :teacherId`,
      { replacements: { teacherId, id }, type: QueryTypes.SELECT, transaction },
    );
    return row ? toClassroom(row) : null;
  }

  /** The students of a classroom, by last name then first name. */
  async students(classroomId: number): Promise<ClassroomStudents['students']> {
    const rows = await this.sequelize.query<
      Omit<ClassroomStudents['students'][number], 'joinedAt'> & { joinedAt: Date | string }
    >(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.is_active AS "isActive",
              cs.joined_at AS "joinedAt"
       FROM classroom_students cs JOIN users u ON u.id = cs.user_id
       WHERE cs.classroom_id = :classroomId
       ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
      { replacements: { classroomId }, type: QueryTypes.SELECT },
    );
    return rows.map((row) => ({ ...row, joinedAt: new Date(row.joinedAt).toISOString() }));
  }

  /** The classroom levels, by id. */
  async levels(): Promise<ClassroomLevels['levels']> {
    return this.sequelize.query(
      `SELECT id, name, name_spanish AS "nameSpanish" FROM classroom_levels ORDER BY id`,
      {
        type: QueryTypes.SELECT,
      },
    );
  }

  /** Is there a level by this id? */
  async levelExists(id: number): Promise<boolean> {
    const rows = await this.sequelize.query(`SELECT 1 FROM classroom_levels WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
    });
    return rows.length > 0;
  }

  /**
   * Creates a classroom with the given registration code. Answers its id, or `name-used` when the
   * teacher has a classroom of that name, or `code-used` when the code is taken (the caller draws
   * another).
   */
  async createClassroom(
    teacherId: number,
    fields: ClassroomFields,
    code: string,
  ): Promise<number | 'name-used' | 'code-used'> {
    try {
      const [row] = await this.sequelize.query<{ id: number }>(
        `INSERT INTO classrooms (name, description, code, level_id, author_id, institution_id)
         VALUES (:name, :description, :code, :levelId, :teacherId,
                 (SELECT institution_id FROM institution_teachers WHERE user_id = :teacherId))
         RETURNING id`,
        { replacements: { ...fields, code, teacherId }, type: QueryTypes.SELECT },
      );
      return row!.id;
    } catch (err) {
      return uniqueViolation(err);
    }
  }

  /** Changes a classroom of the teacher's; false when it is not theirs, `name-used` on a taken name. */
  async updateClassroom(
    teacherId: number,
    id: number,
    fields: ClassroomFields,
  ): Promise<boolean | 'name-used'> {
    try {
      const rows = await this.sequelize.query<{ id: number }>(
        `UPDATE classrooms SET name = :name, description = :description, level_id = :levelId, updated_at = now()
         WHERE id = :id AND author_id = :teacherId RETURNING id`,
        { replacements: { ...fields, id, teacherId }, type: QueryTypes.SELECT },
      );
      return rows.length > 0;
    } catch (err) {
      const which = uniqueViolation(err);
      if (which === 'code-used') throw err;
      return which;
    }
  }

  /** Deletes a classroom of the teacher's (memberships and assignments with it); false when not theirs. */
  async deleteClassroom(teacherId: number, id: number): Promise<boolean> {
    const rows = await this.sequelize.query<{ id: number }>(
      `DELETE FROM classrooms WHERE id = :id AND author_id = :teacherId RETURNING id`,
      { replacements: { id, teacherId }, type: QueryTypes.SELECT },
    );
    return rows.length > 0;
  }

  /**
   * Redeems a teacher code for the teacher inside one transaction: the code row is locked, checked by
   * `accept` (which throws to refuse), marked used, and the teacher joins its school. Answers the
   * code's row, or null when no code has that text.
   */
  async redeemTeacherCode(
    teacherId: number,
    code: string,
    accept: (row: TeacherCodeRow, currentSchool: number | null) => void,
  ): Promise<TeacherCodeRow | null> {
    return this.sequelize.transaction(async (transaction) => {
      const [row] = await this.sequelize.query<TeacherCodeRow>(
        `SELECT tc.id, tc.institution_id AS "institutionId", i.name AS "institutionName",
                tc.code_expiration AS "codeExpiration", tc.used_by AS "usedBy"
         FROM teacher_codes tc JOIN institutions i ON i.id = tc.institution_id
         WHERE upper(tc.code) = :code FOR UPDATE OF tc`,
        { replacements: { code }, type: QueryTypes.SELECT, transaction },
      );
      if (!row) return null;
      const [current] = await this.sequelize.query<{ institutionId: number }>(
        `SELECT institution_id AS "institutionId" FROM institution_teachers WHERE user_id = :teacherId FOR UPDATE`,
        { replacements: { teacherId }, type: QueryTypes.SELECT, transaction },
      );
      const found = { ...row, codeExpiration: new Date(row.codeExpiration) };
      accept(found, current?.institutionId ?? null);
      if (current?.institutionId === row.institutionId && row.usedBy === teacherId) return found;
      await this.sequelize.query(`UPDATE teacher_codes SET used_by = :teacherId WHERE id = :id`, {
        replacements: { teacherId, id: row.id },
        transaction,
      });
      await this.sequelize.query(
        `INSERT INTO institution_teachers (institution_id, user_id) VALUES (:institutionId, :teacherId)
         ON CONFLICT DO NOTHING`,
        { replacements: { institutionId: row.institutionId, teacherId }, transaction },
      );
      return found;
    });
  }
}

/** Which unique constraint of classrooms an insert or update broke; rethrows anything else. */
function uniqueViolation(err: unknown): 'name-used' | 'code-used' {
  if (err instanceof UniqueConstraintError) {
    const constraint = (err.parent as { constraint?: string } | undefined)?.constraint ?? '';
    if (constraint === 'classrooms_author_id_name_key') return 'name-used';
    if (constraint === 'classrooms_code_key') return 'code-used';
  }
  throw err;
}
