import { AUTHENTICATED, endpoint, roles } from './contract';
import {
  ClonedModuleClassroomsSchema,
  ClonedModuleSchema,
  CloneModuleByIdQuerySchema,
  CreatorModuleByCodeQuerySchema,
  CreatorModuleDetailSchema,
  CreatorModuleInputSchema,
  CreatorModuleListSchema,
  CreatorTeachersQuerySchema,
  CreatorTeachersSchema,
  DemoPresetSchema,
  ModuleIdRequestSchema,
  OpenActivityInputSchema,
  TempActivitySchema,
} from './creator-modules.schemas';

const TAG = 'creator-modules';
/** Who builds modules in the creator area (spec 02 §6): creators and supervisors. */
export const MODULE_CREATORS = roles('Creators', 'Supervisors');

/**
 * The creators' module builder (spec 02 §2 "Module builder (creator)", §7): their modules, saving
 * one (and giving a teacher a copy), cloning by id or by code, where copies are used, and open
 * activities with student and teacher access codes. A module of another author is answered as not
 * found (404); another module is cloned only through one of its activity codes.
 */
export const CREATOR_MODULE_ENDPOINTS = {
  creatorModules: endpoint({
    method: 'get',
    path: '/getcreatormodules/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary:
      "The caller's modules, newest first, with their topics, teachers with a copy and open activities",
    response: CreatorModuleListSchema,
  }),
  creatorModuleData: endpoint({
    method: 'post',
    path: '/get_module_data/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary: "One of the caller's modules: problems in order, teachers with a copy, open activities",
    body: ModuleIdRequestSchema,
    response: CreatorModuleDetailSchema,
  }),
  saveCreatorModule: endpoint({
    method: 'post',
    path: '/creator/modules/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary: "Saves a new module of the caller's or changes one, and gives a teacher a copy when asked",
    body: CreatorModuleInputSchema,
    response: CreatorModuleDetailSchema,
  }),
  deleteCreatorModule: endpoint({
    method: 'post',
    path: '/creator/delete-module/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary: "Deletes one of the caller's modules with its open activities; teachers' copies stay",
    body: ModuleIdRequestSchema,
    response: null,
  }),
  cloneModuleById: endpoint({
    method: 'get',
    path: '/clone-module-by-id/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary: "One of the caller's modules to clone: name, description and problems in order",
    query: CloneModuleByIdQuerySchema,
    response: ClonedModuleSchema,
  }),
  creatorModuleByCode: endpoint({
    method: 'get',
    path: '/creator/module-by-code/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary: 'Any module by one of its valid activity codes, to clone: name, description, published problems',
    query: CreatorModuleByCodeQuerySchema,
    response: ClonedModuleSchema,
  }),
  clonedModuleClassrooms: endpoint({
    method: 'post',
    path: '/get_cloned_module_classrooms/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary:
      "The teachers with a copy of one of the caller's modules and the classrooms the copies are assigned to",
    body: ModuleIdRequestSchema,
    response: ClonedModuleClassroomsSchema,
  }),
  openActivity: endpoint({
    method: 'post',
    path: '/creator/modules/:id/activities/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary:
      "Opens an activity of one of the caller's modules for a teacher: student and teacher access codes",
    body: OpenActivityInputSchema,
    response: TempActivitySchema,
    status: 201,
  }),
  creatorTeachers: endpoint({
    method: 'get',
    path: '/creator/teachers/',
    access: MODULE_CREATORS,
    tag: TAG,
    summary:
      'Active Kib teachers whose name or e-mail contains the search (3 characters or more), a page of 20, with their school and classrooms, for the builder’s pickers',
    query: CreatorTeachersQuerySchema,
    response: CreatorTeachersSchema,
  }),
  demoPreset: endpoint({
    method: 'get',
    path: '/demo-preset/',
    access: AUTHENTICATED,
    tag: TAG,
    summary: "The demo account's preset (education system, grade, course, topic); 404 for other accounts",
    response: DemoPresetSchema,
  }),
};
