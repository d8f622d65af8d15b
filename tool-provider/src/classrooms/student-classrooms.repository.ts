import type { StudentClassrooms } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** A timestamp as the wire carries it (ISO 8601), or null. */
function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * What a student sees of their classrooms (spec 01 §7 get_student_classrooms): the classrooms, their
 * teachers, the modules assigned to them (published ones; individual assignments only when the
 * student is among them), the problems and numerals of those modules, the student's stats on those
 * numerals and the student's own deadlines. Publish dates are decided here, on the server's clock.
 * A classroom whose teacher left its school has no teacher until the school gives it to another.
 */
export class StudentClassroomsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown>): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  async forStudent(userId: number, now: Date): Promise<StudentClassrooms> {
    const classrooms = await this.select<{
      id: number;
      name: string;
      description: string;
      authorId: number | null;
    }>(
      `SELECT c.id, c.name, c.description, c.author_id AS "authorId"
         FROM classrooms c JOIN classroom_students cs ON cs.classroom_id = c.id
        WHERE cs.user_id = :userId ORDER BY c.name, c.id`,
      { userId },
    );
    const classroomIds = classrooms.map((c) => c.id);
    const none = { classroomIds: [0] };
    const teacherIds = [...new Set(classrooms.flatMap((c) => (c.authorId === null ? [] : [c.authorId])))];
    const teachers = teacherIds.length
      ? await this.select<{ id: number; firstName: string; lastName: string }>(
          `SELECT id, first_name AS "firstName", last_name AS "lastName" FROM users WHERE id IN (:ids) ORDER BY id`,
          { ids: teacherIds },
        )
      : [];
    const moduleClassrooms = await this.select<{
      moduleId: number;
      classroomId: number;
      deadline: Date | null;
      publishDate: Date | null;
    }>(
      `SELECT mc.module_id AS "moduleId", mc.classroom_id AS "classroomId", mc.deadline, mc.publish_date AS "publishDate"
         FROM module_classrooms mc
        WHERE mc.classroom_id IN (:classroomIds)
          AND (mc.publish_date IS NULL OR mc.publish_date <= :now)
          AND (NOT mc.individual_students OR EXISTS (
                SELECT 1 FROM module_students ms
                 WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id AND ms.student_id = :userId))
        ORDER BY mc.classroom_id, mc.module_id`,
      classroomIds.length ? { classroomIds, now, userId } : { ...none, now, userId },
    );
    const moduleIds = [...new Set(moduleClassrooms.map((m) => m.moduleId))];
    const modules = moduleIds.length
      ? await this.select<{ id: number; name: string; description: string; creationDate: Date }>(
          `SELECT id, name, description, creation_date AS "creationDate" FROM modules WHERE id IN (:moduleIds)
            ORDER BY creation_date DESC, id`,
          { moduleIds },
        )
      : [];
    const moduleProblems = moduleIds.length
      ? await this.select<{ moduleId: number; problemId: number; numeration: string | null }>(
          `SELECT mp.module_id AS "moduleId", mp.problem_id AS "problemId", mp.numeration
             FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
            WHERE mp.module_id IN (:moduleIds) AND p.publish_problem
            ORDER BY mp.module_id, mp.problem_id`,
          { moduleIds },
        )
      : [];
    const problemIds = [...new Set(moduleProblems.map((m) => m.problemId))];
    const problems = problemIds.length
      ? await this.select<{ id: number; title: string; description: string }>(
          `SELECT id, title, description FROM problems WHERE id IN (:problemIds) ORDER BY id`,
          { problemIds },
        )
      : [];
    const numerals = problemIds.length
      ? await this.select<{ id: number; problemId: number; number: number }>(
          `SELECT id, problem_id AS "problemId", number FROM numerals WHERE problem_id IN (:problemIds)
            ORDER BY problem_id, number, id`,
          { problemIds },
        )
      : [];
    const stats = numerals.length
      ? await this.select<{ numeralId: number; completed: boolean; attempts: number; answerTime: number }>(
          `SELECT numeral_id AS "numeralId", completed, attempts, answer_time AS "answerTime"
             FROM stats WHERE user_id = :userId AND numeral_id IN (:numeralIds) ORDER BY numeral_id`,
          { userId, numeralIds: numerals.map((n) => n.id) },
        )
      : [];
    const studentModules = moduleIds.length
      ? await this.select<{ classroomId: number; moduleId: number; deadline: Date | null }>(
          `SELECT classroom_id AS "classroomId", module_id AS "moduleId", deadline
             FROM student_modules WHERE student_id = :userId AND module_id IN (:moduleIds)`,
          { userId, moduleIds },
        )
      : [];
    return {
      classrooms: classrooms.map(({ authorId, ...c }) => ({ ...c, teacherId: authorId })),
      teachers,
      modules: modules.map((m) => ({ ...m, creationDate: new Date(m.creationDate).toISOString() })),
      moduleClassrooms: moduleClassrooms.map((mc) => ({
        ...mc,
        deadline: isoOrNull(mc.deadline),
        publishDate: isoOrNull(mc.publishDate),
      })),
      moduleProblems,
      problems,
      numerals,
      stats,
      studentModules: studentModules.map((sm) => ({ ...sm, deadline: isoOrNull(sm.deadline) })),
    };
  }
}
