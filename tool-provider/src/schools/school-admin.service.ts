import {
  TEACHER_CODE_LENGTH,
  type InstitutionTeachersClassrooms,
  type SchoolAdminData,
  type SchoolInstitution,
  type SchoolSubscription,
  type SchoolTeacher,
  type TeacherRegCode,
} from '@kib/core';
import { DEFAULT_LANGUAGE } from '@kib/i18n';
import { newActivityCode } from '../activities/activity-code';
import { AppError, type ErrorCode, type Message } from '../http/errors';
import type { Limiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { MailMessage, Mailer } from '../mail/mailer';
import type { SchoolCodeRepository } from './school-codes.repository';
import { schoolRegisteredMail, teacherCodeMail } from './school-admin.mails';
import type {
  RedeemedCodeRow,
  SchoolAdminRepository,
  SchoolFields,
  TeacherCodeRow,
} from './school-admin.repository';
import { schoolPlanStatus, type SchoolPlan } from './school-plan';

/** Who calls: the account and its groups (a school admin, a platform admin, or both). */
export interface SchoolAdminCaller {
  userId: number;
  groups: readonly string[];
}

/** A school's registration as the admin sends it, once parsed (`SchoolRegistrationSchema`). */
export interface SchoolRegistrationInput {
  institutionName: string;
  countryId: number;
  territorialEntityId: number | null;
  cityId: number;
  address: string;
  email: string;
  telephone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Teacher codes drawn before giving up on a free one (25^8 ≈ 1.5 × 10^11 codes: a clash is rare). */
const CODE_TRIES = 8;

/** A refusal with its translated message, also on `field` when the form has one to mark. */
function refusal(status: number, code: ErrorCode, field?: string): AppError {
  const message: Message = { key: `errors.${code}` };
  return new AppError(status, code, message, field ? { [field]: [message] } : undefined);
}

const REDEEM_REFUSALS = {
  unknown: () => refusal(404, 'school-code-invalid', 'reg_code'),
  used: () => refusal(409, 'school-code-used', 'reg_code'),
  expired: () => refusal(410, 'school-code-expired', 'reg_code'),
  revoked: () => refusal(410, 'school-code-revoked', 'reg_code'),
} as const;

/** The state of a teacher code at `now` (`TeacherRegCodeSchema`). */
export function teacherCodeStatus(
  row: Pick<TeacherCodeRow, 'usedBy' | 'codeExpiration'>,
  now: Date,
): TeacherRegCode['status'] {
  if (row.usedBy !== null) return 'used';
  return row.codeExpiration > now ? 'unused' : 'expired';
}

/**
 * A school's subscription at `now` from its redeemed codes and its plan (`SchoolSubscriptionSchema`);
 * null when it never redeemed a code. `planValidUntil` is the latest end of its unrevoked plans; when
 * every code it redeemed was revoked, the latest day one of them stopped counting.
 */
export function toSubscription(
  codes: readonly RedeemedCodeRow[],
  plan: SchoolPlan,
  teachers: number,
  now: Date,
): SchoolSubscription | null {
  if (codes.length === 0) return null;
  const ends = codes.map((c) =>
    c.revokedAt !== null && c.revokedAt < c.planValidUntil ? c.revokedAt : c.planValidUntil,
  );
  const planValidUntil = plan.planValidUntil ?? new Date(Math.max(...ends.map((end) => end.getTime())));
  return {
    status: schoolPlanStatus(plan, now),
    planValidUntil: planValidUntil.toISOString(),
    studentLimit: plan.studentLimit,
    students: plan.students,
    teachers,
    codes: codes.map((c) => ({
      code: c.code,
      numberOfStudents: c.numberOfStudents,
      planValidUntil: c.planValidUntil.toISOString(),
      revoked: c.revokedAt !== null,
      redeemedAt: c.redeemedAt.toISOString(),
    })),
  };
}

const toTeacherRegCode = (row: TeacherCodeRow, now: Date): TeacherRegCode => ({
  code: row.code,
  codeExpiration: row.codeExpiration.toISOString(),
  createdAt: row.createdAt.toISOString(),
  status: teacherCodeStatus(row, now),
  usedBy: row.usedBy,
});

/**
 * The school administrator's area (spec 03 §2 "School administrator landing", §4, §6, §7): a school
 * admin registers their school once, redeems the school codes of the plans it buys, makes
 * single-use teacher codes (e-mailed on request), lists and removes teachers, and gives the
 * classrooms a removed teacher left to another teacher of the school. A school admin acts on the
 * schools they administer only, a platform admin on any; any other school is not found (404), so an
 * admin learns nothing of schools that are not theirs.
 */
export class SchoolAdminService {
  constructor(
    private readonly deps: {
      repo: SchoolAdminRepository;
      schoolCodes: Pick<SchoolCodeRepository, 'redeem'>;
      mailer: Mailer;
      logger: Logger;
      /** Wrong school codes, counted per account. */
      codeLimiter: Limiter;
      /** Where the site is: the links of the mails. */
      publicUrl: string;
      now?: () => Date;
      /** How a teacher code is drawn (tests); {@link newActivityCode} of `TEACHER_CODE_LENGTH` by default. */
      drawCode?: () => string;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * The school the caller may act on: `institutionId` when a platform admin names an existing school
   * or a school admin one they administer; otherwise 404.
   */
  private async school(caller: SchoolAdminCaller, institutionId: number): Promise<number> {
    const { repo } = this.deps;
    const allowed = caller.groups.includes('Platform Admin')
      ? await repo.schoolExists(institutionId)
      : caller.groups.includes('School Admin') && (await repo.administers(caller.userId, institutionId));
    if (!allowed) throw AppError.notFound();
    return institutionId;
  }

  /**
   * POST getSchoolAdminData/: by the states of spec 03 §4, nothing yet (no school: the registration
   * form), the school without subscription (the registration-code form), or the dashboard. A school
   * admin gets their own school unless they name it; a platform admin must name one (400).
   */
  async data(caller: SchoolAdminCaller, institutionId: number | undefined): Promise<SchoolAdminData> {
    const { repo } = this.deps;
    let school: number | null;
    if (institutionId !== undefined) school = await this.school(caller, institutionId);
    else if (caller.groups.includes('School Admin')) school = await repo.administeredSchool(caller.userId);
    else throw AppError.badRequest({ institution_id: [{ key: 'validation.required' }] });

    const account = await repo.account(caller.userId);
    const userData = { firstName: account?.firstName ?? '' };
    if (school === null)
      return { userData, institutionData: null, subscription: null, teachersData: [], classroomsData: [] };
    const now = this.now();
    const [institution, codes, plan, teachers, classrooms] = await Promise.all([
      repo.institution(school),
      repo.redeemedCodes(school),
      repo.plan(school, now),
      repo.teachers(school),
      repo.classrooms(school),
    ]);
    return {
      userData,
      institutionData: institution,
      subscription: toSubscription(codes, plan, teachers.length, now),
      teachersData: teachers,
      classroomsData: classrooms,
    };
  }

  /**
   * POST registerSchool/: registers the admin's school, once (409 `school-already-registered`). The
   * city must exist and be in the country (and in the territorial entity, when one is given; when
   * none is, the city's is taken), else 400 naming the field. The admin, and the school's address
   * when it is another, get a confirmation mail; a mail that cannot go out is logged, and the school
   * is registered all the same.
   */
  async register(
    caller: SchoolAdminCaller,
    input: SchoolRegistrationInput,
  ): Promise<{ institutionData: SchoolInstitution }> {
    const { repo } = this.deps;
    const fields = await this.placeOf(input);
    const created = await repo.register(caller.userId, fields);
    if (created === 'already-registered') throw refusal(409, 'school-already-registered');
    const institution = (await repo.institution(created))!;
    const account = await repo.account(caller.userId);
    if (account) {
      const mail = (to: string, name: string | null) =>
        schoolRegisteredMail({
          to,
          name,
          language: account.language,
          school: institution,
          publicUrl: this.deps.publicUrl,
        });
      const mails = [mail(account.email, account.firstName || null)];
      if (institution.email && institution.email.toLowerCase() !== account.email.toLowerCase())
        mails.push(mail(institution.email, null));
      await Promise.all(
        mails.map((m) => this.send(m, { institutionId: created, mail: 'school-registered' })),
      );
    }
    return { institutionData: institution };
  }

  /** The stored fields of a registration whose places agree with one another, or 400 naming the fields. */
  private async placeOf(input: SchoolRegistrationInput): Promise<SchoolFields> {
    const { repo } = this.deps;
    const [countryExists, city, entityCountry] = await Promise.all([
      repo.countryExists(input.countryId),
      repo.city(input.cityId),
      input.territorialEntityId === null ? null : repo.territorialEntityCountry(input.territorialEntityId),
    ]);
    const errors: Record<string, Message[]> = {};
    if (!countryExists) errors.country_id = [{ key: 'validation.school-country' }];
    if (input.territorialEntityId !== null && entityCountry !== input.countryId)
      errors.territorial_entity_id = [{ key: 'validation.school-territorial-entity' }];
    if (!city) errors.city_id = [{ key: 'validation.school-city' }];
    else if (
      countryExists &&
      !errors.territorial_entity_id &&
      (city.countryId !== input.countryId ||
        (input.territorialEntityId !== null && city.territorialEntityId !== input.territorialEntityId))
    )
      errors.city_id = [{ key: 'validation.school-city-elsewhere' }];
    if (Object.keys(errors).length > 0 || !city) throw AppError.badRequest(errors);
    return {
      name: input.institutionName,
      countryId: input.countryId,
      territorialEntityId: input.territorialEntityId ?? city.territorialEntityId,
      cityId: city.id,
      address: input.address,
      email: input.email,
      telephone: input.telephone,
    };
  }

  /**
   * POST setSchoolRegCode/: redeems a school code for the school, so its plan starts (a code the
   * school already redeemed answers the same). An unknown, used, expired or revoked code is refused
   * with its reason and counted against the account; too many wrong codes answer 429 for a while.
   */
  async redeemSchoolCode(
    caller: SchoolAdminCaller,
    institutionId: number,
    regCode: string,
  ): Promise<{ subscription: SchoolSubscription }> {
    const school = await this.school(caller, institutionId);
    const key = `user:${caller.userId}`;
    await this.deps.codeLimiter.check(key);
    const now = this.now();
    const outcome = await this.deps.schoolCodes.redeem(regCode, school, now);
    if (outcome.kind !== 'redeemed' && outcome.kind !== 'already-redeemed') {
      await this.deps.codeLimiter.hit(key);
      throw REDEEM_REFUSALS[outcome.kind]();
    }
    return { subscription: (await this.subscription(school, now))! };
  }

  private async subscription(institutionId: number, now: Date): Promise<SchoolSubscription | null> {
    const { repo } = this.deps;
    const [codes, plan, teachers] = await Promise.all([
      repo.redeemedCodes(institutionId),
      repo.plan(institutionId, now),
      repo.teacherCount(institutionId),
    ]);
    return toSubscription(codes, plan, teachers, now);
  }

  /**
   * POST createTeachersCode/: a new single-use teacher code of the school, valid for `validDays`
   * days; refused (403 `school-plan-ended`) while no plan of the school runs. With `email`, the code
   * and how to use it are mailed there in the caller's language; `mailed` says whether it went out
   * (a mail that cannot go out is logged; the code stands).
   */
  async createTeacherCode(
    caller: SchoolAdminCaller,
    input: { institutionId: number; validDays: number; email: string | null },
  ): Promise<{ code: TeacherRegCode; mailed: boolean }> {
    const { repo } = this.deps;
    const school = await this.school(caller, input.institutionId);
    const now = this.now();
    if (schoolPlanStatus(await repo.plan(school, now), now) === 'ended')
      throw refusal(403, 'school-plan-ended');
    const codeExpiration = new Date(now.getTime() + input.validDays * DAY_MS);
    const draw = this.deps.drawCode ?? (() => newActivityCode(TEACHER_CODE_LENGTH));
    let row: TeacherCodeRow | null = null;
    for (let attempt = 0; attempt < CODE_TRIES && row === null; attempt++) {
      const created = await repo.createTeacherCode(school, draw(), codeExpiration, now);
      if (created !== 'code-used') row = created;
    }
    if (row === null) throw new Error('no free teacher code after several draws');

    let mailed = false;
    if (input.email !== null) {
      const [account, institution] = await Promise.all([
        repo.account(caller.userId),
        repo.institution(school),
      ]);
      mailed = await this.send(
        teacherCodeMail({
          to: input.email,
          language: account?.language ?? DEFAULT_LANGUAGE,
          schoolName: institution!.name,
          code: row.code,
          codeExpiration,
          publicUrl: this.deps.publicUrl,
        }),
        { institutionId: school, mail: 'teacher-code' },
      );
    }
    return { code: toTeacherRegCode(row, now), mailed };
  }

  /** POST getTeacherCodes/: the school's teacher codes, newest first, with their state and who used them. */
  async teacherCodes(
    caller: SchoolAdminCaller,
    institutionId: number,
  ): Promise<{ teacherRegcodes: TeacherRegCode[] }> {
    const school = await this.school(caller, institutionId);
    const now = this.now();
    const rows = await this.deps.repo.teacherCodes(school);
    return { teacherRegcodes: rows.map((row) => toTeacherRegCode(row, now)) };
  }

  /** POST getschoolteachersdata/: the school's teachers, by last name then first name. */
  async teachers(
    caller: SchoolAdminCaller,
    institutionId: number,
  ): Promise<{ teachersData: SchoolTeacher[] }> {
    const school = await this.school(caller, institutionId);
    return { teachersData: await this.deps.repo.teachers(school) };
  }

  /**
   * POST removeteacher/: the teacher leaves the school (404 when not in it). The school keeps the
   * teacher's classrooms of the school, without a teacher, with their students, assignments and
   * results; their embed tokens stop working. The teacher keeps their modules.
   */
  async removeTeacher(caller: SchoolAdminCaller, institutionId: number, teacherId: number) {
    const school = await this.school(caller, institutionId);
    if (!(await this.deps.repo.removeTeacher(school, teacherId, this.now()))) throw AppError.notFound();
    return this.teachersAndClassrooms(school);
  }

  /**
   * POST reassign-classroom/: gives a classroom of the school to a teacher of the school (404 when
   * either is not the school's; 409 when the teacher has a classroom of that name already).
   */
  async reassignClassroom(
    caller: SchoolAdminCaller,
    input: { institutionId: number; classroomId: number; teacherId: number },
  ) {
    const school = await this.school(caller, input.institutionId);
    const outcome = await this.deps.repo.reassignClassroom(
      school,
      input.classroomId,
      input.teacherId,
      this.now(),
    );
    if (outcome === 'not-found') throw AppError.notFound();
    if (outcome === 'name-used')
      throw new AppError(
        409,
        'classroom-name-used',
        { key: 'errors.teacher-classroom-name-used' },
        { teacher_id: [{ key: 'errors.teacher-classroom-name-used' }] },
      );
    return this.teachersAndClassrooms(school);
  }

  private async teachersAndClassrooms(school: number) {
    const [teachersData, classroomsData] = await Promise.all([
      this.deps.repo.teachers(school),
      this.deps.repo.classrooms(school),
    ]);
    return { teachersData, classroomsData };
  }

  /**
   * POST get-institution-teachers-classrooms/: the school's classrooms and teachers, and with
   * `getModules` the modules assigned in its classrooms with their problems.
   */
  async teachersClassrooms(
    caller: SchoolAdminCaller,
    institutionId: number,
    getModules: boolean,
  ): Promise<InstitutionTeachersClassrooms> {
    const school = await this.school(caller, institutionId);
    const { repo } = this.deps;
    const [classrooms, teachers, assigned] = await Promise.all([
      repo.classrooms(school),
      repo.teachers(school),
      getModules
        ? repo.assignedModules(school)
        : { modules: [], moduleClassrooms: [], moduleProblems: [], problems: [] },
    ]);
    return { data: { classrooms, teachers, ...assigned } };
  }

  /** Sends a mail; true when it went out, false (logged) when it could not. */
  private async send(message: MailMessage, context: Record<string, unknown>): Promise<boolean> {
    try {
      await this.deps.mailer.send(message);
      return true;
    } catch (err) {
      this.deps.logger.error({ err, ...context }, 'school mail not sent');
      return false;
    }
  }
}
