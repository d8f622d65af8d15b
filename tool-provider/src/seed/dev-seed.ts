import type { GroupName, MultipleChoiceChoice } from '@kib/core';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { hashPassword } from '../auth/passwords';
import type { Models } from '../db/models';
import type { Logger } from '../logger';
import { toStoredContent } from '../problems/math-type-record';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { MediaStorage } from '../media/storage';
import { DEV_CONTENT, SEED_MEDIA, toMathTypeData, type SeedContent } from './dev-content';
import { registerDevConsumer } from '../lti/v11/dev-consumer';
import { refreshDevStandards, seedDevStandards } from './dev-learning-standards';
import { rebuildModelFromAttempts } from '../adaptive/replay';

/** A development account of the seed. */
export interface DevSeedUser {
  email: string;
  firstName: string;
  lastName: string;
  group: GroupName;
  isDemo?: boolean;
  canEditAnyProblem?: boolean;
}

/**
 * The fixed values of the development seed, for docs, tests and people trying the product: every
 * account's password is `password`; a student joins the classroom with `classroomCode`; anybody
 * opens the main module with `studentActivityCode` and sees its results with `teacherActivityCode`.
 */
export const DEV_SEED = {
  /** The `kib_seeds` row that records this seed; a changed seed gets a new name. */
  name: 'development-v1',
  password: 'demo1234',
  classroomName: 'Grado 10A',
  classroomCode: 'KIBCLS',
  studentActivityCode: 'DEMO42',
  teacherActivityCode: 'PROF42',
  /** The codes of an open activity of the main module that ended yesterday: /code/student refuses them. */
  endedStudentActivityCode: 'ACABADO7',
  endedTeacherActivityCode: 'ACABPROF',
  /** The school code (subscription) the demo school redeemed. */
  schoolCode: 'COLEGIO-KIB',
  /** An unused school code (a plan of 100 students for a year): a new school redeems it at /schooladmin. */
  spareSchoolCode: 'KIBPLAN2027',
  spareSchoolName: 'Colegio nuevo (demostración)',
  /** The school's own registration code. */
  schoolRegistrationCode: 'KIBSCH',
  /** An unused teacher code of the demo school. */
  teacherCode: 'KIBTEACH',
  institutionName: 'Colegio Kib de Medellín',
  users: {
    student: { email: 'student@demo.kib', firstName: 'Ana', lastName: 'Gómez', group: 'Students' },
    student2: { email: 'student2@demo.kib', firstName: 'Carlos', lastName: 'Pérez', group: 'Students' },
    teacher: { email: 'teacher@demo.kib', firstName: 'Laura', lastName: 'Martínez', group: 'Teachers' },
    creator: {
      email: 'creator@demo.kib',
      firstName: 'Diego',
      lastName: 'Rojas',
      group: 'Creators',
      canEditAnyProblem: true,
    },
    supervisor: {
      email: 'supervisor@demo.kib',
      firstName: 'Sofía',
      lastName: 'Castro',
      group: 'Supervisors',
    },
    schoolAdmin: {
      email: 'schooladmin@demo.kib',
      firstName: 'Andrés',
      lastName: 'López',
      group: 'School Admin',
    },
    platformAdmin: {
      email: 'platformadmin@demo.kib',
      firstName: 'Paula',
      lastName: 'Ramírez',
      group: 'Platform Admin',
    },
    demo: { email: 'demo@demo.kib', firstName: 'Demo', lastName: 'Kib', group: 'Students', isDemo: true },
  },
  /**
   * What the demo account sees (spec 02 §4): Colombia's standards, grade ten, the trigonometry course,
   * its trigonometric functions topic and the graphs of periodic functions (keys of DEV_CONTENT).
   */
  demoPreset: {
    educationSystem: 'Estándares Básicos de Competencias (Colombia)',
    grade: 'Décimo a undécimo',
    courseKey: 'trigonometry',
    topicKey: 'trigonometric-functions',
    subtopicKey: 'periodic-function-graphs',
  },
  /** The teacher's modules: open, deadline passed, not yet published; by the keys of DEV_CONTENT problems. */
  modules: {
    main: { name: 'Taller de álgebra', problemKeys: ['module-1', 'module-2', 'module-3', 'module-4'] },
    passed: { name: 'Repaso', problemKeys: ['prime-factorization', 'lcm-gcd'] },
    upcoming: { name: 'Próxima semana', problemKeys: ['sine-graph', 'trigonometric-identities'] },
  },
} as const satisfies {
  users: Record<string, DevSeedUser>;
  modules: Record<string, { name: string; problemKeys: readonly string[] }>;
  [key: string]: unknown;
};

const DAY = 24 * 60 * 60 * 1000;

/**
 * Fills a migrated database with the development data: the DEV_CONTENT courses, topics and
 * problems, one account per role (password {@link DEV_SEED}.password), a Colombian school with a
 * valid subscription, a classroom with two students, three modules (open, deadline passed,
 * publishing next week) with activity codes, an education system, and a few stats. Applied once
 * per database, in one transaction, recorded in `kib_seeds`; later calls return `applied: false`
 * and change nothing. Dates are relative to `now`.
 */
export async function seedDevelopment(
  sequelize: Sequelize,
  models: Models,
  opts: {
    logger?: Logger;
    now?: Date;
    /** Where the content's pictures and videos go ({@link SEED_MEDIA}); without it they are named only. */
    media?: MediaStorage;
  } = {},
): Promise<{ applied: boolean }> {
  const now = opts.now ?? new Date();
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  // Hashing is slow; do it once, before the transaction holds a connection.
  const passwordHash = await hashPassword(DEV_SEED.password);

  const applied = await sequelize.transaction(async (transaction) => {
    // The ledger row is the lock: a concurrent seeder waits on it, then finds it and does nothing.
    const claimed = await sequelize.query<{ name: string }>(
      `INSERT INTO kib_seeds (name, applied_at) VALUES (:name, :now) ON CONFLICT (name) DO NOTHING RETURNING name`,
      { replacements: { name: DEV_SEED.name, now }, type: QueryTypes.SELECT, transaction },
    );
    if (claimed.length === 0) return false;
    const t = { transaction };

    // ----- Accounts
    const groups = new Map((await models.Group.findAll(t)).map((g) => [g.name, g.id]));
    const users = {} as Record<keyof typeof DEV_SEED.users, number>;
    for (const [key, u] of Object.entries(DEV_SEED.users) as [keyof typeof DEV_SEED.users, DevSeedUser][]) {
      const groupId = groups.get(u.group);
      if (groupId === undefined)
        throw new Error(`The group ${u.group} is missing; is the database migrated?`);
      const user = await models.User.create(
        {
          email: u.email,
          passwordHash,
          firstName: u.firstName,
          lastName: u.lastName,
          isActive: true,
          isDemo: u.isDemo ?? false,
          canEditAnyProblem: u.canEditAnyProblem ?? false,
          language: 'es',
          dateJoined: at(-60),
          lastLogin: null,
        },
        t,
      );
      await models.UserGroup.create({ userId: user.id, groupId, position: 0 }, t);
      users[key] = user.id;
    }

    // ----- Content, and its pictures and videos put into the storage
    const problems = await seedContent(models, DEV_CONTENT, users.creator, transaction);
    if (opts.media) await seedMedia(sequelize, opts.media, users.creator, transaction);
    const problemId = (key: string): number => {
      const id = problems.get(key);
      if (id === undefined) throw new Error(`The development content has no problem '${key}'`);
      return id;
    };
    const drafts = DEV_CONTENT.problems.filter((p) => !p.publishProblem).map((p) => problemId(p.key));
    for (const [i, id] of drafts.entries()) {
      // The first draft waits in review; the next ones were reviewed, with feedback.
      const reviewed = i > 0;
      await models.ProblemReview.create(
        {
          problemId: id,
          problemToReview: true,
          problemReviewed: reviewed,
          problemFeedback: reviewed ? 'Revisa la redacción del segundo numeral.' : '',
          correctedText: reviewed,
          supervisorId: reviewed ? users.supervisor : null,
          reviewDate: reviewed ? at(-1) : null,
          sentAt: at(reviewed ? -3 : -2),
        },
        t,
      );
    }

    // ----- The school, in the reference geography's Medellín (migration 0017)
    const [country] = await models.Country.findOrCreate({ where: { name: 'Colombia' }, ...t });
    const [department] = await models.TerritorialEntity.findOrCreate({
      where: { countryId: country.id, name: 'Antioquia' },
      ...t,
    });
    const [city] = await models.City.findOrCreate({
      where: { countryId: country.id, territorialEntityId: department.id, name: 'Medellín' },
      ...t,
    });
    const school = await models.Institution.create(
      {
        name: DEV_SEED.institutionName,
        countryId: country.id,
        territorialEntityId: department.id,
        cityId: city.id,
        address: 'Calle 10 # 43-20',
        email: 'contacto@colegio.demo.kib',
        telephone: '6045551234',
        registrationCode: DEV_SEED.schoolRegistrationCode,
      },
      t,
    );
    await models.Subscription.create(
      {
        institutionName: DEV_SEED.institutionName,
        institutionId: school.id,
        numberOfStudents: 200,
        code: DEV_SEED.schoolCode,
        codeValidUntil: at(30),
        planValidUntil: at(365),
        createdBy: users.platformAdmin,
        redeemedAt: at(-60),
      },
      t,
    );
    await models.Subscription.create(
      {
        institutionName: DEV_SEED.spareSchoolName,
        numberOfStudents: 100,
        code: DEV_SEED.spareSchoolCode,
        codeValidUntil: at(90),
        planValidUntil: at(365),
        createdBy: users.platformAdmin,
      },
      t,
    );
    await models.InstitutionAdmin.create({ institutionId: school.id, userId: users.schoolAdmin }, t);
    await models.InstitutionTeacher.create(
      { institutionId: school.id, userId: users.teacher, joinedAt: at(-45) },
      t,
    );
    await models.TeacherCode.create(
      { institutionId: school.id, code: DEV_SEED.teacherCode, codeExpiration: at(30), usedBy: null },
      t,
    );

    // ----- The classroom
    const classroom = await models.Classroom.create(
      {
        name: DEV_SEED.classroomName,
        description: 'Matemáticas de grado décimo',
        code: DEV_SEED.classroomCode,
        levelId: 3,
        authorId: users.teacher,
        institutionId: school.id,
      },
      t,
    );
    for (const userId of [users.student, users.student2]) {
      await models.ClassroomStudent.create({ classroomId: classroom.id, userId, joinedAt: at(-40) }, t);
    }

    // ----- Modules: open now, deadline passed, published next week
    const schedule = {
      main: { publishDate: at(-7), deadline: at(30), created: at(-8) },
      passed: { publishDate: at(-30), deadline: at(-7), created: at(-31) },
      upcoming: { publishDate: at(7), deadline: at(37), created: at(-1) },
    };
    const modules = {} as Record<keyof typeof DEV_SEED.modules, number>;
    for (const key of ['main', 'passed', 'upcoming'] as const) {
      const m = DEV_SEED.modules[key];
      const { publishDate, deadline, created } = schedule[key];
      const moduleRow = await models.Module.create(
        {
          name: m.name,
          description: `${m.name} para ${DEV_SEED.classroomName}`,
          authorId: users.teacher,
          creationDate: created,
        },
        t,
      );
      for (const [i, problemKey] of m.problemKeys.entries()) {
        await models.ModuleProblem.create(
          { moduleId: moduleRow.id, problemId: problemId(problemKey), numeration: String(i + 1) },
          t,
        );
      }
      await models.ModuleClassroom.create(
        { moduleId: moduleRow.id, classroomId: classroom.id, publishDate, deadline, creationDate: created },
        t,
      );
      modules[key] = moduleRow.id;
    }
    // The second student got a few more days for the review module: a personal deadline.
    await models.StudentModule.create(
      { classroomId: classroom.id, moduleId: modules.passed, studentId: users.student2, deadline: at(3) },
      t,
    );

    // ----- Activity codes of the main module
    await models.ModuleCode.bulkCreate(
      [
        {
          moduleId: modules.main,
          code: DEV_SEED.studentActivityCode,
          audience: 'students',
          validUntil: at(365),
        },
        {
          moduleId: modules.main,
          code: DEV_SEED.teacherActivityCode,
          audience: 'teachers',
          validUntil: at(365),
        },
      ],
      t,
    );
    await models.TempModuleActivity.create(
      {
        moduleId: modules.main,
        studentAccessCode: DEV_SEED.studentActivityCode,
        teacherAccessCode: DEV_SEED.teacherActivityCode,
        targetInstitution: DEV_SEED.institutionName,
        targetClassroom: DEV_SEED.classroomName,
        targetTeacher: `${DEV_SEED.users.teacher.firstName} ${DEV_SEED.users.teacher.lastName}`,
        validUntil: at(365),
      },
      t,
    );

    // ----- Competences: Colombia's standards, the problems' skills, modules assigned to skills
    await seedDevStandards(
      sequelize,
      { problemId, creatorId: users.creator, mainModuleId: modules.main },
      transaction,
    );

    // ----- A few stats of the first student: one numeral solved, one attempted
    const [first, second] = DEV_SEED.modules.main.problemKeys.map((key) => problemId(key));
    const firstNumeral = await models.Numeral.findOne({
      where: { problemId: first },
      order: [['number', 'ASC']],
      ...t,
    });
    const secondNumeral = await models.Numeral.findOne({
      where: { problemId: second },
      order: [['number', 'ASC']],
      ...t,
    });
    if (!firstNumeral || !secondNumeral)
      throw new Error('The module problems of the development content have no numerals');
    await models.Stat.bulkCreate(
      [
        {
          userId: users.student,
          tempStudentId: null,
          numeralId: firstNumeral.id,
          completed: true,
          answerTime: 95,
          attempts: 2,
          lastAttemptDate: at(-2),
        },
        {
          userId: users.student,
          tempStudentId: null,
          numeralId: secondNumeral.id,
          completed: false,
          answerTime: 240,
          attempts: 3,
          lastAttemptDate: at(-1),
        },
      ],
      t,
    );
    // Their attempts as the log keeps them (creator statistics): the first numeral wrong once, then
    // right; the second wrong three times, with the checker's feedback codes.
    const attempt = (numeralId: number, correct: boolean, codes: string[], when: Date) => ({
      userId: users.student,
      numeralId,
      correct,
      codes: `{${codes.join(',')}}`,
      when,
    });
    for (const a of [
      attempt(firstNumeral.id, false, ['not-equivalent'], new Date(at(-2).getTime() - 60_000)),
      attempt(firstNumeral.id, true, [], at(-2)),
      attempt(
        secondNumeral.id,
        false,
        ['not-equivalent', 'sign-error'],
        new Date(at(-1).getTime() - 120_000),
      ),
      attempt(secondNumeral.id, false, ['not-equivalent'], new Date(at(-1).getTime() - 60_000)),
      attempt(secondNumeral.id, false, ['sign-error'], at(-1)),
    ])
      await sequelize.query(
        `INSERT INTO attempts (user_id, numeral_id, correct, answer, total_time, feedback_codes, created_at)
         VALUES (:userId, :numeralId, :correct, '[]'::jsonb, 40, CAST(:codes AS text[]), :when)`,
        { replacements: a, transaction },
      );
    // The student model built from those attempts, as the answers would have built it.
    await rebuildModelFromAttempts(sequelize, transaction);
    // The creator's editing time on the module problems (creator statistics' editing time).
    for (const [i, key] of DEV_SEED.modules.main.problemKeys.entries())
      await sequelize.query(
        `INSERT INTO authoring_time (user_id, problem_id, seconds, created_at) VALUES (:userId, :problemId, :seconds, :when)`,
        {
          replacements: {
            userId: users.creator,
            problemId: problemId(key),
            seconds: 600 + 300 * i,
            when: now,
          },
          transaction,
        },
      );
    return true;
  });

  // The development LMS consumer (kib-dev-key), Colombia's standards and the demo account's preset: idempotent, so
  // databases seeded earlier get them too.
  await registerDevConsumer(sequelize);
  await seedEndedActivity(sequelize, now);
  if (!applied) await refreshDevStandards(sequelize);
  await setDemoPreset(sequelize);
  if (applied) opts.logger?.info({ seed: DEV_SEED.name }, 'development seed applied');
  else opts.logger?.debug({ seed: DEV_SEED.name }, 'development seed already applied');
  return { applied };
}

/**
 * An open activity of the main module, for the demo teacher, that ended the day before `now`
 * ({@link DEV_SEED}.endedStudentActivityCode and endedTeacherActivityCode): unless it is there
 * already, so databases seeded earlier get it too.
 */
async function seedEndedActivity(sequelize: Sequelize, now: Date): Promise<void> {
  await sequelize.query(
    `INSERT INTO temp_module_activities (module_id, student_access_code, teacher_access_code, target_institution,
                                         target_classroom, target_teacher, target_teacher_id, creation_date, valid_until)
     SELECT m.id, :student, :teacher, :institution, :classroom, :teacherName,
            (SELECT id FROM users WHERE email = :teacherEmail), :created, :ended
       FROM modules m
      WHERE m.name = :module
        AND NOT EXISTS (SELECT 1 FROM temp_module_activities WHERE student_access_code = :student)
      ORDER BY m.id LIMIT 1`,
    {
      replacements: {
        student: DEV_SEED.endedStudentActivityCode,
        teacher: DEV_SEED.endedTeacherActivityCode,
        institution: DEV_SEED.institutionName,
        classroom: DEV_SEED.classroomName,
        teacherName: `${DEV_SEED.users.teacher.firstName} ${DEV_SEED.users.teacher.lastName}`,
        teacherEmail: DEV_SEED.users.teacher.email,
        created: new Date(now.getTime() - 31 * DAY),
        ended: new Date(now.getTime() - DAY),
        module: DEV_SEED.modules.main.name,
      },
    },
  );
}

/**
 * Sets the demo account's preset ({@link DEV_SEED}.demoPreset, table `demo_presets`) to the seeded
 * education system, grade, course, topic and subtopic, unless a preset is already set or the seeded
 * content is not there. The content is found by its seeded names (the first of each name, the topic
 * within the course and the subtopic within the topic), so a database seeded before the preset
 * existed gets it too.
 */
async function setDemoPreset(sequelize: Sequelize): Promise<void> {
  const { educationSystem, grade, courseKey, topicKey, subtopicKey } = DEV_SEED.demoPreset;
  const course = DEV_CONTENT.courses.find((c) => c.key === courseKey);
  const topic = DEV_CONTENT.topics.find((c) => c.key === topicKey);
  const subtopic = topic?.subtopics.find((s) => s.key === subtopicKey);
  if (!course || !topic || !subtopic) throw new Error('The demo preset names content DEV_CONTENT lacks');
  await sequelize.query(
    `INSERT INTO demo_presets (id, grade_id, course_id, topic_id, subtopic_id)
     SELECT 1, g.id, c.id, t.id, s.id
       FROM (SELECT g.id FROM grades g JOIN education_systems e ON e.id = g.education_system_id
              WHERE e.name = :educationSystem AND g.name = :grade ORDER BY g.id LIMIT 1) g
       CROSS JOIN (SELECT id FROM courses WHERE name = :course ORDER BY id LIMIT 1) c
       CROSS JOIN LATERAL (SELECT t.id FROM topics t JOIN course_topics ct ON ct.topic_id = t.id
                            WHERE ct.course_id = c.id AND t.name = :topic ORDER BY t.id LIMIT 1) t
       CROSS JOIN LATERAL (SELECT id FROM subtopics
                            WHERE topic_id = t.id AND name = :subtopic ORDER BY id LIMIT 1) s
     ON CONFLICT (id) DO NOTHING`,
    {
      replacements: {
        educationSystem,
        grade,
        course: course.name,
        topic: topic.name,
        subtopic: subtopic.name,
      },
    },
  );
}

/**
 * Inserts courses, topics, subtopics and problems (with numerals, steps, math-type records and
 * choices) of `content`, authored by `authorId`. Returns the problem ids by key.
 */
async function seedContent(
  models: Models,
  content: SeedContent,
  authorId: number,
  transaction: Transaction,
): Promise<Map<string, number>> {
  const t = { transaction };
  const topics = new Map<string, number>();
  const subtopics = new Map<string, number>();
  for (const topic of content.topics) {
    const row = await models.Topic.create({ name: topic.name, nameSpanish: topic.nameSpanish }, t);
    topics.set(topic.key, row.id);
    for (const subtopic of topic.subtopics) {
      const sub = await models.Subtopic.create(
        { topicId: row.id, name: subtopic.name, nameSpanish: subtopic.nameSpanish },
        t,
      );
      subtopics.set(`${topic.key}/${subtopic.key}`, sub.id);
    }
  }
  const idOf = (map: Map<string, number>, key: string, what: string): number => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`The development content names an unknown ${what} '${key}'`);
    return id;
  };
  for (const course of content.courses) {
    const row = await models.Course.create(
      { name: course.name, nameSpanish: course.nameSpanish, inDemo: course.inDemo ?? false },
      t,
    );
    await models.CourseTopic.bulkCreate(
      [...new Set(course.topicKeys)].map((key) => ({
        courseId: row.id,
        topicId: idOf(topics, key, 'topic'),
      })),
      t,
    );
  }

  const problems = new Map<string, number>();
  for (const p of content.problems) {
    const problem = await models.Problem.create(
      {
        title: p.title,
        description: p.description,
        language: p.language,
        topicId: idOf(topics, p.topicKey, 'topic'),
        subtopicId: idOf(subtopics, `${p.topicKey}/${p.subtopicKey}`, 'subtopic'),
        authorId,
        numeration: p.numeration,
        publishProblem: p.publishProblem,
        calculator: p.calculator,
        picture: p.picture ?? null,
      },
      t,
    );
    problems.set(p.key, problem.id);
    for (const n of p.numerals) {
      const content = toStoredContent(toMathTypeData(n));
      const numeral = await models.Numeral.create(
        {
          problemId: problem.id,
          number: n.number,
          ...content.columns,
          question: n.question,
          initialHint: n.initialHint ?? null,
          calculator: n.calculator ?? false,
          videoS3: n.videoS3 ?? null,
        },
        t,
      );
      await seedChoices(models, content.choices, { numeralId: numeral.id }, transaction);
      for (const s of n.steps ?? []) {
        const stepContent = toStoredContent(toMathTypeData(s));
        const step = await models.Step.create(
          {
            numeralId: numeral.id,
            number: s.number,
            ...stepContent.columns,
            instruction: s.instruction,
            explanation: s.explanation,
          },
          t,
        );
        await seedChoices(models, stepContent.choices, { stepId: step.id }, transaction);
      }
    }
  }
  return problems;
}

/**
 * Puts the files of {@link SEED_MEDIA} (committed under src/seed/media) into the storage, through
 * its interface like any upload, and records their keys as checked files of their kind.
 */
async function seedMedia(
  sequelize: Sequelize,
  storage: MediaStorage,
  createdBy: number,
  transaction: Transaction,
): Promise<void> {
  for (const [key, media] of Object.entries(SEED_MEDIA)) {
    // From the module's address, which the production bundle keeps pointing at this folder.
    const file = fileURLToPath(new URL(`media/${media.file}`, import.meta.url));
    const { size } = await fs.stat(file);
    await storage.put(key, { path: file }, { size, contentType: media.contentType });
    await sequelize.query(
      `INSERT INTO media_files (key, kind, content_type, size, checked, created_by)
       VALUES (:key, :kind, :contentType, :size, true, :createdBy) ON CONFLICT (key) DO NOTHING`,
      {
        replacements: { key, kind: media.kind, contentType: media.contentType, size, createdBy },
        transaction,
      },
    );
  }
}

/** Stores the choices of a multipleChoice numeral or step as its entries, in order. */
async function seedChoices(
  models: Models,
  choices: MultipleChoiceChoice[],
  owner: { numeralId: number } | { stepId: number },
  transaction: Transaction,
): Promise<void> {
  if (!choices.length) return;
  await models.MultipleChoiceEntry.bulkCreate(
    choices.map((choice, position) => ({
      numeralId: null,
      stepId: null,
      ...owner,
      position,
      text: choice.text,
      picture: choice.picture,
      correct: choice.correct,
    })),
    { transaction },
  );
}
