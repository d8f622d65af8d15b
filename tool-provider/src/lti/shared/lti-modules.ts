import type { SaveLtiModuleAnswer } from '@kib/core';
import { newActivityCode } from '../../activities/activity-code';
import type { Principal } from '../../http/access';
import { AppError, type Message } from '../../http/errors';
import type { ModuleRepository } from '../../teachers/modules/module.repository';
import type { Lti13Repository } from '../v13/lti13.repository';
import type { LtiRepository } from './lti.repository';

/** A module an LMS instructor saves for the activity they are choosing, once validated. */
export interface LtiModuleSave {
  id: number | null;
  name: string;
  description: string;
  moduleProblems: { problemId: number; numeration: number }[];
  moduleClassrooms: number[];
  contextId: string;
  activityTitle: string;
}

/** The selection named is not an open one of the caller's: it ended (an hour) or is another's. */
function selectionUnknown(): AppError {
  return new AppError(
    404,
    'not-found',
    { key: 'errors.lti-selection-unknown' },
    { context_id: [{ key: 'errors.lti-selection-unknown' }] },
  );
}

/**
 * Modules made from an LMS (custom-lti/save_module_data/): an instructor who opened the creation
 * tool from their LMS's activity picker puts the problems they saved in a module of their own and
 * gets its student activity code, which the picker then sends back to the LMS like a typed code.
 * The selection must be an open Content-Item or deep-linking selection of the caller's (their LMS
 * context: the platform signed it for them); the problems published or the caller's own; the
 * module, when named by id, the caller's (another's is not found); the classrooms the caller's.
 * The module is the LMS user's, like the problems they author: no school plan is asked, the LMS
 * registration is what lets them in.
 */
export class LtiModules {
  constructor(
    private readonly deps: {
      modules: Pick<ModuleRepository, 'save' | 'module' | 'ownsClassroom' | 'replaceAssignments'>;
      selections: {
        lti11: Pick<LtiRepository, 'findContentItemSession'>;
        lti13: Pick<Lti13Repository, 'findDeepLinkSession'>;
      };
      /** Draws a new activity code. */
      drawCode?: () => string;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Is `selection` an unexpired LMS selection (LTI 1.1 Content-Item or LTI 1.3 deep linking) of the user's? */
  private async ownsSelection(selection: string, userId: number, now: Date): Promise<boolean> {
    const { lti11, lti13 } = this.deps.selections;
    return (
      (await lti11.findContentItemSession(selection, userId, now)) !== null ||
      (await lti13.findDeepLinkSession(selection, userId, now)) !== null
    );
  }

  /**
   * Saves the module (new, or the caller's by id) with its problems ordered by their numeration and
   * its student and teacher activity codes made when missing; assigns it to the classrooms named.
   * Answers the module and its student activity code.
   */
  async save(principal: Principal, input: LtiModuleSave): Promise<SaveLtiModuleAnswer> {
    const { modules } = this.deps;
    const userId = principal.userId;
    const now = this.now();
    if (!(await this.ownsSelection(input.contextId, userId, now))) throw selectionUnknown();
    for (const classroomId of input.moduleClassrooms)
      if (!(await modules.ownsClassroom(userId, classroomId))) throw AppError.notFound();

    const ordered = input.moduleProblems
      .map((problem, index) => ({ ...problem, index }))
      .sort((a, b) => a.numeration - b.numeration);
    const namedBy = input.name ? 'name' : 'activity_title';
    const outcome = await modules.save(
      userId,
      input.id,
      {
        name: input.name || input.activityTitle,
        description: input.description,
        problemIds: ordered.map((p) => p.problemId),
      },
      { create: true, draw: this.deps.drawCode ?? (() => newActivityCode()), now },
    );
    if (outcome.kind === 'not-found') throw AppError.notFound();
    if (outcome.kind === 'refused') {
      const fields: Record<string, Message[]> = {};
      if (outcome.nameUsed) fields[namedBy] = [{ key: 'validation.module-name-used' }];
      for (const position of outcome.unavailable)
        fields[`module_problems.${ordered[position]!.index}.problem_id`] = [
          { key: 'validation.module-problem-unavailable' },
        ];
      throw AppError.badRequest(fields);
    }

    if (input.id !== null || input.moduleClassrooms.length > 0) {
      const assignments = input.moduleClassrooms.map((classroomId) => ({
        classroomId,
        publishDate: null,
        deadline: null,
        studentIds: null,
        studentDeadlines: [],
      }));
      const accept = ({ ownedClassrooms }: { ownedClassrooms: Set<number> }) => {
        if (assignments.some((a) => !ownedClassrooms.has(a.classroomId))) throw AppError.notFound();
      };
      if (!(await modules.replaceAssignments(userId, outcome.id, assignments, accept)))
        throw AppError.notFound();
    }

    const saved = await modules.module(userId, outcome.id, now);
    if (!saved?.codes.students) throw AppError.notFound();
    return { moduleId: outcome.id, moduleCode: saved.codes.students };
  }
}
