import { QueryTypes, type Sequelize } from 'sequelize';
import { withinSchoolPlan } from '../schools/school-plan';

/** A classroom as a student finds it by its registration code, with the school it belongs to. */
export interface ClassroomByCode {
  id: number;
  name: string;
  /** Its school, whose plan limits its students; null for a classroom made without a school. */
  institutionId: number | null;
}

/** Data access of students joining classrooms (SQL). */
export class ClassroomRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** Whether the account is the shared demo account (`users.is_demo`). */
  async isDemoAccount(userId: number): Promise<boolean> {
    const [row] = await this.sequelize.query<{ isDemo: boolean }>(
      `SELECT is_demo AS "isDemo" FROM users WHERE id = :userId`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
    return row?.isDemo ?? false;
  }

  /** The classroom of a registration code (compared upper-cased), or null. */
  async byCode(code: string): Promise<ClassroomByCode | null> {
    const [row] = await this.sequelize.query<ClassroomByCode>(
      `SELECT id, name, institution_id AS "institutionId" FROM classrooms WHERE upper(code) = :code`,
      { replacements: { code }, type: QueryTypes.SELECT },
    );
    return row ?? null;
  }

  /**
   * Puts the student in the classroom, inside the plan of its school at `now`
   * ({@link withinSchoolPlan}: throws `SchoolPlanRefusal`, writing nothing, when the student would be
   * one too many for the school). Answers false when the student was in the classroom already.
   */
  async join(classroom: ClassroomByCode, userId: number, now: Date): Promise<boolean> {
    return this.sequelize.transaction((transaction) =>
      withinSchoolPlan(this.sequelize, transaction, classroom.institutionId, now, async () => {
        const inserted = await this.sequelize.query(
          `INSERT INTO classroom_students (classroom_id, user_id) VALUES (:classroomId, :userId)
           ON CONFLICT DO NOTHING RETURNING classroom_id`,
          { replacements: { classroomId: classroom.id, userId }, type: QueryTypes.SELECT, transaction },
        );
        return inserted.length > 0;
      }),
    );
  }
}
