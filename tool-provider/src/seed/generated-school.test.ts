import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { DEV_CONTENT } from './dev-content';
import { GENERATED_SCHOOL, seedGeneratedSchool, type SchoolScale } from './generated-school';

/** A school small enough for a test, with the proportions of the real one. */
const TINY: SchoolScale = {
  students: 60,
  classrooms: 8,
  busyTeacherClassrooms: 3,
  classroomsPerTeacher: 2,
  modules: 20,
  problemsPerModule: 3,
  assignmentsPerClassroom: 4,
  problemCopies: 30,
  stats: 500,
  weeks: 10,
};
const now = new Date('2026-03-04T12:00:00Z');
const WEEK = 7 * 24 * 60 * 60 * 1000;

let db: TestDatabase;
let result: Awaited<ReturnType<typeof seedGeneratedSchool>>;
let catalogBefore: unknown[];

const query = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
  db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

/** The constraints and indexes of the two bulk-loaded tables. */
const catalog = () =>
  query(
    `SELECT conrelid::regclass::text AS t, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid IN ('stats'::regclass, 'attempts'::regclass)
     UNION ALL
     SELECT indrelid::regclass::text, indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index
      WHERE indrelid IN ('stats'::regclass, 'attempts'::regclass)
     ORDER BY 1, 2, 3`,
  );

/** The generated school's rows: its classrooms' ids and its students' ids. */
const SCHOOL_CLASSROOMS = `SELECT c.id FROM classrooms c JOIN institution_teachers it ON it.user_id = c.author_id
  JOIN institutions i ON i.id = it.institution_id WHERE i.name = :school`;
const SCHOOL_STUDENTS = `SELECT user_id FROM classroom_students WHERE classroom_id IN (${SCHOOL_CLASSROOMS})`;

beforeAll(async () => {
  db = await createTestDatabase();
  catalogBefore = await catalog();
  result = await seedGeneratedSchool(db.sequelize, { scale: TINY, now });
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

describe('seedGeneratedSchool', () => {
  it('writes the school of the scale: teachers, students, classrooms, problems, modules, assignments, stats and their attempts', async () => {
    expect(result.applied).toBe(true);
    expect(result.counts).toEqual({
      teachers: 1 + Math.ceil((TINY.classrooms - TINY.busyTeacherClassrooms) / TINY.classroomsPerTeacher),
      students: TINY.students,
      classrooms: TINY.classrooms,
      memberships: TINY.students + TINY.students / 5,
      problems: DEV_CONTENT.problems.filter((p) => p.publishProblem).length + TINY.problemCopies,
      modules: TINY.modules,
      assignments: expect.any(Number) as number,
      stats: TINY.stats,
      attempts: expect.any(Number) as number,
    });
    const [sums] = await query<{ attempts: number; logged: number }>(
      `SELECT (SELECT sum(attempts)::int FROM stats WHERE user_id IN (${SCHOOL_STUDENTS})) AS attempts,
              (SELECT count(*)::int FROM attempts WHERE user_id IN (${SCHOOL_STUDENTS})) AS logged`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    expect(sums!.logged).toBe(sums!.attempts);
    expect(result.counts!.attempts).toBe(sums!.attempts);
  });

  it('gives the first teacher the busy share of classrooms and every classroom its assignments from its own teacher’s modules', async () => {
    const perTeacher = await query<{ email: string; classrooms: number }>(
      `SELECT u.email, count(c.id)::int AS classrooms FROM users u JOIN classrooms c ON c.author_id = u.id
        WHERE u.email LIKE '%@' || :domain GROUP BY u.email ORDER BY u.email`,
      { domain: GENERATED_SCHOOL.emailDomain },
    );
    expect(perTeacher.find((t) => t.email === GENERATED_SCHOOL.teacherEmail(1))?.classrooms).toBe(
      TINY.busyTeacherClassrooms,
    );
    expect(
      perTeacher.filter((t) => t.email !== GENERATED_SCHOOL.teacherEmail(1)).map((t) => t.classrooms),
    ).toEqual([2, 2, 1]);
    const strays = await query(
      `SELECT 1 FROM module_classrooms mc JOIN classrooms c ON c.id = mc.classroom_id
         JOIN modules m ON m.id = mc.module_id
        WHERE c.id IN (${SCHOOL_CLASSROOMS}) AND m.author_id <> c.author_id`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    expect(strays).toEqual([]);
    const perClassroom = await query<{ n: number; own: number }>(
      `SELECT (SELECT count(*)::int FROM module_classrooms mc WHERE mc.classroom_id = c.id) AS n,
              (SELECT count(*)::int FROM modules m WHERE m.author_id = c.author_id) AS own
         FROM classrooms c WHERE c.id IN (${SCHOOL_CLASSROOMS})`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    for (const { n, own } of perClassroom) expect(n).toBe(Math.min(TINY.assignmentsPerClassroom, own));
    expect(perClassroom.reduce((sum, c) => sum + c.n, 0)).toBe(result.counts!.assignments);
    const [problems] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM module_problems WHERE module_id IN
         (SELECT id FROM modules WHERE author_id IN (SELECT user_id FROM institution_teachers it
            JOIN institutions i ON i.id = it.institution_id WHERE i.name = :school))`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    expect(problems!.n).toBe(TINY.modules * TINY.problemsPerModule);
  });

  it("puts stats only on the numerals of a student's published assignments, and the log within the weeks", async () => {
    const outside = await query(
      `SELECT s.id FROM stats s WHERE s.user_id IN (${SCHOOL_STUDENTS}) AND NOT EXISTS (
         SELECT 1 FROM classroom_students cs
           JOIN module_classrooms mc ON mc.classroom_id = cs.classroom_id AND mc.publish_date <= :now
           JOIN module_problems mp ON mp.module_id = mc.module_id
           JOIN numerals n ON n.problem_id = mp.problem_id
          WHERE cs.user_id = s.user_id AND n.id = s.numeral_id
            AND (NOT mc.individual_students OR EXISTS (SELECT 1 FROM module_students ms
                  WHERE ms.module_id = mc.module_id AND ms.classroom_id = mc.classroom_id AND ms.student_id = s.user_id)))`,
      { school: GENERATED_SCHOOL.institutionName, now },
    );
    expect(outside).toEqual([]);
    const [span] = await query<{ first: Date; last: Date }>(
      `SELECT min(created_at) AS first, max(created_at) AS last FROM attempts WHERE user_id IN (${SCHOOL_STUDENTS})`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    expect(new Date(span!.first).getTime()).toBeGreaterThanOrEqual(now.getTime() - TINY.weeks * WEEK);
    expect(new Date(span!.last).getTime()).toBeLessThanOrEqual(now.getTime());
    const ownDeadlines = await query<{ own: Date; classroom: Date }>(
      `SELECT sm.deadline AS own, mc.deadline AS classroom FROM student_modules sm
         JOIN module_classrooms mc ON mc.module_id = sm.module_id AND mc.classroom_id = sm.classroom_id
        WHERE sm.classroom_id IN (${SCHOOL_CLASSROOMS})`,
      { school: GENERATED_SCHOOL.institutionName },
    );
    for (const { own, classroom } of ownDeadlines)
      expect(new Date(own).getTime() - new Date(classroom).getTime()).toBe(WEEK);
  });

  it('copies problems with their numerals, steps and choices, and leaves the loaded tables indexed as before', async () => {
    const copies = await query<{ source: number; copy: number; what: string }>(
      `SELECT 'numerals' AS what,
              (SELECT count(*)::int FROM numerals n JOIN problems p ON p.id = n.problem_id WHERE p.title = src.title) AS source,
              (SELECT count(*)::int FROM numerals n JOIN problems p ON p.id = n.problem_id WHERE p.title = src.title || ' (2)') AS copy
         FROM (SELECT title FROM problems WHERE publish_problem ORDER BY id LIMIT 1) src
       UNION ALL
       SELECT 'steps',
              (SELECT count(*)::int FROM steps s JOIN numerals n ON n.id = s.numeral_id JOIN problems p ON p.id = n.problem_id
                WHERE p.title = src.title),
              (SELECT count(*)::int FROM steps s JOIN numerals n ON n.id = s.numeral_id JOIN problems p ON p.id = n.problem_id
                WHERE p.title = src.title || ' (2)')
         FROM (SELECT title FROM problems WHERE publish_problem ORDER BY id LIMIT 1) src`,
    );
    for (const { what, source, copy } of copies) expect({ what, copy }).toEqual({ what, copy: source });
    const [choices] = await query<{ total: number }>(
      `SELECT count(*)::int AS total FROM multiple_choice_entries`,
    );
    expect(choices!.total).toBeGreaterThan(0);
    expect(await catalog()).toEqual(catalogBefore);
  });

  it('signs teachers in with the seed password, and applies once', async () => {
    const [teacher] = await query<{ hash: string }>(
      `SELECT password_hash AS hash FROM users WHERE email = :email`,
      {
        email: GENERATED_SCHOOL.teacherEmail(1),
      },
    );
    expect(await verifyPassword(teacher!.hash, GENERATED_SCHOOL.password)).toBe(true);
    const [plan] = await query<{ valid: boolean }>(
      `SELECT max(s.plan_valid_until) > :now AS valid FROM subscriptions s JOIN institutions i ON i.id = s.institution_id
        WHERE i.name = :school`,
      { now, school: GENERATED_SCHOOL.institutionName },
    );
    expect(plan!.valid).toBe(true);
    expect(await seedGeneratedSchool(db.sequelize, { scale: TINY, now })).toEqual({
      applied: false,
      counts: null,
    });
  });

  it('gives the school an administrator, also to a school generated before it had one', async () => {
    const admin = () =>
      query<{ hash: string; groups: string[] }>(
        `SELECT u.password_hash AS hash,
                ARRAY(SELECT g.name FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id) AS groups
         FROM users u
         JOIN institution_admins a ON a.user_id = u.id
         JOIN institutions i ON i.id = a.institution_id AND i.name = :school
         WHERE u.email = :email`,
        { school: GENERATED_SCHOOL.institutionName, email: GENERATED_SCHOOL.adminEmail },
      );
    const [first] = await admin();
    expect(first!.groups).toEqual(['School Admin']);
    expect(await verifyPassword(first!.hash, GENERATED_SCHOOL.password)).toBe(true);

    const users = `SELECT count(*)::int AS n FROM users`;
    const [before] = await query<{ n: number }>(users);
    await db.sequelize.query(`DELETE FROM users WHERE email = :email`, {
      replacements: { email: GENERATED_SCHOOL.adminEmail },
    });
    expect(await admin()).toEqual([]);
    expect((await seedGeneratedSchool(db.sequelize, { scale: TINY, now })).applied).toBe(false);
    expect(await admin()).toHaveLength(1);
    await seedGeneratedSchool(db.sequelize, { scale: TINY, now });
    expect(await query(users)).toEqual([before]);
  });
});
