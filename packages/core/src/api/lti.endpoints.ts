import { endpoint, PUBLIC, roles } from './contract';
import {
  ContentItemAnswerSchema,
  ContentItemRequestSchema,
  LtiAccountLinkSchema,
  LtiLinkResultsSchema,
  LtiModuleCodeSchema,
  LtiModuleViewSchema,
  LtiRecentActivitiesSchema,
  LtiSessionRequestSchema,
  LtiSessionSchema,
  LtiTeacherModulesSchema,
  ModuleByMoodleCodeAnswerSchema,
  ModuleByMoodleCodeSchema,
  ResendGradesAnswerSchema,
  ResendGradesSchema,
  SaveLtiModuleAnswerSchema,
  SaveLtiModuleSchema,
} from './lti.schemas';

const TAG = 'lti';

/**
 * The JSON endpoints of LTI (the launches themselves are form posts outside the API): the exchange
 * of a launch's one-time code, the activity picker's answer to the LMS, the module view of an LMS
 * student and the results of a resource link for its instructors.
 */
export const LTI_ENDPOINTS = {
  ltiSession: endpoint({
    method: 'post',
    path: '/lti/session/',
    access: PUBLIC,
    tag: TAG,
    summary: "Exchanges an LMS launch's one-time code, once, for the session's access token",
    body: LtiSessionRequestSchema,
    response: LtiSessionSchema,
  }),
  ltiContentItem: endpoint({
    method: 'post',
    path: '/lti/content-item/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "The signed answer of the LMS's activity picker for the activity code the teacher chose",
    body: ContentItemRequestSchema,
    response: ContentItemAnswerSchema,
  }),
  ltiModule: endpoint({
    method: 'get',
    path: '/lti/modules/:id/',
    access: roles('LTIStudent', 'LTITeacher'),
    tag: TAG,
    summary: "A module an LMS launch opened for the caller: its problems with the caller's progress",
    response: LtiModuleViewSchema,
  }),
  ltiLinkResults: endpoint({
    method: 'get',
    path: '/lti/links/:id/results/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "The results of an LMS resource link's learners, for one of its instructors",
    response: LtiLinkResultsSchema,
  }),
  resendLtiGrades: endpoint({
    method: 'post',
    path: '/lti/links/:id/grades/resend/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "Sends an LMS resource link's grades that were given up again, for one of its instructors",
    body: ResendGradesSchema,
    response: ResendGradesAnswerSchema,
  }),
  ltiRecentActivities: endpoint({
    method: 'get',
    path: '/lti/recent-activities/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: 'The activities the instructor placed or opened in their LMS, newest first',
    response: LtiRecentActivitiesSchema,
  }),
  moduleByMoodleCode: endpoint({
    method: 'post',
    path: '/custom-lti/get_module_by_moodle_code/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: 'The module a student activity code opens (spec 03 §7)',
    body: ModuleByMoodleCodeSchema,
    response: ModuleByMoodleCodeAnswerSchema,
  }),
  ltiKibAccount: endpoint({
    method: 'get',
    path: '/lti/kib-account/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "The Kib teacher account the instructor's LMS account is linked to, and its modules",
    response: LtiTeacherModulesSchema,
  }),
  linkKibAccount: endpoint({
    method: 'post',
    path: '/lti/kib-account/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary:
      "Links the instructor's LMS account to a Kib teacher account, checked by its e-mail and password",
    body: LtiAccountLinkSchema,
    response: LtiTeacherModulesSchema,
  }),
  unlinkKibAccount: endpoint({
    method: 'delete',
    path: '/lti/kib-account/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "Removes the link of the instructor's LMS account to a Kib teacher account",
    response: null,
  }),
  ltiKibModuleCode: endpoint({
    method: 'post',
    path: '/lti/kib-account/modules/:id/code/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary: "The student activity code of a module of the linked teacher's, made when it has none",
    response: LtiModuleCodeSchema,
  }),
  saveLtiModule: endpoint({
    method: 'post',
    path: '/custom-lti/save_module_data/',
    access: roles('LTITeacher'),
    tag: TAG,
    summary:
      "Saves a module of the LMS instructor's for the activity they are choosing, with its student activity code (spec 03 §7)",
    body: SaveLtiModuleSchema,
    response: SaveLtiModuleAnswerSchema,
  }),
};
