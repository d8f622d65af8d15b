import {
  sortByNumeration,
  type InstitutionTeachersClassrooms,
  type SchoolClassroom,
  type SchoolInstitution,
  type SchoolTeacher,
} from '@kib/core';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { readSchoolPlan, type SchoolPlan } from './school-plan';

/** What a mail to a user needs of them. */
export interface Account {
  email: string;
  firstName: string;
  language: 'es' | 'en';
}

/** A city and the places it is in. */
export interface CityPlace {
  id: number;
  countryId: number;
  territorialEntityId: number | null;
}

/** A school's fields as they are stored at its registration. */
export interface SchoolFields {
  name: string;
  countryId: number;
  territorialEntityId: number | null;
  cityId: number;
  address: string;
  email: string;
  telephone: string;
}

/** A school code a school redeemed. */
export interface RedeemedCodeRow {
  code: string;
  numberOfStudents: number;
  planValidUntil: Date;
  revokedAt: Date | null;
  redeemedAt: Date;
}

/** A teacher code of a school, with the teacher who used it. */
export interface TeacherCodeRow {
  code: string;
  codeExpiration: Date;
  createdAt: Date;
  usedBy: { id: number; firstName: string; lastName: string; email: string } | null;
}

/** The modules assigned in a school's classrooms, their assignments, problems in order, and titles. */
export type AssignedModules = Omit<InstitutionTeachersClassrooms['data'], 'classrooms' | 'teachers'>;

const date = (value: Date | string) => new Date(value);
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * The school's teachers with what they hold in it: the classrooms of the school they teach, the
 * distinct students of those classrooms, and the modules they wrote. Each count is one grouped pass
 * over the school's rows, joined once to the teachers.
 */
const SELECT_TEACHERS = `
  WITH school_teachers AS (
    SELECT user_id, joined_at FROM institution_teachers WHERE institution_id = :institutionId
  ),
  classroom_counts AS (
    SELECT c.author_id, count(DISTINCT c.id)::int AS classrooms, count(DISTINCT cs.user_id)::int AS students
    FROM classrooms c LEFT JOIN classroom_students cs ON cs.classroom_id = c.id
    WHERE c.institution_id = :institutionId AND c.author_id IN (SELECT user_id FROM school_teachers)
    GROUP BY c.author_id
  ),
  module_counts AS (
    SELECT author_id, count(*)::int AS modules FROM modules
    WHERE author_id IN (SELECT user_id FROM school_teachers)
    GROUP BY author_id
  )
  SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, st.joined_at AS "joinedAt",
         u.last_login AS "lastLogin", coalesce(cc.classrooms, 0) AS classrooms,
         coalesce(cc.students, 0) AS students, coalesce(mc.modules, 0) AS modules
  FROM school_teachers st
  JOIN users u ON u.id = st.user_id
  LEFT JOIN classroom_counts cc ON cc.author_id = u.id
  LEFT JOIN module_counts mc ON mc.author_id = u.id
  ORDER BY lower(u.last_name), lower(u.first_name), u.id`;

/** The school's classrooms with their level, teacher (if any), students and assignments, by name. */
const SELECT_CLASSROOMS = `
  WITH school_classrooms AS (
    SELECT id FROM classrooms WHERE institution_id = :institutionId
  ),
  student_counts AS (
    SELECT classroom_id, count(*)::int AS n FROM classroom_students
    WHERE classroom_id IN (SELECT id FROM school_classrooms) GROUP BY classroom_id
  ),
  module_counts AS (
    SELECT classroom_id, count(*)::int AS n FROM module_classrooms
    WHERE classroom_id IN (SELECT id FROM school_classrooms) GROUP BY classroom_id
  )
  SELECT c.id, c.name, c.description, c.created_at AS "createdAt",
         l.id AS "levelId", l.name AS "levelName", l.name_spanish AS "levelNameSpanish",
         u.id AS "teacherId", u.first_name AS "teacherFirstName", u.last_name AS "teacherLastName",
         coalesce(sc.n, 0) AS students, coalesce(mc.n, 0) AS modules
  FROM classrooms c
  JOIN classroom_levels l ON l.id = c.level_id
  LEFT JOIN users u ON u.id = c.author_id
  LEFT JOIN student_counts sc ON sc.classroom_id = c.id
  LEFT JOIN module_counts mc ON mc.classroom_id = c.id
  WHERE c.institution_id = :institutionId
  ORDER BY lower(c.name), c.id`;

interface ClassroomRaw {
  id: number;
  name: string;
  description: string;
  createdAt: Date | string;
  levelId: number;
  levelName: string;
  levelNameSpanish: string;
  teacherId: number | null;
  teacherFirstName: string | null;
  teacherLastName: string | null;
  students: number;
  modules: number;
}

const toClassroom = (row: ClassroomRaw): SchoolClassroom => ({
  id: row.id,
  name: row.name,
  description: row.description,
  level: { id: row.levelId, name: row.levelName, nameSpanish: row.levelNameSpanish },
  teacher:
    row.teacherId === null
      ? null
      : { id: row.teacherId, firstName: row.teacherFirstName ?? '', lastName: row.teacherLastName ?? '' },
  students: row.students,
  modules: row.modules,
  createdAt: iso(row.createdAt),
});

/** The constraint a unique violation broke, or null for any other error. */
function uniqueConstraint(err: unknown): string | null {
  if (!(err instanceof UniqueConstraintError)) return null;
  return (err.parent as { constraint?: string } | undefined)?.constraint ?? '';
}

/**
 * Data access of the school administrator's area (SQL; plain records): who administers which school,
 * a school's registration, its redeemed codes, teachers, classrooms and teacher codes, and the
 * changes a school makes to them. Every read of a school's rows is a fixed number of set-based
 * statements, whatever the size of the school.
 */
export class SchoolAdminRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(
    sql: string,
    replacements: Record<string, unknown>,
    transaction?: Transaction,
  ): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  }

  /** The e-mail, first name and language of a user; null when there is none. */
  async account(userId: number): Promise<Account | null> {
    const [row] = await this.select<Account>(
      `SELECT email, first_name AS "firstName", language FROM users WHERE id = :userId`,
      { userId },
    );
    return row ?? null;
  }

  /** The school the user administers (the first registered, should there be several); null when none. */
  async administeredSchool(userId: number): Promise<number | null> {
    const [row] = await this.select<{ id: number }>(
      `SELECT institution_id AS id FROM institution_admins WHERE user_id = :userId ORDER BY institution_id LIMIT 1`,
      { userId },
    );
    return row?.id ?? null;
  }

  /** Whether the user administers the school. */
  async administers(userId: number, institutionId: number): Promise<boolean> {
    const rows = await this.select(
      `SELECT 1 FROM institution_admins WHERE user_id = :userId AND institution_id = :institutionId`,
      { userId, institutionId },
    );
    return rows.length > 0;
  }

  /** Whether a school has this id. */
  async schoolExists(institutionId: number): Promise<boolean> {
    const rows = await this.select(`SELECT 1 FROM institutions WHERE id = :institutionId`, { institutionId });
    return rows.length > 0;
  }

  /** A school with the names of its places; null when there is none. */
  async institution(institutionId: number): Promise<SchoolInstitution | null> {
    const [row] = await this.select<{
      id: number;
      name: string;
      countryId: number | null;
      countryName: string | null;
      entityId: number | null;
      entityName: string | null;
      cityId: number;
      cityName: string;
      address: string;
      email: string;
      telephone: string;
      createdAt: Date | string;
    }>(
      `SELECT i.id, i.name, co.id AS "countryId", co.name AS "countryName",
              te.id AS "entityId", te.name AS "entityName", ci.id AS "cityId", ci.name AS "cityName",
              i.address, i.email, i.telephone, i.created_at AS "createdAt"
       FROM institutions i
       JOIN cities ci ON ci.id = i.city_id
       LEFT JOIN countries co ON co.id = coalesce(i.country_id, ci.country_id)
       LEFT JOIN territorial_entities te ON te.id = coalesce(i.territorial_entity_id, ci.territorial_entity_id)
       WHERE i.id = :institutionId`,
      { institutionId },
    );
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      country: row.countryId === null ? null : { id: row.countryId, name: row.countryName ?? '' },
      territorialEntity: row.entityId === null ? null : { id: row.entityId, name: row.entityName ?? '' },
      city: { id: row.cityId, name: row.cityName },
      address: row.address,
      email: row.email,
      telephone: row.telephone,
      createdAt: iso(row.createdAt),
    };
  }

  /** Whether a country has this id. */
  async countryExists(countryId: number): Promise<boolean> {
    const rows = await this.select(`SELECT 1 FROM countries WHERE id = :countryId`, { countryId });
    return rows.length > 0;
  }

  /** The country of a territorial entity; null when there is no such entity. */
  async territorialEntityCountry(territorialEntityId: number): Promise<number | null> {
    const [row] = await this.select<{ countryId: number }>(
      `SELECT country_id AS "countryId" FROM territorial_entities WHERE id = :territorialEntityId`,
      { territorialEntityId },
    );
    return row?.countryId ?? null;
  }

  /** A city and where it is; null when there is none. */
  async city(cityId: number): Promise<CityPlace | null> {
    const [row] = await this.select<CityPlace>(
      `SELECT id, country_id AS "countryId", territorial_entity_id AS "territorialEntityId"
       FROM cities WHERE id = :cityId`,
      { cityId },
    );
    return row ?? null;
  }

  /**
   * Registers a school administered by `adminId`, the school and its admin in one transaction with
   * the admin's row locked, so that two registrations at once by the same admin make one school.
   * Answers the new school's id, or `already-registered` when the admin administers one.
   */
  async register(adminId: number, fields: SchoolFields): Promise<number | 'already-registered'> {
    return this.sequelize.transaction(async (transaction) => {
      await this.select(`SELECT id FROM users WHERE id = :adminId FOR UPDATE`, { adminId }, transaction);
      const existing = await this.select(
        `SELECT 1 FROM institution_admins WHERE user_id = :adminId`,
        { adminId },
        transaction,
      );
      if (existing.length > 0) return 'already-registered';
      const [row] = await this.select<{ id: number }>(
        `INSERT INTO institutions (name, country_id, territorial_entity_id, city_id, address, email, telephone)
         VALUES (:name, :countryId, :territorialEntityId, :cityId, :address, :email, :telephone) RETURNING id`,
        { ...fields },
        transaction,
      );
      await this.sequelize.query(
        `INSERT INTO institution_admins (institution_id, user_id) VALUES (:institutionId, :adminId)`,
        { replacements: { institutionId: row!.id, adminId }, transaction },
      );
      return row!.id;
    });
  }

  /** The plan of the school at `now` ({@link readSchoolPlan}). */
  plan(institutionId: number, now: Date): Promise<SchoolPlan> {
    return readSchoolPlan(this.sequelize, institutionId, now);
  }

  /** How many teachers the school has. */
  async teacherCount(institutionId: number): Promise<number> {
    const [row] = await this.select<{ n: number }>(
      `SELECT count(*)::int AS n FROM institution_teachers WHERE institution_id = :institutionId`,
      { institutionId },
    );
    return row!.n;
  }

  /** The school codes a school redeemed, the latest redeemed first. */
  async redeemedCodes(institutionId: number): Promise<RedeemedCodeRow[]> {
    const rows = await this.select<{
      code: string;
      numberOfStudents: number;
      planValidUntil: Date | string;
      revokedAt: Date | string | null;
      redeemedAt: Date | string;
    }>(
      `SELECT code, number_of_students AS "numberOfStudents", plan_valid_until AS "planValidUntil",
              revoked_at AS "revokedAt", coalesce(redeemed_at, updated_at) AS "redeemedAt"
       FROM subscriptions WHERE institution_id = :institutionId
       ORDER BY coalesce(redeemed_at, updated_at) DESC, id DESC`,
      { institutionId },
    );
    return rows.map((row) => ({
      ...row,
      planValidUntil: date(row.planValidUntil),
      revokedAt: row.revokedAt === null ? null : date(row.revokedAt),
      redeemedAt: date(row.redeemedAt),
    }));
  }

  /** The school's teachers, by last name then first name ({@link SELECT_TEACHERS}). */
  async teachers(institutionId: number): Promise<SchoolTeacher[]> {
    const rows = await this.select<
      Omit<SchoolTeacher, 'joinedAt' | 'lastLogin'> & {
        joinedAt: Date | string;
        lastLogin: Date | string | null;
      }
    >(SELECT_TEACHERS, { institutionId });
    return rows.map((row) => ({ ...row, joinedAt: iso(row.joinedAt), lastLogin: isoOrNull(row.lastLogin) }));
  }

  /** The school's classrooms, by name ({@link SELECT_CLASSROOMS}). */
  async classrooms(institutionId: number): Promise<SchoolClassroom[]> {
    return (await this.select<ClassroomRaw>(SELECT_CLASSROOMS, { institutionId })).map(toClassroom);
  }

  /** Stores a new teacher code of the school; answers its row, or `code-used` when the text is taken. */
  async createTeacherCode(
    institutionId: number,
    code: string,
    codeExpiration: Date,
    now: Date,
  ): Promise<TeacherCodeRow | 'code-used'> {
    try {
      const [row] = await this.select<{ createdAt: Date | string }>(
        `INSERT INTO teacher_codes (institution_id, code, code_expiration, created_at)
         VALUES (:institutionId, :code, :codeExpiration, :now) RETURNING created_at AS "createdAt"`,
        { institutionId, code, codeExpiration, now },
      );
      return { code, codeExpiration, createdAt: date(row!.createdAt), usedBy: null };
    } catch (err) {
      if (uniqueConstraint(err) === 'teacher_codes_code_key') return 'code-used';
      throw err;
    }
  }

  /** The school's teacher codes, newest first, with the teacher who used each. */
  async teacherCodes(institutionId: number): Promise<TeacherCodeRow[]> {
    const rows = await this.select<{
      code: string;
      codeExpiration: Date | string;
      createdAt: Date | string;
      userId: number | null;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
    }>(
      `SELECT tc.code, tc.code_expiration AS "codeExpiration", tc.created_at AS "createdAt",
              u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM teacher_codes tc LEFT JOIN users u ON u.id = tc.used_by
       WHERE tc.institution_id = :institutionId
       ORDER BY tc.created_at DESC, tc.id DESC`,
      { institutionId },
    );
    return rows.map((row) => ({
      code: row.code,
      codeExpiration: date(row.codeExpiration),
      createdAt: date(row.createdAt),
      usedBy:
        row.userId === null
          ? null
          : {
              id: row.userId,
              firstName: row.firstName ?? '',
              lastName: row.lastName ?? '',
              email: row.email ?? '',
            },
    }));
  }

  /**
   * Removes a teacher from the school in one transaction: the membership goes; the teacher's
   * classrooms of that school stay with it without a teacher (their students, assignments and
   * results untouched); the embed tokens of those classrooms are revoked at `now`. The teacher codes
   * the teacher used stay, as history. False when the teacher is not in the school.
   */
  async removeTeacher(institutionId: number, teacherId: number, now: Date): Promise<boolean> {
    return this.sequelize.transaction(async (transaction) => {
      const removed = await this.select(
        `DELETE FROM institution_teachers WHERE institution_id = :institutionId AND user_id = :teacherId
         RETURNING user_id`,
        { institutionId, teacherId },
        transaction,
      );
      if (removed.length === 0) return false;
      await this.sequelize.query(
        `WITH left_behind AS (
           UPDATE classrooms SET author_id = NULL, updated_at = :now
           WHERE institution_id = :institutionId AND author_id = :teacherId RETURNING id
         )
         UPDATE classroom_embed_tokens SET revoked_at = :now
         WHERE classroom_id IN (SELECT id FROM left_behind) AND revoked_at IS NULL`,
        { replacements: { institutionId, teacherId, now }, transaction },
      );
      return true;
    });
  }

  /**
   * Gives a classroom of the school to a teacher of the school, in one transaction with the
   * classroom's row locked; the embed tokens other teachers made for it are revoked at `now` (a
   * token ends when its maker no longer has the classroom). Answers `not-found` when the classroom or
   * the teacher is not the school's, `name-used` when the teacher has a classroom of that name.
   */
  async reassignClassroom(
    institutionId: number,
    classroomId: number,
    teacherId: number,
    now: Date,
  ): Promise<'reassigned' | 'not-found' | 'name-used'> {
    try {
      return await this.sequelize.transaction(async (transaction) => {
        const [classroom] = await this.select<{ name: string }>(
          `SELECT name FROM classrooms WHERE id = :classroomId AND institution_id = :institutionId FOR UPDATE`,
          { classroomId, institutionId },
          transaction,
        );
        const teacher = await this.select(
          `SELECT 1 FROM institution_teachers WHERE institution_id = :institutionId AND user_id = :teacherId`,
          { institutionId, teacherId },
          transaction,
        );
        if (!classroom || teacher.length === 0) return 'not-found';
        const sameName = await this.select(
          `SELECT 1 FROM classrooms WHERE author_id = :teacherId AND name = :name AND id <> :classroomId`,
          { teacherId, name: classroom.name, classroomId },
          transaction,
        );
        if (sameName.length > 0) return 'name-used';
        await this.sequelize.query(
          `UPDATE classrooms SET author_id = :teacherId, updated_at = :now
           WHERE id = :classroomId AND author_id IS DISTINCT FROM :teacherId`,
          { replacements: { teacherId, classroomId, now }, transaction },
        );
        await this.sequelize.query(
          `UPDATE classroom_embed_tokens SET revoked_at = :now
           WHERE classroom_id = :classroomId AND created_by <> :teacherId AND revoked_at IS NULL`,
          { replacements: { teacherId, classroomId, now }, transaction },
        );
        return 'reassigned';
      });
    } catch (err) {
      // A classroom of that name given to the teacher at the same moment.
      if (uniqueConstraint(err) === 'classrooms_author_id_name_key') return 'name-used';
      throw err;
    }
  }

  /**
   * The modules assigned to the school's classrooms, those assignments, the modules' problems in
   * numeration order (module by module) and the problems' titles: four set-based reads.
   */
  async assignedModules(institutionId: number): Promise<AssignedModules> {
    const assigned = `SELECT DISTINCT mc.module_id FROM module_classrooms mc
                      JOIN classrooms c ON c.id = mc.classroom_id WHERE c.institution_id = :institutionId`;
    const [moduleClassrooms, modules, moduleProblems, problems] = await Promise.all([
      this.select<{
        moduleId: number;
        classroomId: number;
        publishDate: Date | string | null;
        deadline: Date | string | null;
      }>(
        `SELECT mc.module_id AS "moduleId", mc.classroom_id AS "classroomId", mc.publish_date AS "publishDate",
                mc.deadline
         FROM module_classrooms mc JOIN classrooms c ON c.id = mc.classroom_id
         WHERE c.institution_id = :institutionId
         ORDER BY mc.classroom_id, mc.module_id`,
        { institutionId },
      ),
      this.select<AssignedModules['modules'][number]>(
        `SELECT id, name, description, author_id AS "authorId" FROM modules
         WHERE id IN (${assigned}) ORDER BY lower(name), id`,
        { institutionId },
      ),
      this.select<AssignedModules['moduleProblems'][number]>(
        `SELECT module_id AS "moduleId", problem_id AS "problemId", numeration FROM module_problems
         WHERE module_id IN (${assigned}) ORDER BY module_id, problem_id`,
        { institutionId },
      ),
      this.select<AssignedModules['problems'][number]>(
        `SELECT id, title FROM problems
         WHERE id IN (SELECT problem_id FROM module_problems WHERE module_id IN (${assigned}))
         ORDER BY id`,
        { institutionId },
      ),
    ]);
    return {
      modules,
      moduleClassrooms: moduleClassrooms.map((row) => ({
        ...row,
        publishDate: isoOrNull(row.publishDate),
        deadline: isoOrNull(row.deadline),
      })),
      // Grouped by module (already ordered by module), each module's problems in numeration order.
      moduleProblems: groupedBy(moduleProblems, (row) => row.moduleId).flatMap((group) =>
        sortByNumeration(group, (row) => row.numeration),
      ),
      problems,
    };
  }
}

/** Consecutive runs of rows with the same key. */
function groupedBy<T>(rows: readonly T[], key: (row: T) => number): T[][] {
  const groups: T[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && key(last[0]!) === key(row)) last.push(row);
    else groups.push([row]);
  }
  return groups;
}
