import type {
  ActivityModuleData,
  ActivityNumeral,
  ActivityNumeralSummary,
  ActivityStudent,
  DeleteTempStudent,
  ModuleCodeStudentsAnswer,
  ModuleCodeTeachersAnswer,
  RegisterTempStudent,
  TempStudentRegistration,
} from '@kib/core';
import { activityKey, type SessionEnds } from '../auth/session-ends';
import type { AccessTokens } from '../auth/tokens';
import { TEMP_STUDENT_GROUP, type Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { Limiter } from '../http/rate-limit';
import type { ActivityRepository, OpenActivity } from './activity.repository';
import type { ModuleCodeAudience } from './module-code.model';

/**
 * How long a temporary student's access token lasts: a school day, or less when the activity closes
 * sooner. There is no refresh; the site keeps the token for the tab, and a student who comes back
 * later registers again.
 */
export const TEMP_STUDENT_TOKEN_TTL_SECONDS = 8 * 60 * 60;

/** The answer to any wrong, unknown or expired activity code: 404 'Codigo erroneo!'. */
function invalidCode(): AppError {
  return new AppError(
    404,
    'module-code-invalid',
    { key: 'errors.module-code-invalid' },
    { module_code: [{ key: 'errors.module-code-invalid' }] },
  );
}

/** The answer to a code whose activity has ended: 410, said apart from a wrong code. */
function expiredCode(): AppError {
  return new AppError(
    410,
    'module-code-expired',
    { key: 'errors.module-code-expired' },
    { module_code: [{ key: 'errors.module-code-expired' }] },
  );
}

/** Per numeral of an activity, how many of its students completed it or only attempted it, and their time. */
export function numeralSummaries(
  numerals: readonly ActivityNumeral[],
  students: readonly ActivityStudent[],
): ActivityNumeralSummary[] {
  const summaries = new Map<number, ActivityNumeralSummary>(
    numerals.map((n) => [n.id, { numeralId: n.id, completed: 0, attempted: 0, attempts: 0, answerTime: 0 }]),
  );
  for (const stat of students.flatMap((s) => s.stats)) {
    const summary = summaries.get(stat.numeralId);
    if (!summary) continue;
    if (stat.completed) summary.completed += 1;
    else summary.attempted += 1;
    summary.attempts += stat.attempts;
    summary.answerTime += stat.answerTime;
  }
  return [...summaries.values()];
}

/**
 * Code-based activities (spec 03 §2, §7): a student code opens a module to students without an
 * account, who register a name and get a temporary access token; a teacher code shows the results
 * and lets the teacher remove students. The code is the only credential, so wrong codes are counted
 * per address and refused past the allowance, and expired activities answer like wrong codes.
 */
export class ActivityService {
  constructor(
    private readonly deps: {
      activities: ActivityRepository;
      accessTokens: AccessTokens;
      /** Reads the sessions a removal just ended, so the student's token is refused at once. */
      sessionEnds: Pick<SessionEnds, 'catchUp'>;
      /** Wrong codes per address. */
      codeLimiter: Limiter;
      /** Registrations per address. */
      registrationLimiter: Limiter;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The open activity of a code, counting a wrong code against the caller's address. */
  private async open(audience: ModuleCodeAudience, code: string, address: string): Promise<OpenActivity> {
    const key = `ip:${address}`;
    await this.deps.codeLimiter.check(key);
    const now = this.now();
    const activity = await this.deps.activities.findOpen(audience, code, now);
    if (!activity) {
      // The allowance is enforced by check() on the next call; this answer stays 'wrong code'.
      await this.deps.codeLimiter.hit(key).catch(() => undefined);
      if (await this.deps.activities.hasExpired(audience, code, now)) throw expiredCode();
      throw invalidCode();
    }
    return activity;
  }

  private async moduleData(activity: OpenActivity): Promise<ActivityModuleData> {
    const module = await this.deps.activities.module(activity.moduleId);
    if (!module) throw invalidCode();
    return { ...module, validUntil: activity.validUntil ? activity.validUntil.toISOString() : null };
  }

  /**
   * GET validatemodulecodestudents/: the module of a student code and its published problems. A
   * caller holding the token of a temporary student of that module also gets their own name and
   * stats (the module view's check marks after a reload).
   */
  async validateForStudents(
    code: string,
    address: string,
    principal: Principal | null,
  ): Promise<ModuleCodeStudentsAnswer> {
    const activity = await this.open('students', code, address);
    const moduleData = await this.moduleData(activity);
    const { problems, numerals } = await this.deps.activities.content(activity.moduleId);
    const own = principal?.tempStudent;
    const [self] =
      own && own.moduleId === activity.moduleId
        ? await this.deps.activities.tempStudents(activity, own.id)
        : [];
    const ownStats = self
      ? await this.deps.activities.tempStudentStats(
          [self.id],
          numerals.map((n) => n.id),
        )
      : null;
    return {
      validCode: true,
      moduleData,
      problems,
      numerals,
      studentsData: self ? [self] : [],
      numeralsStats: (self && ownStats?.get(self.id)) || [],
    };
  }

  /**
   * GET validatemodulecodeteachers/: the activity's results — its problems, its temporary students
   * with their stats, and per numeral how many completed or only attempted it.
   */
  async validateForTeachers(code: string, address: string): Promise<ModuleCodeTeachersAnswer> {
    const activity = await this.open('teachers', code, address);
    const moduleData = await this.moduleData(activity);
    const { problems, numerals } = await this.deps.activities.content(activity.moduleId);
    const students = await this.deps.activities.tempStudents(activity);
    const stats = await this.deps.activities.tempStudentStats(
      students.map((s) => s.id),
      numerals.map((n) => n.id),
    );
    const studentsData: ActivityStudent[] = students.map((s) => ({ ...s, stats: stats.get(s.id) ?? [] }));
    return {
      validCode: true,
      moduleData,
      problems,
      numerals,
      studentsData,
      numeralsStats: numeralSummaries(numerals, studentsData),
    };
  }

  /**
   * POST register_temp_student/: adds a temporary student to the module of a student code (names may
   * both be empty: an anonymous student) and signs their access token, which ends with the student
   * (removed by the teacher, or with the module) and with the activity of the code (when it closes).
   */
  async registerTempStudent(input: RegisterTempStudent, address: string): Promise<TempStudentRegistration> {
    const activity = await this.open('students', input.moduleCode, address);
    await this.deps.registrationLimiter.hit(`ip:${address}`);
    const tempStudentId = await this.deps.activities.createTempStudent(activity, {
      firstName: input.firstName,
      lastName: input.lastName,
      studentCode: input.studentCode,
    });
    const access = await this.deps.accessTokens.sign(
      {
        userId: 0,
        groups: [TEMP_STUDENT_GROUP],
        tempStudent: { id: tempStudentId, moduleId: activity.moduleId },
      },
      { ttlSeconds: TEMP_STUDENT_TOKEN_TTL_SECONDS, activity: this.binding(activity) },
    );
    return { tempStudentId, access };
  }

  /**
   * POST delete_temp_student/: removes a temporary student (with their stats and attempts) from the
   * module of a teacher code; their token answers 401 from the next request. A student of another
   * module is 'not found'.
   */
  async deleteTempStudent(input: DeleteTempStudent, address: string): Promise<void> {
    const activity = await this.open('teachers', input.moduleCode, address);
    if (!(await this.deps.activities.deleteTempStudent(input.studentId, activity))) throw AppError.notFound();
    await this.deps.sessionEnds.catchUp();
  }

  /** What a token opened by the activity's code hangs on: the activity, until it closes. */
  private binding(activity: OpenActivity): { key: string; closesAt: Date | null } | undefined {
    const key = activityKey(activity);
    return key === null ? undefined : { key, closesAt: activity.validUntil };
  }
}
