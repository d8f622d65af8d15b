import {
  EmailSchema,
  NewStudentRowSchema,
  studentPassword,
  type NewStudentRow,
  type RegisteredStudent,
  type RegisterStudentsAnswer,
} from '@kib/core';
import pLimit from 'p-limit';
import { hashPassword } from '../auth/passwords';
import type { NewStudentAccount, StudentRegistrationRepository } from './student-registration.repository';

/** A row checked before anything is written: what it asks for, or its first problem. */
type CheckedRow =
  | { row: number; firstName: string; lastName: string; email: string; password: string; key: string }
  | { row: number; firstName: string; lastName: string; email: string; error: string };

/**
 * Registers a classroom's students in bulk (spec 03 "Bulk registration"): each row is checked on its
 * own (an e-mail, a name, no e-mail twice in the list), then all accounts are written together in one
 * transaction, so thousands of rows take a few statements and a failure leaves nothing half-done.
 * A new account is active at once with the teacher's password or the spec's rule; an account that
 * exists joins the classroom as it is (activated if it was not). Passwords alike are hashed once.
 * The students the registration adds to the classroom's school must fit in its plan at `now`, or the
 * whole registration is refused (`SchoolPlanRefusal`) and nothing is written.
 */
export async function registerStudents(
  repo: StudentRegistrationRepository,
  classroomId: number,
  rows: NewStudentRow[],
  language: 'es' | 'en',
  now: Date,
  options: { hashConcurrency?: number } = {},
): Promise<RegisterStudentsAnswer> {
  const seen = new Set<string>();
  const checked = rows.map((input, index): CheckedRow => {
    const firstName = (input.firstName ?? '').trim();
    const lastName = (input.lastName ?? '').trim();
    const email = (input.email ?? '').trim();
    const base = { row: index + 1, firstName, lastName, email };
    // Rows read from a spreadsheet meet the same schema as typed ones, each refused on its own line.
    const parsed = NewStudentRowSchema.safeParse(input);
    if (!parsed.success) return { ...base, error: rowError(parsed.error.issues[0]!) };
    const parsedEmail = EmailSchema.safeParse(email);
    if (!parsedEmail.success) return { ...base, error: parsedEmail.error.issues[0]!.message };
    if (!firstName && !lastName) return { ...base, error: 'validation.student-name-required' };
    const key = email.toLowerCase();
    if (seen.has(key)) return { ...base, error: 'validation.email-repeated' };
    seen.add(key);
    return { ...base, key, password: input.password ?? studentPassword(firstName) };
  });

  const valid = checked.filter((row): row is Extract<CheckedRow, { key: string }> => 'key' in row);
  const existing = await repo.existing(valid.map((row) => row.key));
  const fresh = valid.filter((row) => !existing.has(row.key));
  const hashes = await hashAll(
    fresh.map((row) => row.password),
    options.hashConcurrency ?? Number.POSITIVE_INFINITY,
  );
  const create: NewStudentAccount[] = fresh.map((row) => ({
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    passwordHash: hashes.get(row.password)!,
    language,
  }));
  const students = [...existing.values()].filter((account) => account.isStudent);
  const created = await repo.register(
    classroomId,
    create,
    students.filter((account) => !account.isActive).map((account) => account.id),
    students.map((account) => account.id),
    now,
  );

  const results = checked.map((row): RegisteredStudent => {
    const base = { row: row.row, firstName: row.firstName, lastName: row.lastName, email: row.email };
    if ('error' in row) return { ...base, action: 'Error', password: null, error: row.error };
    const account = existing.get(row.key);
    if (account && !account.isStudent)
      return { ...base, action: 'Error', password: null, error: 'errors.bulk-not-a-student' };
    if (account)
      return {
        ...base,
        action: account.isActive ? 'AlreadyExisted' : 'WasNotActive',
        password: null,
        error: null,
      };
    if (created.has(row.key)) return { ...base, action: 'Created', password: row.password, error: null };
    return { ...base, action: 'Error', password: null, error: 'auth.email-taken' };
  });
  return { results };
}

/** The fields of a row whose refusal names them, by their key in the row. */
const ROW_FIELDS: Record<string, string> = {
  firstName: 'first-name',
  lastName: 'last-name',
  email: 'email',
  password: 'password',
};

/**
 * A row's first problem as the key its line shows: a field too long is named
 * (`validation.student-first-name-too-long`), anything else keeps the schema's own key.
 */
function rowError(issue: { code: string; path: PropertyKey[]; message: string }): string {
  const field = ROW_FIELDS[String(issue.path[0])];
  if (issue.code === 'too_big' && field) return `validation.student-${field}-too-long`;
  return issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
}

/** Each distinct password's hash, `concurrency` hashed at a time at the most. */
async function hashAll(passwords: string[], concurrency: number): Promise<Map<string, string>> {
  const limit = pLimit(concurrency);
  const distinct = [...new Set(passwords)];
  const hashes = await Promise.all(distinct.map((password) => limit(() => hashPassword(password))));
  return new Map(distinct.map((password, i) => [password, hashes[i]!]));
}
