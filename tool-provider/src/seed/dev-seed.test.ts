// @module-tag embedded: the seed's ledger lock
import { MATH_TYPES, MathTypeDataSchema } from '@kib/core';
import { Op, QueryTypes } from 'sequelize';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffFile } from '../media/file-content';
import { LocalStorage } from '../media/local-storage';
import { verifyPassword } from '../auth/passwords';
import { DOMAIN_TABLES } from '../db/migrations/0001-domain-model';
import { REPLACED_RECORD_TABLES } from '../db/migrations/0013-math-type-data-jsonb';
import { initModels, type Models } from '../db/models';
import { ProblemRepository } from '../problems/problem.repository';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { DEV_CONTENT, SEED_MEDIA, toMathTypeData } from './dev-content';
import { DEV_SEED, seedDevelopment } from './dev-seed';

let db: TestDatabase;
let models: Models;
const now = new Date('2026-03-02T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let first: { applied: boolean };
let mediaDir: string;

/** The row count of every domain table. */
async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of DOMAIN_TABLES.filter((t) => !REPLACED_RECORD_TABLES.includes(t))) {
    const [row] = await db.sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`, {
      type: QueryTypes.SELECT,
    });
    result[table] = Number(row?.n);
  }
  return result;
}

beforeAll(async () => {
  db = await createTestDatabase();
  models = initModels(db.sequelize);
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-seed-media-'));
  first = await seedDevelopment(db.sequelize, models, { now, media: new LocalStorage(mediaDir) });
});

afterAll(async () => {
  await db?.drop();
  if (mediaDir) await fs.rm(mediaDir, { recursive: true, force: true });
});

describe('the development content’s pictures and videos', () => {
  it('are put into the storage, checked files of their kind, and shown by published problems', async () => {
    for (const [key, media] of Object.entries(SEED_MEDIA)) {
      const stored = path.join(mediaDir, key);
      expect((await sniffFile(stored)).ext).toBe(key.split('.').pop());
      expect((await fs.stat(stored)).size).toBeLessThan(200 * 1024);
      const [row] = await db.sequelize.query<{ kind: string; checked: boolean }>(
        `SELECT kind, checked FROM media_files WHERE key = :key`,
        { replacements: { key }, type: QueryTypes.SELECT },
      );
      expect(row).toEqual({ kind: media.kind, checked: true });
    }
    const picture = await models.Problem.findOne({ where: { picture: 'kibSeedParabolaX2m4.png' } });
    expect(picture?.publishProblem).toBe(true);
    const video = await models.Numeral.findOne({ where: { videoS3: 'kibSeedEvaluateVideo.mp4' } });
    const owner = await models.Problem.findByPk(video!.problemId);
    expect(owner?.publishProblem).toBe(true);
  });
});

describe('seedDevelopment', () => {
  it('applies once; a second call changes nothing', async () => {
    expect(first).toEqual({ applied: true });
    const before = await counts();
    expect(await seedDevelopment(db.sequelize, models, { now })).toEqual({ applied: false });
    expect(await counts()).toEqual(before);
    expect(before.kib_seeds).toBe(1);
  });

  it('inserts the promised content', async () => {
    expect(await models.Course.count()).toBeGreaterThanOrEqual(3);
    expect(await models.Topic.count()).toBeGreaterThanOrEqual(8);
    expect(await models.Subtopic.count()).toBeGreaterThanOrEqual(20);
    expect(await models.Problem.count()).toBeGreaterThanOrEqual(12);
    expect(await models.CourseTopic.count()).toBeGreaterThan(0);
    const creator = await models.User.findOne({ where: { email: DEV_SEED.users.creator.email } });
    expect(await models.Problem.count({ where: { authorId: creator!.id } })).toBe(
      await models.Problem.count(),
    );
  });

  it('uses every math type in a numeral or a step, each read back with the data of the content', async () => {
    const repository = new ProblemRepository(models);
    const stored = await models.Problem.findAll({ attributes: ['id'], order: [['id', 'ASC']] });
    expect(stored).toHaveLength(DEV_CONTENT.problems.length);
    const read = await Promise.all(stored.map((p) => repository.findById(p.id)));
    const pairs = DEV_CONTENT.problems.flatMap((problem, i) =>
      problem.numerals.flatMap((numeral, j) => {
        const numeralRead = read[i]!.numerals[j]!;
        return [
          { content: numeral, read: numeralRead },
          ...(numeral.steps ?? []).map((step, k) => ({ content: step, read: numeralRead.steps[k]! })),
        ];
      }),
    );
    const used = new Set(pairs.map((pair) => pair.read.mathType));
    expect(MATH_TYPES.filter((t) => !used.has(t))).toEqual([]);
    for (const { content, read: item } of pairs) {
      const expected = MathTypeDataSchema.parse(toMathTypeData(content));
      if (item.mathType === 'multipleChoice') {
        expect(item.choices.length).toBeGreaterThanOrEqual(2);
        expect({
          mathType: item.mathType,
          data: { choices: item.choices.map(({ text, picture, correct }) => ({ text, picture, correct })) },
        }).toEqual(expected);
      } else {
        expect({ mathType: item.mathType, data: item.data }).toEqual(expected);
      }
    }
  });

  it('creates the named accounts, active, in their groups, with the demo password', async () => {
    for (const u of Object.values(DEV_SEED.users)) {
      const user = await models.User.findOne({
        where: { email: u.email },
        include: [{ model: models.Group, as: 'groups' }],
      });
      expect(user, u.email).not.toBeNull();
      expect(user!.isActive).toBe(true);
      expect(user!.language).toBe('es');
      expect(user!.groups?.map((g) => g.name)).toEqual([u.group]);
    }
    const student = await models.User.findOne({ where: { email: DEV_SEED.users.student.email } });
    expect(student!.firstName).toBe('Ana');
    expect(await verifyPassword(student!.passwordHash!, DEV_SEED.password)).toBe(true);
    expect(await models.User.count()).toBe(Object.keys(DEV_SEED.users).length);
  });

  it('flags the demo account and the account that may edit any problem', async () => {
    const demo = await models.User.findAll({ where: { isDemo: true } });
    expect(demo.map((u) => u.email)).toEqual([DEV_SEED.users.demo.email]);
    const editors = await models.User.findAll({ where: { canEditAnyProblem: true } });
    expect(editors.map((u) => u.email)).toEqual([DEV_SEED.users.creator.email]);
  });

  it("sets the demo account's preset: Colombia's standards, grade ten, trigonometry, periodic function graphs", async () => {
    const preset = async () =>
      db.sequelize.query(
        `SELECT e.name AS system, g.name AS grade, c.name AS course, t.name AS topic, s.name AS subtopic
           FROM demo_presets d JOIN grades g ON g.id = d.grade_id
           JOIN education_systems e ON e.id = g.education_system_id
           JOIN courses c ON c.id = d.course_id JOIN topics t ON t.id = d.topic_id
           JOIN subtopics s ON s.id = d.subtopic_id`,
        { type: QueryTypes.SELECT },
      );
    const expected = [
      {
        system: 'Estándares Básicos de Competencias (Colombia)',
        grade: 'Décimo a undécimo',
        course: 'Trigonometry',
        topic: 'Trigonometric functions',
        subtopic: 'Graphs of periodic functions',
      },
    ];
    expect(await preset()).toEqual(expected);
    // A database seeded before the preset existed gets it on the next call, once.
    await db.sequelize.query(`DELETE FROM demo_presets`);
    expect(await seedDevelopment(db.sequelize, models, { now })).toEqual({ applied: false });
    expect(await seedDevelopment(db.sequelize, models, { now })).toEqual({ applied: false });
    expect(await preset()).toEqual(expected);
    const sine = await models.Problem.findOne({ where: { title: 'Gráfica de la función seno' } });
    const [row] = await db.sequelize.query<{ topicId: number; subtopicId: number }>(
      `SELECT topic_id AS "topicId", subtopic_id AS "subtopicId" FROM demo_presets`,
      { type: QueryTypes.SELECT },
    );
    expect({ topicId: sine!.topicId, subtopicId: sine!.subtopicId }).toEqual(row);
  });

  it('has a school with a valid subscription, its admin, the teacher and a teacher code', async () => {
    const school = await models.Institution.findOne({ include: [{ model: models.City, as: 'city' }] });
    expect(school).not.toBeNull();
    const subscriptions = await models.Subscription.findAll({ where: { institutionId: school!.id } });
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]!.planValidUntil.getTime()).toBe(now.getTime() + 365 * DAY);
    const teacher = await models.User.findOne({ where: { email: DEV_SEED.users.teacher.email } });
    const admin = await models.User.findOne({ where: { email: DEV_SEED.users.schoolAdmin.email } });
    expect(
      await models.InstitutionTeacher.count({ where: { institutionId: school!.id, userId: teacher!.id } }),
    ).toBe(1);
    expect(
      await models.InstitutionAdmin.count({ where: { institutionId: school!.id, userId: admin!.id } }),
    ).toBe(1);
    expect(
      await models.TeacherCode.count({ where: { institutionId: school!.id, code: DEV_SEED.teacherCode } }),
    ).toBe(1);
    expect(await models.Country.count({ where: { name: 'Colombia' } })).toBe(1);
  });

  it(`keeps the school code ${DEV_SEED.spareSchoolCode} unused for a new school, and the classroom in the school`, async () => {
    const spare = await models.Subscription.findOne({ where: { code: DEV_SEED.spareSchoolCode } });
    expect(spare).toMatchObject({ institutionId: null, revokedAt: null, numberOfStudents: 100 });
    expect(spare!.codeValidUntil.getTime()).toBeGreaterThan(now.getTime());
    const school = await models.Institution.findOne({ where: { name: DEV_SEED.institutionName } });
    const classroom = await models.Classroom.findOne({ where: { code: DEV_SEED.classroomCode } });
    expect(classroom!.institutionId).toBe(school!.id);
  });

  it(`has the classroom ${DEV_SEED.classroomCode} with both students`, async () => {
    const classroom = await models.Classroom.findOne({
      where: { code: DEV_SEED.classroomCode },
      include: [{ model: models.User, as: 'students' }],
    });
    expect(classroom?.name).toBe(DEV_SEED.classroomName);
    expect(classroom!.students!.map((s) => s.email).sort()).toEqual(
      [DEV_SEED.users.student.email, DEV_SEED.users.student2.email].sort(),
    );
  });

  it('has the main module with 4 problems numbered 1 to 4, assigned with a future deadline', async () => {
    const main = await models.Module.findOne({ where: { name: DEV_SEED.modules.main.name } });
    const links = await models.ModuleProblem.findAll({
      where: { moduleId: main!.id },
      order: [['numeration', 'ASC']],
    });
    expect(links.map((l) => l.numeration)).toEqual(['1', '2', '3', '4']);
    const [assignment] = await models.ModuleClassroom.findAll({ where: { moduleId: main!.id } });
    expect(assignment!.publishDate!.getTime()).toBeLessThan(now.getTime());
    expect(assignment!.deadline!.getTime()).toBe(now.getTime() + 30 * DAY);
    expect(await models.ModuleSkill.count({ where: { moduleId: main!.id } })).toBe(1);
  });

  it('has one module whose deadline passed and one published in the future', async () => {
    const passed = await models.ModuleClassroom.findAll({ where: { deadline: { [Op.lt]: now } } });
    const upcoming = await models.ModuleClassroom.findAll({ where: { publishDate: { [Op.gt]: now } } });
    expect(passed).toHaveLength(1);
    expect(upcoming).toHaveLength(1);
    expect((await models.Module.findByPk(passed[0]!.moduleId))!.name).toBe(DEV_SEED.modules.passed.name);
    expect((await models.Module.findByPk(upcoming[0]!.moduleId))!.name).toBe(DEV_SEED.modules.upcoming.name);
  });

  it('has the activity codes of the main module', async () => {
    const main = await models.Module.findOne({ where: { name: DEV_SEED.modules.main.name } });
    const codes = await models.ModuleCode.findAll({
      where: { moduleId: main!.id },
      order: [['audience', 'ASC']],
    });
    expect(codes.map((c) => [c.audience, c.code])).toEqual([
      ['students', DEV_SEED.studentActivityCode],
      ['teachers', DEV_SEED.teacherActivityCode],
    ]);
    const activity = await models.TempModuleActivity.findOne({
      where: { studentAccessCode: DEV_SEED.studentActivityCode },
    });
    expect(activity?.teacherAccessCode).toBe(DEV_SEED.teacherActivityCode);
    expect(activity?.moduleId).toBe(main!.id);
  });

  it('has an open activity of the main module that has ended, once', async () => {
    const main = await models.Module.findOne({ where: { name: DEV_SEED.modules.main.name } });
    const ended = await models.TempModuleActivity.findAll({
      where: { studentAccessCode: DEV_SEED.endedStudentActivityCode },
    });
    expect(ended).toHaveLength(1);
    expect(ended[0]!.teacherAccessCode).toBe(DEV_SEED.endedTeacherActivityCode);
    expect(ended[0]!.moduleId).toBe(main!.id);
    expect(ended[0]!.validUntil!.getTime()).toBeLessThan(now.getTime());
  });

  it('gives the first student one solved and one attempted numeral', async () => {
    const student = await models.User.findOne({ where: { email: DEV_SEED.users.student.email } });
    const stats = await models.Stat.findAll({ where: { userId: student!.id }, order: [['id', 'ASC']] });
    expect(stats.map((s) => s.completed)).toEqual([true, false]);
    expect(stats.every((s) => s.attempts > 0)).toBe(true);
  });
});
