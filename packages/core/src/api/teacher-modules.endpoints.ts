import { endpoint, roles } from './contract';
import {
  DeleteModuleSchema,
  ModuleAssignmentsAnswerSchema,
  ModuleAssignmentsSchema,
  ModuleByCodeQuerySchema,
  ModuleByCodeSchema,
  ModuleCodesSchema,
  ModuleDetailSchema,
  ModuleInputSchema,
  ModuleListQuerySchema,
  ModuleListSchema,
} from './teacher-modules.schemas';

const TAG = 'teacher-modules';
const TEACHERS = roles('Teachers');

/**
 * The teacher's modules (spec 03 "Module list", spec 02 "Module builder"): list, build, delete,
 * clone by code, assign to classrooms or chosen students with dates, and the activity codes. Like
 * classrooms they need a valid school plan (403 `subscription-required`); another teacher's module
 * or classroom is answered as not found (404).
 */
export const TEACHER_MODULE_ENDPOINTS = {
  modules: endpoint({
    method: 'get',
    path: '/modules/',
    access: TEACHERS,
    tag: TAG,
    summary: "The caller's modules, newest first, filtered by classroom and creation date",
    query: ModuleListQuerySchema,
    response: ModuleListSchema,
  }),
  module: endpoint({
    method: 'get',
    path: '/modules/:id/',
    access: TEACHERS,
    tag: TAG,
    summary: "One of the caller's modules with its problems in order, assignments and codes",
    response: ModuleDetailSchema,
  }),
  createModule: endpoint({
    method: 'post',
    path: '/modules/',
    access: TEACHERS,
    tag: TAG,
    summary: 'Saves a new module of the caller (name unique per teacher), its problems numbered in order',
    body: ModuleInputSchema,
    response: ModuleDetailSchema,
    status: 201,
  }),
  updateModule: endpoint({
    method: 'put',
    path: '/modules/:id/',
    access: TEACHERS,
    tag: TAG,
    summary: "Changes one of the caller's modules: name, description and its problems in order",
    body: ModuleInputSchema,
    response: ModuleDetailSchema,
  }),
  deleteModule: endpoint({
    method: 'post',
    path: '/delete-module/',
    access: TEACHERS,
    tag: TAG,
    summary: "Deletes one of the caller's modules with its assignments and codes; students' results stay",
    body: DeleteModuleSchema,
    response: null,
  }),
  moduleAssignments: endpoint({
    method: 'put',
    path: '/modules/:id/assignments/',
    access: TEACHERS,
    tag: TAG,
    summary:
      "Sets every assignment of one of the caller's modules: classrooms of theirs or chosen students, publish date, deadlines",
    body: ModuleAssignmentsSchema,
    response: ModuleAssignmentsAnswerSchema,
  }),
  moduleCodes: endpoint({
    method: 'post',
    path: '/modules/:id/codes/',
    access: TEACHERS,
    tag: TAG,
    summary: "Makes the student and teacher activity codes of one of the caller's modules, if it has none",
    response: ModuleCodesSchema,
  }),
  moduleByCode: endpoint({
    method: 'get',
    path: '/module-by-code/',
    access: TEACHERS,
    tag: TAG,
    summary: "A module's name and published problems by one of its activity codes, for the builder to clone",
    query: ModuleByCodeQuerySchema,
    response: ModuleByCodeSchema,
  }),
};
