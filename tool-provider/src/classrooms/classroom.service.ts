import type { JoinClassroomAnswer, StudentClassrooms } from '@kib/core';
import { AppError } from '../http/errors';
import type { Limiter } from '../http/rate-limit';
import { SchoolPlanRefusal } from '../schools/school-plan';
import type { ClassroomRepository } from './classroom.repository';
import type { StudentClassroomsRepository } from './student-classrooms.repository';

const codeInvalid = () =>
  new AppError(
    404,
    'classroom-code-invalid',
    { key: 'errors.classroom-code-invalid' },
    { code: [{ key: 'errors.classroom-code-invalid' }] },
  );

/**
 * A student's classrooms (spec 01 "Adding a classroom by code", spec 03 §4): what is published in
 * them, and joining one with its registration code. Joining twice is not an error (the answer says
 * so). Wrong codes are counted per account and slowed down past ten in fifteen minutes, so short
 * codes cannot be guessed. A student new to the classroom's school takes a place of its plan: when
 * no plan runs or it is full, the student is refused (409 `classroom-school-full`); a student already
 * in another classroom of the school is not new and always gets in.
 */
export class ClassroomService {
  constructor(
    private readonly deps: {
      classrooms: ClassroomRepository;
      studentClassrooms: StudentClassroomsRepository;
      /** Wrong classroom codes per account. */
      codeLimiter: Limiter;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The student's classrooms and what is published in them now. */
  forStudent(userId: number): Promise<StudentClassrooms> {
    return this.deps.studentClassrooms.forStudent(userId, this.now());
  }

  /**
   * Joins the classroom of `code` (spaces dropped, upper-cased). The shared demo account sees its
   * preset content only and never enters a real classroom (403 `demo-account-limited`).
   */
  async join(userId: number, code: string): Promise<JoinClassroomAnswer> {
    if (await this.deps.classrooms.isDemoAccount(userId)) throw new AppError(403, 'demo-account-limited');
    const key = `user:${userId}`;
    await this.deps.codeLimiter.check(key);
    const classroom = await this.deps.classrooms.byCode(code);
    if (!classroom) {
      await this.deps.codeLimiter.hit(key).catch(() => undefined);
      throw codeInvalid();
    }
    try {
      const added = await this.deps.classrooms.join(classroom, userId, this.now());
      return { classroom: { id: classroom.id, name: classroom.name }, alreadyMember: !added };
    } catch (err) {
      if (err instanceof SchoolPlanRefusal) throw new AppError(409, 'classroom-school-full');
      throw err;
    }
  }
}
