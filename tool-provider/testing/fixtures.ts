import type { Sequelize } from 'sequelize';
import { hashPassword } from '../src/auth/passwords';
import { UserRepository } from '../src/users/user.repository';

let cachedHash: Promise<string> | undefined;

/** Inserts a user through the repository (active unless told otherwise) in the given groups; password `demo1234`. */
export async function insertUser(
  sequelize: Sequelize,
  opts: { email: string; groups?: string[]; active?: boolean; firstName?: string; language?: 'es' | 'en' },
): Promise<number> {
  cachedHash ??= hashPassword('demo1234');
  const users = new UserRepository(sequelize);
  const passwordHash = await cachedHash;
  return sequelize.transaction(async (transaction) => {
    const user = await users.create(
      {
        email: opts.email,
        firstName: opts.firstName ?? 'Test',
        lastName: 'Test',
        passwordHash,
        language: opts.language ?? 'es',
        groups: opts.groups ?? ['Students'],
      },
      transaction,
    );
    if (!user) throw new Error(`${opts.email} exists already`);
    if (opts.active ?? true) await users.activate(user.id, transaction);
    return user.id;
  });
}

/** A student's sign-up form (`auth/users/`) for `email`, as the site sends it. */
export function signupBody(email: string) {
  return {
    email,
    first_name: 'Nueva',
    last_name: 'Estudiante',
    password: 'clave123',
    re_password: 'clave123',
    is_student: true,
    is_teacher: false,
    user_type: 'student',
  };
}
