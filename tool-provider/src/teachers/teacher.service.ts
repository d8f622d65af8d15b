import crypto from 'node:crypto';
import {
  CLASSROOM_CODE_LENGTH,
  type ClassroomLevels,
  type ClassroomStudents,
  type NewStudentRow,
  type RegisterStudentsAnswer,
  type TeacherClassroom,
  type TeacherData,
  type TeacherSchool,
} from '@kib/core';
import { AppError } from '../http/errors';
import type { Limiter } from '../http/rate-limit';
import { SchoolPlanRefusal } from '../schools/school-plan';
import type { ClassroomFields, TeacherRepository } from './teacher.repository';
import { registerStudents } from './student-registration';
import type { StudentRegistrationRepository } from './student-registration.repository';

/** Letters and digits of a registration code, without the ones read alike (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Codes drawn before giving up on a free one (31^6 ≈ 887 million codes: a clash is rare). */
const CODE_TRIES = 8;

/** A new random classroom registration code. */
export function newClassroomCode(): string {
  let code = '';
  for (let i = 0; i < CLASSROOM_CODE_LENGTH; i++)
    code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

const nameUsed = () =>
  new AppError(
    409,
    'classroom-name-used',
    { key: 'errors.classroom-name-used' },
    { name: [{ key: 'errors.classroom-name-used' }] },
  );
const levelInvalid = () => AppError.badRequest({ level_id: [{ key: 'validation.invalid' }] });
const codeRefused = (
  code: 'teacher-code-invalid' | 'teacher-code-expired' | 'teacher-in-other-school',
  status: number,
) => new AppError(status, code, { key: `errors.${code}` }, { code: [{ key: `errors.${code}` }] });

/**
 * The answer to a bulk registration the classroom's school cannot take: with no plan running, the
 * teacher area's usual 403 `subscription-required`; over the plan's students, 409
 * `plan-student-limit` saying how many the plan allows, how many the school has and how many the
 * registration would add.
 */
function planRefused(refusal: SchoolPlanRefusal): AppError {
  if (refusal.reason === 'ended') return new AppError(403, 'subscription-required');
  return new AppError(409, 'plan-student-limit', {
    key: 'errors.plan-student-limit',
    params: { limit: refusal.plan.studentLimit, students: refusal.plan.students, adding: refusal.adding },
  });
}

/**
 * A teacher's classrooms and school (spec 03 §2, §4, §5): classrooms need a school with a plan that
 * has not ended; a classroom's name is unique per teacher; its six-character code is drawn by the
 * server; a teacher code joins the teacher to its school once, until it expires.
 */
export class TeacherService {
  constructor(
    private readonly deps: {
      repo: TeacherRepository;
      registrations: StudentRegistrationRepository;
      codeLimiter: Limiter;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The dashboard's data: the school, whether a plan of it runs now, its students against what its
   * running plans allow, and the classrooms.
   */
  async data(teacherId: number): Promise<TeacherData> {
    const now = this.now();
    const [institution, classrooms] = await Promise.all([
      this.deps.repo.institution(teacherId),
      this.deps.repo.classrooms(teacherId),
    ]);
    const school = institution && {
      ...institution,
      ...(await this.deps.repo.schoolPlan(institution.id, now)),
    };
    return {
      validSubscription: this.planValid(school?.planValidUntil ?? null),
      institution: school && {
        id: school.id,
        name: school.name,
        planValidUntil: school.planValidUntil?.toISOString() ?? null,
        students: school.students,
        studentLimit: school.studentLimit,
      },
      classrooms,
    };
  }

  levels(): Promise<ClassroomLevels> {
    return this.deps.repo.levels().then((levels) => ({ levels }));
  }

  /** Whether the teacher has a school whose plan is valid now. */
  async hasValidSubscription(teacherId: number): Promise<boolean> {
    const institution = await this.deps.repo.institution(teacherId);
    return this.planValid(institution?.planValidUntil ?? null);
  }

  /** Refuses (403 `subscription-required`) a teacher whose school has no plan valid now, or who has no school. */
  async requireSubscription(teacherId: number): Promise<void> {
    if (!(await this.hasValidSubscription(teacherId))) throw new AppError(403, 'subscription-required');
  }

  /** Whether the classroom is the teacher's. */
  async ownsClassroom(teacherId: number, classroomId: number): Promise<boolean> {
    return (await this.deps.repo.classroom(teacherId, classroomId)) !== null;
  }

  async createClassroom(teacherId: number, fields: ClassroomFields): Promise<TeacherClassroom> {
    await this.requireSubscription(teacherId);
    await this.checkLevel(fields.levelId);
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const created = await this.deps.repo.createClassroom(teacherId, fields, newClassroomCode());
      if (created === 'name-used') throw nameUsed();
      if (created === 'code-used') continue;
      return (await this.deps.repo.classroom(teacherId, created))!;
    }
    throw new Error('no free classroom code after several draws');
  }

  async updateClassroom(teacherId: number, id: number, fields: ClassroomFields): Promise<TeacherClassroom> {
    await this.requireSubscription(teacherId);
    await this.checkLevel(fields.levelId);
    const updated = await this.deps.repo.updateClassroom(teacherId, id, fields);
    if (updated === 'name-used') throw nameUsed();
    if (!updated) throw AppError.notFound();
    return (await this.deps.repo.classroom(teacherId, id))!;
  }

  async deleteClassroom(teacherId: number, id: number): Promise<void> {
    await this.requireSubscription(teacherId);
    if (!(await this.deps.repo.deleteClassroom(teacherId, id))) throw AppError.notFound();
  }

  /** The students of one of the teacher's classrooms; 404 for a classroom that is not theirs. */
  async classroomStudents(teacherId: number, classroomId: number): Promise<ClassroomStudents> {
    await this.requireSubscription(teacherId);
    if (!(await this.deps.repo.classroom(teacherId, classroomId))) throw AppError.notFound();
    return { students: await this.deps.repo.students(classroomId) };
  }

  /**
   * Whether the teacher may register students in the classroom now: 403 without a running plan, 404
   * for a classroom that is not theirs. Checked before the rows are read (a spreadsheet parsed).
   */
  async admitRegistration(teacherId: number, classroomId: number): Promise<void> {
    await this.requireSubscription(teacherId);
    if (!(await this.deps.repo.classroom(teacherId, classroomId))) throw AppError.notFound();
  }

  /**
   * Registers students in a classroom, row by row ({@link registerStudents}); new accounts speak the
   * teacher's language until their owner changes it. A registration that would take the classroom's
   * school past its plan is refused whole ({@link planRefused}). `hashConcurrency` bounds the
   * passwords hashed at once (a background registration leaves the rest of the hashing threads to
   * logins).
   */
  async registerStudents(
    classroomId: number,
    rows: NewStudentRow[],
    language: 'es' | 'en',
    hashConcurrency?: number,
  ): Promise<RegisterStudentsAnswer> {
    try {
      return await registerStudents(this.deps.registrations, classroomId, rows, language, this.now(), {
        hashConcurrency,
      });
    } catch (err) {
      if (err instanceof SchoolPlanRefusal) throw planRefused(err);
      throw err;
    }
  }

  /**
   * Joins the school of a teacher code. A code is good once (the teacher who used it may send it
   * again while still in its school), until it expires; a teacher belongs to one school. Wrong codes are counted per account.
   */
  async registerToSchool(teacherId: number, code: string): Promise<TeacherSchool> {
    const key = `user:${teacherId}`;
    await this.deps.codeLimiter.check(key);
    const now = this.now();
    const redeemed = await this.deps.repo
      .redeemTeacherCode(teacherId, code, (row, currentSchool) => {
        if (row.usedBy !== null && row.usedBy !== teacherId) throw codeRefused('teacher-code-invalid', 404);
        // A code the teacher used is only good again while they are still in its school: a teacher
        // the school removed needs a new code from it.
        if (row.usedBy === teacherId && currentSchool !== row.institutionId)
          throw codeRefused('teacher-code-invalid', 404);
        if (row.codeExpiration <= now && row.usedBy !== teacherId)
          throw codeRefused('teacher-code-expired', 410);
        if (currentSchool !== null && currentSchool !== row.institutionId)
          throw codeRefused('teacher-in-other-school', 409);
      })
      .then((row) => row ?? Promise.reject(codeRefused('teacher-code-invalid', 404)))
      .catch(async (err: unknown) => {
        // Unknown, spent and expired codes all count against the account: each tells a guesser something.
        if (err instanceof AppError && err.code !== 'teacher-in-other-school')
          await this.deps.codeLimiter.hit(key).catch(() => undefined);
        throw err;
      });
    const institution = await this.deps.repo.institution(teacherId);
    return {
      institution: { id: redeemed.institutionId, name: redeemed.institutionName },
      validSubscription: this.planValid(institution?.planValidUntil ?? null),
    };
  }

  private planValid(until: Date | null): boolean {
    return until !== null && until > this.now();
  }

  private async checkLevel(levelId: number): Promise<void> {
    if (!(await this.deps.repo.levelExists(levelId))) throw levelInvalid();
  }
}
