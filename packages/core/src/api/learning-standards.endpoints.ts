import { endpoint, roles } from './contract';
import {
  AssignedModulesRequestSchema,
  FoundModulesSchema,
  GradeContentQuerySchema,
  GradeContentSchema,
  ModuleStandardsInputSchema,
  ModuleStandardsSchema,
  StandardProblemsQuerySchema,
  StandardProblemsSchema,
  SystemGradesQuerySchema,
  SystemGradesSchema,
  TopicModulesRequestSchema,
} from './learning-standards.schemas';

const TAG = 'learning-standards';

/** Who builds modules from problems and so searches by competences: creators, supervisors and teachers. */
export const MODULE_BUILDERS = roles('Creators', 'Supervisors', 'Teachers');

/**
 * Learning standards (spec 02 "Module builder", §7; docs/learning-standards.md): an education
 * system's grades, a grade's standards and skills, the problems and modules found by a standard or
 * skill (the builder's Competencias search, tabs Problemas and Talleres) or by a topic, and what a
 * module is assigned to. Creators, supervisors and teachers read; only the module's author or a
 * supervisor changes its assignment (another user's module is answered as not found).
 */
export const LEARNING_STANDARD_ENDPOINTS = {
  educationSystemGrades: endpoint({
    method: 'get',
    path: '/education-system-grades/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary: "An education system's grades by number (404 for a system that does not exist)",
    query: SystemGradesQuerySchema,
    response: SystemGradesSchema,
  }),
  gradeContent: endpoint({
    method: 'get',
    path: '/get-grade-content/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary: "A grade's learning standards and their skills, in the document's order (404 for no such grade)",
    query: GradeContentQuerySchema,
    response: GradeContentSchema,
  }),
  standardProblems: endpoint({
    method: 'get',
    path: '/standard-problems/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary:
      'The problems linked to a skill, or to any skill of a learning standard, that the caller may put in a module',
    query: StandardProblemsQuerySchema,
    response: StandardProblemsSchema,
  }),
  assignedModules: endpoint({
    method: 'post',
    path: '/get-assigned-module-data/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary:
      "The modules assigned to a learning standard (or one of its skills) or to a skill, among the creators' catalog and the caller's own",
    body: AssignedModulesRequestSchema,
    response: FoundModulesSchema,
  }),
  topicModules: endpoint({
    method: 'post',
    path: '/get-topic-modules/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary: "The modules with a problem of a topic, among the creators' catalog and the caller's own",
    body: TopicModulesRequestSchema,
    response: FoundModulesSchema,
  }),
  moduleStandards: endpoint({
    method: 'get',
    path: '/modules/:id/learning-standards/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary:
      "The learning standards and skills a module is assigned to (its author; a supervisor too for a module of the creators' catalog)",
    response: ModuleStandardsSchema,
  }),
  setModuleStandards: endpoint({
    method: 'put',
    path: '/modules/:id/learning-standards/',
    access: MODULE_BUILDERS,
    tag: TAG,
    summary:
      "Sets every learning standard and skill a module is assigned to (its author; a supervisor too for a module of the creators' catalog; those left out are taken away)",
    body: ModuleStandardsInputSchema,
    response: ModuleStandardsSchema,
  }),
};
