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

/** The group whose members may change any module's learning standards. */
const SUPERVISORS = 'Supervisors';

/**
 * The module builder's search by competences and a module's assignment to learning standards and
 * skills (spec 02 "Module builder"). Reading is for every module builder; a module's assignment is
 * read and changed by its author or a supervisor, and anybody else learns nothing of it (404).
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

  /** What the module is assigned to, for its author or a supervisor. */
  async moduleStandards(principal: Principal, moduleId: number): Promise<ModuleStandards> {
    await this.mayChange(principal, moduleId);
    return this.repo.moduleStandards(moduleId);
  }

  /**
   * Assigns the module to exactly these standards and skills, for its author or a supervisor; ids
   * that name nothing are refused (400) with their field.
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
    const authorId = await this.repo.moduleAuthor(moduleId);
    if (authorId === null) notFound();
    if (authorId !== principal.userId && !principal.groups.includes(SUPERVISORS)) notFound();
  }
}

function notFound(): never {
  throw AppError.notFound();
}
