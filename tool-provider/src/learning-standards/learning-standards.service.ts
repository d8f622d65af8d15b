import type {
  FoundModule,
  GradeContent,
  ModuleProblemItem,
  ModuleStandards,
  StandardGrade,
  StandardLinkType,
} from '@kib/core';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { LearningStandardsRepository } from './learning-standards.repository';

/** The group whose members may change the learning standards of the creators' catalog's modules. */
const SUPERVISORS = 'Supervisors';

/**
 * The module builder's search by competences and a module's assignment to learning standards and
 * skills (spec 02 "Module builder"). Reading is for every module builder. A module's assignment is
 * read and changed by its author; a supervisor, who reviews the creators' work (spec 02 §6), also
 * reads and changes it for a module of the creators' catalog, the modules every builder finds. A
 * teacher's module is the teacher's own: to a supervisor, as to anybody else, it does not exist (404).
 */
export class LearningStandardsService {
  constructor(private readonly repo: LearningStandardsRepository) {}

  /** The system's grades; 404 when there is no such system. */
  async grades(educationSystemId: number): Promise<StandardGrade[]> {
    return (await this.repo.grades(educationSystemId)) ?? notFound();
  }

  /** The grade's standards and skills; 404 when there is no such grade. */
  async gradeContent(gradeId: number): Promise<GradeContent> {
    return (await this.repo.gradeContent(gradeId)) ?? notFound();
  }

  /** The problems found by a standard or skill that the caller may use; 404 when it does not exist. */
  async problems(callerId: number, type: StandardLinkType, id: number): Promise<ModuleProblemItem[]> {
    if (!(await this.repo.linkExists(type, id))) notFound();
    return this.repo.standardProblems(callerId, type, id);
  }

  /** The modules assigned to a standard or skill that the caller may read; 404 when it does not exist. */
  async assignedModules(callerId: number, type: StandardLinkType, id: number): Promise<FoundModule[]> {
    if (!(await this.repo.linkExists(type, id))) notFound();
    return this.repo.assignedModules(callerId, { type, id });
  }

  /** The modules with a problem of the topic that the caller may read; 404 for no such topic. */
  async topicModules(callerId: number, topicId: number): Promise<FoundModule[]> {
    if (!(await this.repo.topicExists(topicId))) notFound();
    return this.repo.topicModules(callerId, topicId);
  }

  /** What the module is assigned to, for its author or (a catalog module) a supervisor. */
  async moduleStandards(principal: Principal, moduleId: number): Promise<ModuleStandards> {
    await this.mayChange(principal, moduleId);
    return this.repo.moduleStandards(moduleId);
  }

  /**
   * Assigns the module to exactly these standards and skills, for its author or (a catalog module)
   * a supervisor; ids that name nothing are refused (400) with their field.
   */
  async setModuleStandards(
    principal: Principal,
    moduleId: number,
    learningStandardIds: number[],
    skillIds: number[],
  ): Promise<ModuleStandards> {
    await this.mayChange(principal, moduleId);
    const outcome = await this.repo.setModuleStandards(moduleId, learningStandardIds, skillIds);
    if (outcome.kind === 'saved') return outcome.saved;
    const unknown = { key: 'validation.reference-unknown' };
    throw AppError.badRequest({
      ...(outcome.learningStandards.length > 0 ? { learning_standard_ids: [unknown] } : {}),
      ...(outcome.skills.length > 0 ? { skill_ids: [unknown] } : {}),
    });
  }

  private async mayChange(principal: Principal, moduleId: number): Promise<void> {
    const module = await this.repo.moduleOwnership(moduleId);
    if (!module) notFound();
    if (module.authorId === principal.userId) return;
    if (module.inCatalog && principal.groups.includes(SUPERVISORS)) return;
    notFound();
  }
}

function notFound(): never {
  throw AppError.notFound();
}
