import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SchoolPlanStatus } from '@kib/core';

/**
 * Where a school's plan stands at a moment: until when its latest unrevoked plan runs (null when it
 * never redeemed a code, or all its codes were revoked), how many students its plans running at that
 * moment allow (their sum: a school may buy more), and how many students it has (the distinct
 * students of its classrooms, whoever teaches them now).
 */
export interface SchoolPlan {
  planValidUntil: Date | null;
  studentLimit: number;
  students: number;
}

const PLAN_SQL = `
  SELECT (SELECT max(plan_valid_until) FROM subscriptions
          WHERE institution_id = :institutionId AND revoked_at IS NULL) AS "planValidUntil",
         (SELECT coalesce(sum(number_of_students), 0)::int FROM subscriptions
          WHERE institution_id = :institutionId AND revoked_at IS NULL AND plan_valid_until > :now) AS "studentLimit",
         (SELECT count(DISTINCT cs.user_id)::int FROM classroom_students cs
          JOIN classrooms c ON c.id = cs.classroom_id
          WHERE c.institution_id = :institutionId) AS students`;

/** The plan of school `institutionId` at `now` ({@link SchoolPlan}). */
export async function readSchoolPlan(
  sequelize: Sequelize,
  institutionId: number,
  now: Date,
  transaction?: Transaction,
): Promise<SchoolPlan> {
  const [row] = await sequelize.query<{
    planValidUntil: Date | string | null;
    studentLimit: number;
    students: number;
  }>(PLAN_SQL, { replacements: { institutionId, now }, type: QueryTypes.SELECT, transaction });
  return {
    planValidUntil: row!.planValidUntil === null ? null : new Date(row!.planValidUntil),
    studentLimit: row!.studentLimit,
    students: row!.students,
  };
}

/**
 * The state of a plan at `now` (`SchoolPlanStatusSchema`): `ended` when no plan runs, `full` when the
 * school has as many students as its running plans allow, else `active`.
 */
export function schoolPlanStatus(plan: SchoolPlan, now: Date): SchoolPlanStatus {
  if (plan.planValidUntil === null || plan.planValidUntil <= now || plan.studentLimit === 0) return 'ended';
  return plan.students >= plan.studentLimit ? 'full' : 'active';
}

/** Why students could not be added to a school's classroom: no plan runs, or too many for it. */
export class SchoolPlanRefusal extends Error {
  constructor(
    readonly reason: 'ended' | 'full',
    readonly plan: SchoolPlan,
    /** The students the refused change would have added to the school. */
    readonly adding: number,
  ) {
    super(`school plan ${reason}: ${plan.students} + ${adding} students, ${plan.studentLimit} allowed`);
    this.name = 'SchoolPlanRefusal';
  }
}

/**
 * Runs `change` (which adds students to classrooms of school `institutionId`) inside `transaction`,
 * with the school's row locked so that two additions at once are counted one after the other; then
 * counts the school's students again and throws {@link SchoolPlanRefusal} (rolling the change back
 * with the transaction) when the change added students beyond what the plans running at `now`
 * allow. A change that adds no new student to the school is never refused, even over the limit (a
 * student already counted joining another of its classrooms). A classroom without a school
 * (`institutionId` null) has no limit.
 */
export async function withinSchoolPlan<T>(
  sequelize: Sequelize,
  transaction: Transaction,
  institutionId: number | null,
  now: Date,
  change: () => Promise<T>,
): Promise<T> {
  if (institutionId === null) return change();
  await sequelize.query(`SELECT id FROM institutions WHERE id = :institutionId FOR UPDATE`, {
    replacements: { institutionId },
    type: QueryTypes.SELECT,
    transaction,
  });
  const before = await readSchoolPlan(sequelize, institutionId, now, transaction);
  const result = await change();
  const after = await readSchoolPlan(sequelize, institutionId, now, transaction);
  const adding = after.students - before.students;
  if (adding > 0 && after.students > after.studentLimit)
    throw new SchoolPlanRefusal(schoolPlanStatus(before, now) === 'ended' ? 'ended' : 'full', before, adding);
  return result;
}
