import { endpoint, PUBLIC } from './contract';
import {
  DeleteTempStudentSchema,
  ModuleCodeQuerySchema,
  ModuleCodeStudentsAnswerSchema,
  ModuleCodeTeachersAnswerSchema,
  RegisterTempStudentSchema,
  TempStudentRegistrationSchema,
} from './activities.schemas';

const TAG = 'activities';

/**
 * Code-based activities (spec 03 §7): a module opened without an account. Public because the code
 * is the credential; a wrong code is 404 `module-code-invalid`, and wrong codes are counted per
 * address.
 */
export const ACTIVITY_ENDPOINTS = {
  validateStudentCode: endpoint({
    method: 'get',
    path: '/validatemodulecodestudents/',
    access: PUBLIC,
    tag: TAG,
    summary:
      "The module and problems of a student code; with a temporary student's token, also their own record",
    query: ModuleCodeQuerySchema,
    response: ModuleCodeStudentsAnswerSchema,
  }),
  validateTeacherCode: endpoint({
    method: 'get',
    path: '/validatemodulecodeteachers/',
    access: PUBLIC,
    tag: TAG,
    summary: 'The results of the activity of a teacher code: its problems, its students and their stats',
    query: ModuleCodeQuerySchema,
    response: ModuleCodeTeachersAnswerSchema,
  }),
  registerTempStudent: endpoint({
    method: 'post',
    path: '/register_temp_student/',
    access: PUBLIC,
    tag: TAG,
    summary: "Joins the activity of a student code without an account: the student's id and access token",
    body: RegisterTempStudentSchema,
    response: TempStudentRegistrationSchema,
    status: 201,
  }),
  deleteTempStudent: endpoint({
    method: 'post',
    path: '/delete_temp_student/',
    access: PUBLIC,
    tag: TAG,
    summary: 'Removes a student, with their stats, from the activity of a teacher code',
    body: DeleteTempStudentSchema,
    response: null,
  }),
};
