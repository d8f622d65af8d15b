import { QueryTypes, type Sequelize } from 'sequelize';
import { hashPassword } from '../auth/passwords';

let cachedHash: Promise<string> | undefined;

/** Inserts a user directly (active unless told otherwise) in the given groups; password `demo1234`. */
export async function insertUser(
  sequelize: Sequelize,
  opts: { email: string; groups?: string[]; active?: boolean; firstName?: string; language?: 'es' | 'en' },
): Promise<number> {
  cachedHash ??= hashPassword('demo1234');
  const rows = await sequelize.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, is_active, language)
     VALUES (:email, :hash, :firstName, 'Test', :active, :language) RETURNING id`,
    {
      replacements: {
        email: opts.email,
        hash: await cachedHash,
        firstName: opts.firstName ?? 'Test',
        active: opts.active ?? true,
        language: opts.language ?? 'es',
      },
      type: QueryTypes.SELECT,
    },
  );
  const id = rows[0]!.id;
  for (const [position, name] of (opts.groups ?? ['Students']).entries()) {
    await sequelize.query(
      `INSERT INTO user_groups (user_id, group_id, position) SELECT :id, id, :position FROM groups WHERE name = :name`,
      { replacements: { id, position, name } },
    );
  }
  return id;
}
