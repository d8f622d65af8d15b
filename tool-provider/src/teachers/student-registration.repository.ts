import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { withinSchoolPlan } from '../schools/school-plan';

/** An account that already holds an e-mail of a bulk registration. */
export interface ExistingAccount {
  id: number;
  email: string;
  isActive: boolean;
  isStudent: boolean;
}

/** A student account to create: an active account in the Students group. */
export interface NewStudentAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  language: 'es' | 'en';
}

/** Data access of a bulk registration: set-based SQL, so thousands of rows take a few statements. */
export class StudentRegistrationRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** The accounts that hold any of these e-mails (compared case-insensitively), by lower-cased e-mail. */
  async existing(emails: string[]): Promise<Map<string, ExistingAccount>> {
    if (emails.length === 0) return new Map();
    const rows = await this.sequelize.query<ExistingAccount>(
      `SELECT u.id, lower(u.email) AS email, u.is_active AS "isActive",
              EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
                      WHERE ug.user_id = u.id AND g.name = 'Students') AS "isStudent"
       FROM users u WHERE lower(u.email) IN (:emails)`,
      { replacements: { emails }, type: QueryTypes.SELECT },
    );
    return new Map(rows.map((row) => [row.email, row]));
  }

  /**
   * In one transaction: creates the new student accounts (active, in the Students group), activates
   * the inactive existing students, and puts all of them in the classroom. An e-mail taken since
   * {@link existing} was read is skipped, not half-created. The whole of it runs inside the plan of
   * the classroom's school at `now` ({@link withinSchoolPlan}): when it would take the school past
   * its plan, `SchoolPlanRefusal` is thrown and nothing is written. Answers the created accounts'
   * ids by lower-cased e-mail.
   */
  async register(
    classroomId: number,
    create: NewStudentAccount[],
    activate: number[],
    join: number[],
    now: Date,
  ): Promise<Map<string, number>> {
    return this.sequelize.transaction(async (transaction) => {
      // A classroom's school never changes (it is the school of the teacher who made it).
      const [classroom] = await this.sequelize.query<{ institutionId: number | null }>(
        `SELECT institution_id AS "institutionId" FROM classrooms WHERE id = :classroomId`,
        { replacements: { classroomId }, type: QueryTypes.SELECT, transaction },
      );
      return withinSchoolPlan(this.sequelize, transaction, classroom?.institutionId ?? null, now, () =>
        this.write(transaction, classroomId, create, activate, join),
      );
    });
  }

  /** The writes of {@link register}, inside its transaction. */
  private async write(
    transaction: Transaction,
    classroomId: number,
    create: NewStudentAccount[],
    activate: number[],
    join: number[],
  ): Promise<Map<string, number>> {
    const created = new Map<string, number>();
    if (create.length > 0) {
      const column = <K extends keyof NewStudentAccount>(key: K) => create.map((account) => account[key]);
      const rows = await this.sequelize.query<{ id: number; email: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, language, is_active)
         SELECT e, h, f, l, g, true
         FROM unnest(ARRAY[:emails]::text[], ARRAY[:hashes]::text[], ARRAY[:firstNames]::text[],
                     ARRAY[:lastNames]::text[], ARRAY[:languages]::text[]) AS t(e, h, f, l, g)
         ON CONFLICT DO NOTHING
         RETURNING id, lower(email) AS email`,
        {
          replacements: {
            emails: column('email'),
            hashes: column('passwordHash'),
            firstNames: column('firstName'),
            lastNames: column('lastName'),
            languages: column('language'),
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      for (const row of rows) created.set(row.email, row.id);
      if (rows.length > 0)
        await this.sequelize.query(
          `INSERT INTO user_groups (user_id, group_id, position)
           SELECT u, (SELECT id FROM groups WHERE name = 'Students'), 0 FROM unnest(ARRAY[:ids]::int[]) AS t(u)`,
          { replacements: { ids: rows.map((row) => row.id) }, transaction },
        );
    }
    if (activate.length > 0)
      await this.sequelize.query(
        `UPDATE users SET is_active = true, updated_at = now() WHERE id IN (:ids) AND NOT is_active`,
        { replacements: { ids: activate }, transaction },
      );
    const members = [...join, ...created.values()];
    if (members.length > 0)
      await this.sequelize.query(
        `INSERT INTO classroom_students (classroom_id, user_id)
         SELECT :classroomId, u FROM unnest(ARRAY[:ids]::int[]) AS t(u) ON CONFLICT DO NOTHING`,
        { replacements: { classroomId, ids: members }, transaction },
      );
    return created;
  }
}
