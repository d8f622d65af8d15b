import type {
  AssignedTeacher,
  ClonedModuleClassrooms,
  CreatorModuleSummary,
  CreatorTeacher,
  DemoPreset,
  TempActivity,
} from '@kib/core';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';
import { FOLDING, folded, foldForSearch } from '../schools/school-codes.repository';

/** How many codes are drawn before giving up on a free pair (25^8 codes: a clash is very rare). */
const CODE_DRAWS = 8;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The open activity as a row before its dates are made ISO text. */
type TempActivityRow = Omit<TempActivity, 'creationDate' | 'validUntil'> & {
  creationDate: Date | string;
  validUntil: Date | string | null;
};

const TEMP_ACTIVITY_COLUMNS = `id, student_access_code AS "studentAccessCode", teacher_access_code AS "teacherAccessCode",
  target_institution AS "targetInstitution", target_classroom AS "targetClassroom", target_teacher AS "targetTeacher",
  target_teacher_id AS "targetTeacherId", creation_date AS "creationDate", valid_until AS "validUntil"`;

const toTempActivity = (row: TempActivityRow): TempActivity => ({
  ...row,
  creationDate: iso(row.creationDate),
  validUntil: isoOrNull(row.validUntil),
});

/** What an open activity is made of, once checked. */
export interface NewTempActivity {
  moduleId: number;
  createdBy: number;
  teacherId: number;
  teacherName: string;
  institution: string;
  classroom: string;
  classroomId: number | null;
  validUntil: Date;
}

/**
 * Data access of the creators' modules (SQL): their list, the teachers given copies, the copies
 * themselves (a module of the teacher's that remembers its source), open activities and the
 * teachers of the pickers. Saving a module's own fields is {@link ModuleRepository}'s, shared with
 * the teachers' builder.
 */
export class CreatorModuleRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(
    sql: string,
    replacements: Record<string, unknown>,
    transaction?: Transaction,
  ): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction });
  }

  /** The author's modules, newest first, with their topics, teachers with a copy and activities valid at `now`. */
  async list(authorId: number, now: Date): Promise<CreatorModuleSummary[]> {
    const rows = await this.select<
      Omit<CreatorModuleSummary, 'teachers' | 'creationDate'> & {
        creationDate: Date | string;
      }
    >(
      `SELECT m.id, m.name, m.description, m.creation_date AS "creationDate", m.author_id AS "authorId",
              (SELECT count(*)::int FROM module_problems mp WHERE mp.module_id = m.id) AS "numProblems",
              COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'nameSpanish', t.name_spanish)
                                        ORDER BY t.name, t.id)
                          FROM topics t
                         WHERE t.id IN (SELECT p.topic_id FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                                         WHERE mp.module_id = m.id)), '[]') AS topics,
              (SELECT count(*)::int FROM temp_module_activities a
                WHERE a.module_id = m.id AND (a.valid_until IS NULL OR a.valid_until > :now)) AS "openActivities"
         FROM modules m WHERE m.author_id = :authorId
        ORDER BY m.creation_date DESC, m.id DESC`,
      { authorId, now },
    );
    const teachers = await this.teachersWithCopies(rows.map((r) => r.id));
    return rows.map((row) => ({
      ...row,
      creationDate: iso(row.creationDate),
      teachers: teachers.get(row.id) ?? [],
    }));
  }

  /** One of the author's modules without its problems; null when there is none by that id or it is another's. */
  async head(
    authorId: number,
    id: number,
  ): Promise<{
    id: number;
    name: string;
    description: string;
    creationDate: string;
    authorId: number;
    sourceModuleId: number | null;
  } | null> {
    const [row] = await this.select<{
      id: number;
      name: string;
      description: string;
      creationDate: Date | string;
      authorId: number;
      sourceModuleId: number | null;
    }>(
      `SELECT id, name, description, creation_date AS "creationDate", author_id AS "authorId",
              source_module_id AS "sourceModuleId"
         FROM modules WHERE id = :id AND author_id = :authorId`,
      { id, authorId },
    );
    return row ? { ...row, creationDate: iso(row.creationDate) } : null;
  }

  /** The teachers with a copy of each module, by module, by name. */
  async teachersWithCopies(moduleIds: readonly number[]): Promise<Map<number, AssignedTeacher[]>> {
    const byModule = new Map<number, AssignedTeacher[]>();
    if (moduleIds.length === 0) return byModule;
    const rows = await this.select<AssignedTeacher & { sourceId: number }>(
      `SELECT c.source_module_id AS "sourceId", u.id, u.first_name AS "firstName", u.last_name AS "lastName",
              c.id AS "moduleId"
         FROM modules c JOIN users u ON u.id = c.author_id
        WHERE c.source_module_id IN (:moduleIds)
        ORDER BY u.last_name, u.first_name, u.id, c.id`,
      { moduleIds },
    );
    for (const { sourceId, ...teacher } of rows) {
      const list = byModule.get(sourceId) ?? [];
      list.push(teacher);
      byModule.set(sourceId, list);
    }
    return byModule;
  }

  /** The module's open activities, newest first. */
  async tempActivities(moduleId: number): Promise<TempActivity[]> {
    const rows = await this.select<TempActivityRow>(
      `SELECT ${TEMP_ACTIVITY_COLUMNS} FROM temp_module_activities
        WHERE module_id = :moduleId ORDER BY creation_date DESC, id DESC`,
      { moduleId },
    );
    return rows.map(toTempActivity);
  }

  /** Records that module `id` (the author's) was cloned from `sourceId`. */
  async setSource(authorId: number, id: number, sourceId: number): Promise<void> {
    await this.sequelize.query(
      `UPDATE modules SET source_module_id = :sourceId WHERE id = :id AND author_id = :authorId AND id <> :sourceId`,
      { replacements: { authorId, id, sourceId } },
    );
  }

  /** A Kib teacher (group Teachers) by id, with their name; null for anybody else. */
  async teacher(id: number): Promise<{ id: number; firstName: string; lastName: string } | null> {
    const [row] = await this.select<{ id: number; firstName: string; lastName: string }>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName"
         FROM users u
        WHERE u.id = :id AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
                                      WHERE ug.user_id = u.id AND g.name = 'Teachers')`,
      { id },
    );
    return row ?? null;
  }

  /** The id of the teacher's classroom of that name (spaces and case ignored), or null. */
  async teacherClassroom(teacherId: number, name: string): Promise<number | null> {
    const [row] = await this.select<{ id: number }>(
      `SELECT id FROM classrooms WHERE author_id = :teacherId AND lower(btrim(name)) = lower(btrim(:name))
        ORDER BY id LIMIT 1`,
      { teacherId, name },
    );
    return row?.id ?? null;
  }

  /**
   * Gives a teacher a copy of module `moduleId` in one transaction: a module of the teacher's with
   * the same description and problems in the same order, named like the original (with ' (2)',
   * ' (3)'… when the teacher already has a module of that name). Nothing is made when the teacher
   * already has a copy. Answers the copy's id.
   */
  async copyToTeacher(moduleId: number, teacherId: number): Promise<number> {
    return this.sequelize.transaction(async (transaction) => {
      const [source] = await this.select<{ name: string; description: string }>(
        `SELECT name, description FROM modules WHERE id = :moduleId FOR SHARE`,
        { moduleId },
        transaction,
      );
      if (!source) throw new Error(`module ${moduleId} vanished while it was copied`);
      const [existing] = await this.select<{ id: number }>(
        `SELECT id FROM modules WHERE source_module_id = :moduleId AND author_id = :teacherId ORDER BY id LIMIT 1`,
        { moduleId, teacherId },
        transaction,
      );
      if (existing) return existing.id;
      const taken = new Set(
        (
          await this.select<{ name: string }>(
            `SELECT name FROM modules WHERE author_id = :teacherId FOR UPDATE`,
            { teacherId },
            transaction,
          )
        ).map((r) => r.name),
      );
      let name = source.name;
      for (let n = 2; taken.has(name); n++) name = `${source.name.slice(0, 190)} (${n})`;
      const [copy] = await this.select<{ id: number }>(
        `INSERT INTO modules (name, description, author_id, source_module_id)
         VALUES (:name, :description, :teacherId, :moduleId) RETURNING id`,
        { name, description: source.description, teacherId, moduleId },
        transaction,
      );
      await this.sequelize.query(
        `INSERT INTO module_problems (module_id, problem_id, numeration)
         SELECT :copyId, problem_id, numeration FROM module_problems WHERE module_id = :moduleId`,
        { replacements: { copyId: copy!.id, moduleId }, transaction },
      );
      return copy!.id;
    });
  }

  /** The teachers with a copy of the module and the classrooms of theirs each copy is assigned to. */
  async clonedClassrooms(moduleId: number): Promise<ClonedModuleClassrooms> {
    const teachers = (await this.teachersWithCopies([moduleId])).get(moduleId) ?? [];
    const selectedClassroomsClone = await this.select<
      ClonedModuleClassrooms['selectedClassroomsClone'][number]
    >(
      `SELECT mc.classroom_id AS "classroomId", cl.name AS "classroomName", cl.author_id AS "teacherId",
              c.id AS "moduleId"
         FROM modules c
         JOIN module_classrooms mc ON mc.module_id = c.id
         JOIN classrooms cl ON cl.id = mc.classroom_id AND cl.author_id = c.author_id
        WHERE c.source_module_id = :moduleId
        ORDER BY cl.name, cl.id`,
      { moduleId },
    );
    return { teachers, selectedClassroomsClone };
  }

  /**
   * Opens an activity of a module: a new pair of codes drawn by `draw`, different from each other and
   * from every module code and activity code (case ignored), so a code opens one activity only.
   */
  async openActivity(activity: NewTempActivity, draw: () => string): Promise<TempActivity> {
    for (let attempt = 0; attempt < CODE_DRAWS; attempt++) {
      const studentCode = draw();
      const teacherCode = draw();
      if (studentCode === teacherCode) continue;
      try {
        const [row] = await this.select<TempActivityRow>(
          `INSERT INTO temp_module_activities
             (module_id, student_access_code, teacher_access_code, target_institution, target_classroom,
              target_teacher, target_teacher_id, target_classroom_id, created_by, valid_until)
           SELECT :moduleId, :studentCode, :teacherCode, :institution, :classroom, :teacherName, :teacherId,
                  :classroomId, :createdBy, :validUntil
            WHERE NOT EXISTS (SELECT 1 FROM module_codes WHERE upper(code) IN (upper(:studentCode), upper(:teacherCode)))
              AND NOT EXISTS (SELECT 1 FROM temp_module_activities
                               WHERE upper(student_access_code) IN (upper(:studentCode), upper(:teacherCode))
                                  OR upper(teacher_access_code) IN (upper(:studentCode), upper(:teacherCode)))
           RETURNING ${TEMP_ACTIVITY_COLUMNS}`,
          { ...activity, studentCode, teacherCode },
        );
        if (row) return toTempActivity(row);
      } catch (err) {
        if (!(err instanceof UniqueConstraintError)) throw err;
      }
    }
    throw new Error('no free pair of activity codes after several draws');
  }

  /**
   * Active Kib teachers whose first name, last name, whole name or e-mail address contains `search`
   * (case and accents aside), by last and first name: `limit` of them from `offset`, each with their
   * school and classrooms.
   */
  async teachers(search: string, limit: number, offset: number): Promise<CreatorTeacher[]> {
    const name = `u.first_name || ' ' || u.last_name`;
    const rows = await this.select<Omit<CreatorTeacher, 'classrooms'>>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
              (SELECT i.name FROM institution_teachers it JOIN institutions i ON i.id = it.institution_id
                WHERE it.user_id = u.id ORDER BY i.name LIMIT 1) AS institution
         FROM users u
        WHERE u.is_active
          AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
                       WHERE ug.user_id = u.id AND g.name = 'Teachers')
          AND (strpos(${folded(name)}, :term) > 0 OR strpos(${folded('u.email')}, :term) > 0)
        ORDER BY u.last_name, u.first_name, u.id
        LIMIT :limit OFFSET :offset`,
      { term: foldForSearch(search), foldFrom: FOLDING.from, foldTo: FOLDING.to, limit, offset },
    );
    if (rows.length === 0) return [];
    const classrooms = await this.select<{ id: number; name: string; teacherId: number }>(
      `SELECT id, name, author_id AS "teacherId" FROM classrooms WHERE author_id IN (:ids) ORDER BY name, id`,
      { ids: rows.map((r) => r.id) },
    );
    return rows.map((row) => ({
      ...row,
      classrooms: classrooms.filter((c) => c.teacherId === row.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  /** The demo preset, with its education system's and grade's names; null when there is none. */
  async demoPreset(): Promise<DemoPreset | null> {
    const [row] = await this.select<DemoPreset>(
      `SELECT es.name AS "educationSystem", g.name AS grade, d.course_id AS "courseId", d.topic_id AS "topicId",
              d.subtopic_id AS "subtopicId"
         FROM demo_presets d JOIN grades g ON g.id = d.grade_id JOIN education_systems es ON es.id = g.education_system_id`,
      {},
    );
    return row ?? null;
  }

  /** Whether the account is a demo account. */
  async isDemo(userId: number): Promise<boolean> {
    const [row] = await this.select<{ isDemo: boolean }>(
      `SELECT is_demo AS "isDemo" FROM users WHERE id = :userId`,
      {
        userId,
      },
    );
    return row?.isDemo ?? false;
  }
}
