import {
  progressPercent,
  type AssignmentView,
  type ModuleByCode,
  type ModuleCodes,
  type ModuleDetail,
  type ModuleList,
} from '@kib/core';
import { newActivityCode } from '../../activities/activity-code';
import type { SessionEnds } from '../../auth/session-ends';
import type { ActivityRepository } from '../../activities/activity.repository';
import { AppError, type Message } from '../../http/errors';
import type { Limiter } from '../../http/rate-limit';
import type { TeacherService } from '../teacher.service';
import type { AssignmentFacts, AssignmentRow, ModuleFields, ModuleRepository } from './module.repository';

/** What the module builder saves, once validated: the fields, and whether to make the activity codes. */
export interface ModuleSave extends ModuleFields {
  createCodes: boolean;
}

/** The filters of the module list as the query gives them (dates YYYY-MM-DD, UTC, both ends included). */
export interface ModuleListFilters {
  classroom?: number;
  createdAfter?: string;
  createdBefore?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The earliest instant PostgreSQL takes as a date of our era; ISO dates of year 0000 pass the schemas. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');

/** The answer to a wrong, unknown or expired activity code, as the activity routes give it, on `code`. */
function invalidCode(): AppError {
  return new AppError(
    404,
    'module-code-invalid',
    { key: 'errors.module-code-invalid' },
    { code: [{ key: 'errors.module-code-invalid' }] },
  );
}

/** Collects field messages by wire name and throws them as one 400 when there are any. */
class FieldErrors {
  private readonly fields: Record<string, Message[]> = {};

  add(field: string, key: string): void {
    (this.fields[field] ??= []).push({ key });
  }

  /** Marks a timestamp before year 1, which the schemas let through but the database cannot hold. */
  instant(field: string, value: string | null): void {
    if (value !== null && Date.parse(value) < EARLIEST) this.add(field, 'validation.invalid');
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw AppError.badRequest(this.fields);
  }
}

/**
 * A teacher's modules (spec 03 "Module list", spec 02 "Module builder"): every call needs a school
 * plan valid now (403 `subscription-required`) and reaches only the caller's own modules and
 * classrooms (404 otherwise). A module's name is unique per teacher; its problems are published or
 * the teacher's own, numbered in their order; its assignments name the teacher's classrooms and
 * their members; its activity codes come from the activities' generator. Another teacher's module
 * is cloned through one of its activity codes.
 */
export class ModuleService {
  constructor(
    private readonly deps: {
      repo: ModuleRepository;
      /** The teacher area's plan check. */
      subscriptions: Pick<TeacherService, 'requireSubscription'>;
      /** Where activity codes are looked up (module codes and code activities). */
      activities: Pick<ActivityRepository, 'findOpen' | 'module'>;
      /** Wrong activity codes per address, shared with the activity routes. */
      codeLimiter: Limiter;
      /** Reads the sessions a deletion just ended (its code students' and LMS learners'). */
      sessionEnds: Pick<SessionEnds, 'catchUp'>;
      /** Draws a new activity code. */
      drawCode?: () => string;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private draw(): string {
    return (this.deps.drawCode ?? newActivityCode)();
  }

  /**
   * The teacher's modules, newest first, filtered by a classroom of theirs (another's is 404) and by
   * creation day; each with its progress: completed numerals over numerals × assigned students.
   */
  async list(teacherId: number, filters: ModuleListFilters): Promise<ModuleList> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    const classroomId = filters.classroom ?? null;
    if (classroomId !== null && !(await this.deps.repo.ownsClassroom(teacherId, classroomId)))
      throw AppError.notFound();
    const from = filters.createdAfter ? Math.max(Date.parse(filters.createdAfter), EARLIEST) : null;
    const until = filters.createdBefore
      ? Math.max(Date.parse(filters.createdBefore) + DAY_MS, EARLIEST)
      : null;
    const rows = await this.deps.repo.list(
      teacherId,
      {
        classroomId,
        from: from === null ? null : new Date(from),
        until: until === null ? null : new Date(until),
      },
      this.now(),
    );
    return {
      modules: rows.map(({ numerals, students, completed, classroomIds, ...row }) => ({
        ...row,
        classroomIds,
        numClassrooms: classroomIds.length,
        progress: progressPercent(completed, numerals * students),
      })),
    };
  }

  /** One of the teacher's modules: its problems in order, its assignments to their classrooms and its codes. */
  async detail(teacherId: number, id: number): Promise<ModuleDetail> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    return this.read(teacherId, id);
  }

  private async read(teacherId: number, id: number): Promise<ModuleDetail> {
    const module = await this.deps.repo.module(teacherId, id, this.now());
    if (!module) throw AppError.notFound();
    const [problems, assignments] = await Promise.all([
      this.deps.repo.problems(id, false),
      this.deps.repo.assignments(teacherId, id),
    ]);
    return { ...module, problems, assignments };
  }

  /** Saves a new module of the teacher's (201 with the module whole). */
  async create(teacherId: number, input: ModuleSave): Promise<ModuleDetail> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    return this.save(teacherId, null, input);
  }

  /** Changes one of the teacher's modules: name, description, problems in order (and codes when asked). */
  async update(teacherId: number, id: number, input: ModuleSave): Promise<ModuleDetail> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    return this.save(teacherId, id, input);
  }

  private async save(teacherId: number, id: number | null, input: ModuleSave): Promise<ModuleDetail> {
    const { createCodes, ...fields } = input;
    const outcome = await this.deps.repo.save(teacherId, id, fields, {
      create: createCodes,
      draw: () => this.draw(),
      now: this.now(),
    });
    if (outcome.kind === 'not-found') throw AppError.notFound();
    if (outcome.kind === 'refused') {
      const errors = new FieldErrors();
      if (outcome.nameUsed) errors.add('name', 'validation.module-name-used');
      for (const i of outcome.unavailable)
        errors.add(`problem_ids.${i}`, 'validation.module-problem-unavailable');
      errors.throwIfAny();
    }
    return this.read(teacherId, outcome.kind === 'saved' ? outcome.id : id!);
  }

  /**
   * Deletes one of the teacher's modules; its students' stats stay. Its activities and codes go with
   * it, and the sessions they opened (code students, LMS learners) end from the next request.
   */
  async delete(teacherId: number, id: number): Promise<void> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    if (!(await this.deps.repo.delete(teacherId, id))) throw AppError.notFound();
    await this.deps.sessionEnds.catchUp();
  }

  /**
   * Replaces the assignments of one of the teacher's modules to the teacher's classrooms; its
   * assignments to classrooms that are no longer the teacher's stay as they are, with their new
   * teacher. Each classroom named must be the teacher's (404); its chosen students and the students given their own deadline must be its members, each
   * named once, a personal deadline only for a chosen student of an individual assignment and not
   * before the publish date (400 naming the entry).
   */
  async setAssignments(
    teacherId: number,
    id: number,
    assignments: readonly AssignmentRow[],
  ): Promise<{ assignments: AssignmentView[] }> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    const errors = new FieldErrors();
    for (const [i, a] of assignments.entries()) {
      const at = `assignments.${i}`;
      errors.instant(`${at}.publish_date`, a.publishDate);
      errors.instant(`${at}.deadline`, a.deadline);
      const seen = new Set<number>();
      for (const [j, studentId] of (a.studentIds ?? []).entries()) {
        if (seen.has(studentId)) errors.add(`${at}.student_ids.${j}`, 'validation.assignment-student-twice');
        seen.add(studentId);
      }
      const withDeadline = new Set<number>();
      for (const [j, own] of a.studentDeadlines.entries()) {
        const field = `${at}.student_deadlines.${j}`;
        if (withDeadline.has(own.studentId))
          errors.add(`${field}.student_id`, 'validation.assignment-student-twice');
        withDeadline.add(own.studentId);
        if (a.studentIds !== null && !seen.has(own.studentId))
          errors.add(`${field}.student_id`, 'validation.assignment-deadline-not-chosen');
        errors.instant(`${field}.deadline`, own.deadline);
        if (own.deadline && a.publishDate && Date.parse(own.deadline) < Date.parse(a.publishDate))
          errors.add(`${field}.deadline`, 'validation.deadline-before-publish');
      }
    }
    errors.throwIfAny();

    const accept = ({ ownedClassrooms, members }: AssignmentFacts) => {
      if (assignments.some((a) => !ownedClassrooms.has(a.classroomId))) throw AppError.notFound();
      const notMembers = new FieldErrors();
      for (const [i, a] of assignments.entries()) {
        const inClassroom = members.get(a.classroomId) ?? new Set<number>();
        for (const [j, studentId] of (a.studentIds ?? []).entries())
          if (!inClassroom.has(studentId))
            notMembers.add(`assignments.${i}.student_ids.${j}`, 'validation.assignment-student-not-member');
        for (const [j, own] of a.studentDeadlines.entries())
          if (!inClassroom.has(own.studentId))
            notMembers.add(
              `assignments.${i}.student_deadlines.${j}.student_id`,
              'validation.assignment-student-not-member',
            );
      }
      notMembers.throwIfAny();
    };
    if (!(await this.deps.repo.replaceAssignments(teacherId, id, assignments, accept)))
      throw AppError.notFound();
    return { assignments: await this.deps.repo.assignments(teacherId, id) };
  }

  /** Gives one of the teacher's modules the student and teacher codes it lacks; answers both. */
  async createCodes(teacherId: number, id: number): Promise<ModuleCodes> {
    await this.deps.subscriptions.requireSubscription(teacherId);
    const now = this.now();
    if (!(await this.deps.repo.createCodes(teacherId, id, () => this.draw(), now))) throw AppError.notFound();
    return (await this.deps.repo.module(teacherId, id, now))!.codes;
  }

  /**
   * Any module by one of its activity codes (student or teacher; a module code or a code activity,
   * not expired): its name, description and published problems in order, for the builder to clone.
   * A wrong code counts against the caller's address like on the activity routes, and is answered
   * the same way (404 `module-code-invalid`).
   */
  async byCode(teacherId: number, code: string, address: string): Promise<ModuleByCode> {
    await this.deps.subscriptions.requireSubscription(teacherId);
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
    return {
      name: module.name,
      description: module.description,
      problems: await this.deps.repo.problems(open.moduleId, true),
    };
  }
}
