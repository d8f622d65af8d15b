import {
  TEACHER_SEARCH_PAGE_SIZE,
  TEMP_ACTIVITY_MAX_DAYS,
  type ClonedModule,
  type ClonedModuleClassrooms,
  type CreatorModuleDetail,
  type CreatorModuleList,
  type CreatorTeachers,
  type DemoPreset,
  type TempActivity,
} from '@kib/core';
import { newActivityCode } from '../activities/activity-code';
import type { ActivityRepository } from '../activities/activity.repository';
import type { SessionEnds } from '../auth/session-ends';
import { AppError, type Message } from '../http/errors';
import type { Limiter } from '../http/rate-limit';
import type { ModuleFields, ModuleRepository } from '../teachers/modules/module.repository';
import type { CreatorModuleRepository } from './creator-modules.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the creator's builder saves, once validated. */
export interface CreatorModuleSave extends ModuleFields {
  id: number | null;
  assignTeacherId: number | null;
  sourceModuleId: number | null;
}

/** What an open activity is asked with, once validated. */
export interface OpenActivityRequest {
  teacherId: number;
  institution: string;
  classroom: string;
  /** YYYY-MM-DD: valid through that day (UTC). */
  validUntil: string;
}

const fieldError = (field: string, key: string): AppError =>
  AppError.badRequest({ [field]: [{ key } satisfies Message] });

/** The answer to a wrong, unknown or expired activity code, as the teachers' clone gives it, on `code`. */
function invalidCode(): AppError {
  return new AppError(
    404,
    'module-code-invalid',
    { key: 'errors.module-code-invalid' },
    { code: [{ key: 'errors.module-code-invalid' }] },
  );
}

/**
 * The creators' modules (spec 02 "Module builder (creator)"): a creator or supervisor reaches only
 * their own modules (another's is 404). Saving shares the teachers' rules (a name unique per
 * author; problems published or the author's, numbered in order). Giving a teacher the module makes
 * the teacher a copy of their own, which appears in their module list. An open activity is a pair
 * of codes for a Kib teacher: students open it at /code/student, the teacher reads its results with
 * the teacher access code, until the day chosen.
 */
export class CreatorModuleService {
  constructor(
    private readonly deps: {
      repo: CreatorModuleRepository;
      modules: Pick<ModuleRepository, 'save' | 'problems' | 'delete'>;
      activities: Pick<ActivityRepository, 'findOpen' | 'module'>;
      /** Wrong activity codes per address, shared with the activity routes. */
      codeLimiter: Limiter;
      /** Reads the sessions a deletion just ended (the code students of its open activities). */
      sessionEnds: Pick<SessionEnds, 'catchUp'>;
      drawCode?: () => string;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** The caller's modules, newest first. */
  async list(authorId: number): Promise<CreatorModuleList> {
    return { modules: await this.deps.repo.list(authorId, this.now()) };
  }

  /** One of the caller's modules whole; 404 for another's. */
  async detail(authorId: number, id: number): Promise<CreatorModuleDetail> {
    const head = await this.deps.repo.head(authorId, id);
    if (!head) throw AppError.notFound();
    const [problems, teachers, tempModuleActivities] = await Promise.all([
      this.deps.modules.problems(id, false),
      this.deps.repo.teachersWithCopies([id]),
      this.deps.repo.tempActivities(id),
    ]);
    return { ...head, problems, teachers: teachers.get(id) ?? [], tempModuleActivities };
  }

  /**
   * Saves the caller's module (new, or theirs by id), then records its source when the caller may
   * read that module, and gives the teacher named a copy. A name taken or a problem the caller may not
   * use is 400 naming the field; a teacher id that is no Kib teacher is 400 on `assign_teacher_id`.
   */
  async save(authorId: number, input: CreatorModuleSave): Promise<CreatorModuleDetail> {
    const { id, assignTeacherId, sourceModuleId, ...fields } = input;
    if (assignTeacherId !== null && !(await this.deps.repo.teacher(assignTeacherId)))
      throw fieldError('assign_teacher_id', 'validation.module-teacher-unknown');
    const outcome = await this.deps.modules.save(authorId, id, fields, {
      create: false,
      draw: () => newActivityCode(),
      now: this.now(),
    });
    if (outcome.kind === 'not-found') throw AppError.notFound();
    if (outcome.kind === 'refused') {
      const fieldsWithErrors: Record<string, Message[]> = {};
      if (outcome.nameUsed) fieldsWithErrors.name = [{ key: 'validation.module-name-used' }];
      for (const i of outcome.unavailable)
        fieldsWithErrors[`problem_ids.${i}`] = [{ key: 'validation.module-problem-unavailable' }];
      throw AppError.badRequest(fieldsWithErrors);
    }
    const moduleId = outcome.id;
    if (sourceModuleId !== null && (await this.deps.repo.head(authorId, sourceModuleId)))
      await this.deps.repo.setSource(authorId, moduleId, sourceModuleId);
    if (assignTeacherId !== null && assignTeacherId !== authorId)
      await this.deps.repo.copyToTeacher(moduleId, assignTeacherId);
    return this.detail(authorId, moduleId);
  }

  /**
   * Deletes one of the caller's modules (its open activities with it, whose students' sessions end
   * from the next request; teachers' copies stay theirs).
   */
  async delete(authorId: number, id: number): Promise<void> {
    if (!(await this.deps.modules.delete(authorId, id))) throw AppError.notFound();
    await this.deps.sessionEnds.catchUp();
  }

  /** One of the caller's modules to clone; another's is 404 (it is cloned by one of its codes). */
  async cloneById(authorId: number, id: number): Promise<ClonedModule> {
    const head = await this.deps.repo.head(authorId, id);
    if (!head) throw AppError.notFound();
    return {
      sourceModuleId: head.id,
      name: head.name,
      description: head.description,
      problems: await this.deps.modules.problems(id, false),
    };
  }

  /**
   * Any module by one of its valid activity codes, to clone its published problems. A wrong code
   * counts against the caller's address like on the activity routes (404 `module-code-invalid`).
   * The module's id is given only to its author.
   */
  async byCode(authorId: number, code: string, address: string): Promise<ClonedModule> {
    const key = `ip:${address}`;
    await this.deps.codeLimiter.check(key);
    const now = this.now();
    const open =
      (await this.deps.activities.findOpen('students', code, now)) ??
      (await this.deps.activities.findOpen('teachers', code, now));
    const module = open && (await this.deps.activities.module(open.moduleId));
    if (!open || !module) {
      await this.deps.codeLimiter.hit(key).catch(() => undefined);
      throw invalidCode();
    }
    const own = await this.deps.repo.head(authorId, module.id);
    return {
      sourceModuleId: own ? module.id : null,
      name: module.name,
      description: module.description,
      problems: await this.deps.modules.problems(module.id, true),
    };
  }

  /** Where the copies of one of the caller's modules are used; another's module is 404. */
  async clonedClassrooms(authorId: number, id: number): Promise<ClonedModuleClassrooms> {
    if (!(await this.deps.repo.head(authorId, id))) throw AppError.notFound();
    return this.deps.repo.clonedClassrooms(id);
  }

  /**
   * Opens an activity of one of the caller's modules for a Kib teacher (400 on `teacher_id` for
   * anybody else), valid through the day asked (from today, at most a year ahead). The classroom
   * named is linked when it is one of the teacher's.
   */
  async openActivity(authorId: number, moduleId: number, input: OpenActivityRequest): Promise<TempActivity> {
    if (!(await this.deps.repo.head(authorId, moduleId))) throw AppError.notFound();
    const teacher = await this.deps.repo.teacher(input.teacherId);
    if (!teacher) throw fieldError('teacher_id', 'validation.activity-teacher-unknown');
    const now = this.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const day = Date.parse(`${input.validUntil}T00:00:00Z`);
    if (Number.isNaN(day) || day < today)
      throw fieldError('valid_until', 'validation.activity-valid-until-past');
    if (day > today + TEMP_ACTIVITY_MAX_DAYS * DAY_MS)
      throw fieldError('valid_until', 'validation.activity-valid-until-far');
    return this.deps.repo.openActivity(
      {
        moduleId,
        createdBy: authorId,
        teacherId: teacher.id,
        teacherName: `${teacher.firstName} ${teacher.lastName}`.trim(),
        institution: input.institution,
        classroom: input.classroom,
        classroomId: await this.deps.repo.teacherClassroom(teacher.id, input.classroom),
        validUntil: new Date(day + DAY_MS),
      },
      this.deps.drawCode ?? (() => newActivityCode()),
    );
  }

  /** A page of the teachers whose name or e-mail contains `search`, for the pickers (one more is read to know whether another page follows). */
  async teachers(search: string, page: number): Promise<CreatorTeachers> {
    const found = await this.deps.repo.teachers(
      search,
      TEACHER_SEARCH_PAGE_SIZE + 1,
      (page - 1) * TEACHER_SEARCH_PAGE_SIZE,
    );
    return {
      teachers: found.slice(0, TEACHER_SEARCH_PAGE_SIZE),
      hasMore: found.length > TEACHER_SEARCH_PAGE_SIZE,
    };
  }

  /** The demo account's preset; 404 for any other account, or when there is no preset. */
  async demoPreset(userId: number): Promise<DemoPreset> {
    const preset = (await this.deps.repo.isDemo(userId)) ? await this.deps.repo.demoPreset() : null;
    if (!preset) throw AppError.notFound();
    return preset;
  }
}
