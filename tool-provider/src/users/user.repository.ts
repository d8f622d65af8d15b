import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';

/** A user as the auth use cases need it: a plain record, groups in order (the first decides the role). */
export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isDemo: boolean;
  language: 'es' | 'en';
  groups: string[];
}

const SELECT_USER = `
  SELECT u.id, u.email, u.password_hash AS "passwordHash", u.first_name AS "firstName",
         u.last_name AS "lastName", u.is_active AS "isActive", u.is_demo AS "isDemo", u.language,
         COALESCE(ARRAY(SELECT g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id
                        WHERE ug.user_id = u.id ORDER BY ug.position), '{}') AS groups
  FROM users u`;

/** Data access for users and their groups (SQL; returns plain records). */
export class UserRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /** The user with this e-mail, compared case-insensitively, or null. */
  async findByEmail(email: string): Promise<UserRecord | null> {
    const rows = await this.sequelize.query<UserRecord>(
      `${SELECT_USER} WHERE lower(u.email) = lower(:email)`,
      {
        replacements: { email },
        type: QueryTypes.SELECT,
      },
    );
    return rows[0] ?? null;
  }

  /** The user with this id, or null. */
  async findById(id: number, transaction?: Transaction): Promise<UserRecord | null> {
    const rows = await this.sequelize.query<UserRecord>(`${SELECT_USER} WHERE u.id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction,
    });
    return rows[0] ?? null;
  }

  /**
   * Creates an inactive user in the given groups (in order). Returns null when the e-mail is taken,
   * whatever its case.
   */
  async create(
    input: {
      email: string;
      firstName: string;
      lastName: string;
      passwordHash: string;
      language: 'es' | 'en';
      groups: string[];
    },
    transaction: Transaction,
  ): Promise<UserRecord | null> {
    try {
      const rows = await this.sequelize.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, language, is_active)
         VALUES (:email, :passwordHash, :firstName, :lastName, :language, false) RETURNING id`,
        { replacements: input, type: QueryTypes.SELECT, transaction },
      );
      const id = rows[0]!.id;
      for (const [position, name] of input.groups.entries()) {
        await this.sequelize.query(
          `INSERT INTO user_groups (user_id, group_id, position) SELECT :id, id, :position FROM groups WHERE name = :name`,
          { replacements: { id, position, name }, transaction },
        );
      }
      return this.findById(id, transaction);
    } catch (err) {
      if (err instanceof UniqueConstraintError) return null;
      throw err;
    }
  }

  /** Marks the account active. */
  async activate(id: number, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(`UPDATE users SET is_active = true, updated_at = now() WHERE id = :id`, {
      replacements: { id },
      transaction,
    });
  }

  /** Replaces the password hash. */
  async setPasswordHash(id: number, passwordHash: string, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE users SET password_hash = :passwordHash, updated_at = now() WHERE id = :id`,
      {
        replacements: { id, passwordHash },
        transaction,
      },
    );
  }

  /** Records a successful login. */
  async touchLastLogin(id: number): Promise<void> {
    await this.sequelize.query(`UPDATE users SET last_login = now() WHERE id = :id`, {
      replacements: { id },
    });
  }
}
