import type { Sequelize } from 'sequelize';
import { pooledQuery } from '../db/pooled-query';

/** What an account may do with one problem right now, and the content version, read together. */
export interface AccountProblemFacts {
  /** False for a demo account and a problem outside its preset content (spec 01 §6). */
  mayOpen: boolean;
  /** The account may see any unpublished problem (`can_edit_any_problem`). */
  editsAny: boolean;
  /** The problem is assigned to the student and every assignment is past its deadline. */
  late: boolean;
  /** The content version (migration 0029) as this statement saw it. */
  contentVersion: string;
}

/** What a temporary (code) student's token may do with one problem right now. */
export interface TempStudentProblemAccess {
  /** The student still exists in their module (a teacher may have removed them). */
  studentExists: boolean;
  /** The problem is a published problem of the student's module. */
  inModule: boolean;
  /** At least one student code of the module (activity or module code) has not expired: attempts are recorded. */
  activityOpen: boolean;
}

/**
 * The checks of an answer, each in one statement: whether the solver may use the problem and
 * whether the answer is recorded (deadlines, open activities), with the content version the
 * numeral cache is checked against.
 */
export class SolvingAccessRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * An account's facts on a problem at `now`: a demo account opens only the published problems of
   * its preset's topic (and subtopic); an answer is late when the problem is assigned to the student
   * (published assignments of their classrooms, to them when for chosen students) and every
   * assignment's deadline (the student's own, else the classroom's) has passed. An account that no
   * longer exists is not a demo account.
   */
  async account(userId: number, problemId: number, now: Date): Promise<AccountProblemFacts> {
    const [row] = await pooledQuery<AccountProblemFacts>(
      this.sequelize,
      `WITH assigned AS (
         SELECT COALESCE(sm.deadline, mc.deadline) AS deadline
           FROM module_problems mp
           JOIN module_classrooms mc ON mc.module_id = mp.module_id
           JOIN classroom_students cs ON cs.classroom_id = mc.classroom_id AND cs.user_id = $1
           LEFT JOIN student_modules sm
             ON sm.module_id = mc.module_id AND sm.classroom_id = mc.classroom_id AND sm.student_id = $1
          WHERE mp.problem_id = $2
            AND (NOT mc.individual_students OR EXISTS (
                  SELECT 1 FROM module_students ms
                   WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id
                     AND ms.student_id = $1)))
       SELECT (SELECT version::text FROM content_version) AS "contentVersion",
              COALESCE(u.can_edit_any_problem, false) AS "editsAny",
              (u.id IS NULL OR NOT u.is_demo OR EXISTS (
                 SELECT 1 FROM demo_presets d
                   JOIN problems p ON p.topic_id = d.topic_id
                                  AND (d.subtopic_id IS NULL OR p.subtopic_id = d.subtopic_id)
                  WHERE p.id = $2 AND p.publish_problem)) AS "mayOpen",
              COALESCE((SELECT count(*) > 0 AND bool_and(deadline IS NOT NULL AND deadline <= $3)
                          FROM assigned), false) AS late
         FROM (SELECT 1) one LEFT JOIN users u ON u.id = $1`,
      [userId, problemId, now],
      'solving-account-facts',
    );
    return row!;
  }

  /** A temporary (code) student's access to a problem of their module at `now`, and the content version. */
  async tempStudent(
    student: { id: number; moduleId: number },
    problemId: number,
    now: Date,
  ): Promise<TempStudentProblemAccess & { contentVersion: string }> {
    const [row] = await pooledQuery<TempStudentProblemAccess & { contentVersion: string }>(
      this.sequelize,
      `SELECT
         (SELECT version::text FROM content_version) AS "contentVersion",
         EXISTS (SELECT 1 FROM temp_students WHERE id = $1 AND module_id = $2) AS "studentExists",
         EXISTS (SELECT 1 FROM module_problems mp JOIN problems p ON p.id = mp.problem_id
                  WHERE mp.module_id = $2 AND mp.problem_id = $3 AND p.publish_problem) AS "inModule",
         (EXISTS (SELECT 1 FROM temp_module_activities
                   WHERE module_id = $2 AND (valid_until IS NULL OR valid_until > $4))
          OR EXISTS (SELECT 1 FROM module_codes
                      WHERE module_id = $2 AND audience = 'students'
                        AND (valid_until IS NULL OR valid_until > $4))) AS "activityOpen"`,
      [student.id, student.moduleId, problemId, now],
      'solving-temp-student-access',
    );
    return row!;
  }
}
