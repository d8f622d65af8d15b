import { endpoint, roles } from './contract';
import {
  ClassroomInputSchema,
  ClassroomLevelsSchema,
  ClassroomStudentsQuerySchema,
  ClassroomStudentsSchema,
  BULK_REGISTRATION_MAX_ROWS,
  RegistrationJobSchema,
  RegisterStudentsFileSchema,
  RegisterStudentsSchema,
  STUDENT_SPREADSHEET_MAX_BYTES,
  RegisterTeacherToSchoolSchema,
  TeacherClassroomSchema,
  TeacherDataSchema,
  TeacherSchoolSchema,
} from './teacher.schemas';

const TAG = 'teacher';
const TEACHERS = roles('Teachers');

/**
 * The teacher's classrooms (spec 03 §2 "Teacher dashboard"): the dashboard's data, the classroom
 * levels, creating, changing and deleting a classroom, and joining a school with a teacher code.
 * Classrooms need a valid school subscription; the server refuses them without one (403
 * `subscription-required`). A classroom of another teacher is answered as not found (404).
 */
export const TEACHER_ENDPOINTS = {
  teacherData: endpoint({
    method: 'get',
    path: '/get-teacher-data/',
    access: TEACHERS,
    tag: TAG,
    summary: "Whether the caller's school plan is valid, their school, and their classrooms with counts",
    response: TeacherDataSchema,
  }),
  classroomLevels: endpoint({
    method: 'get',
    path: '/get-classroom-levels/',
    access: TEACHERS,
    tag: TAG,
    summary: 'The levels a classroom may have',
    response: ClassroomLevelsSchema,
  }),
  createClassroom: endpoint({
    method: 'post',
    path: '/classrooms/',
    access: TEACHERS,
    tag: TAG,
    summary: 'Creates a classroom of the caller with a new six-character registration code',
    body: ClassroomInputSchema,
    response: TeacherClassroomSchema,
    status: 201,
  }),
  updateClassroom: endpoint({
    method: 'put',
    path: '/classrooms/:id',
    access: TEACHERS,
    tag: TAG,
    summary: "Changes the name, description or level of one of the caller's classrooms",
    body: ClassroomInputSchema,
    response: TeacherClassroomSchema,
  }),
  deleteClassroom: endpoint({
    method: 'delete',
    path: '/classrooms/:id',
    access: TEACHERS,
    tag: TAG,
    summary:
      "Deletes one of the caller's classrooms: its memberships and assignments go, the students' results stay",
    response: null,
  }),
  registerStudents: endpoint({
    method: 'post',
    path: '/createregisterstudents/',
    access: TEACHERS,
    tag: TAG,
    summary: `Starts registering up to ${BULK_REGISTRATION_MAX_ROWS} students in one of the caller's classrooms, each row on its own, as a job followed at createregisterstudents/{id}/`,
    body: RegisterStudentsSchema,
    response: RegistrationJobSchema,
    status: 202,
    maxBodyBytes: 2 * 1024 * 1024,
  }),
  registerStudentsFile: endpoint({
    method: 'post',
    path: '/createregisterstudents/file/',
    access: TEACHERS,
    tag: TAG,
    summary:
      'Starts registering the students of a spreadsheet (.xlsx, .xls, .ods, .csv; first row skipped; first name, last name, e-mail) as createregisterstudents/ does',
    body: RegisterStudentsFileSchema,
    response: RegistrationJobSchema,
    status: 202,
    maxBodyBytes: Math.ceil(STUDENT_SPREADSHEET_MAX_BYTES / 3) * 4 + 1024,
  }),
  registrationJob: endpoint({
    method: 'get',
    path: '/createregisterstudents/:id/',
    access: TEACHERS,
    tag: TAG,
    summary:
      "Where one of the caller's bulk registrations stands; once done, each row's outcome with the new accounts' passwords, shown this once (later 404), as for anybody else's",
    response: RegistrationJobSchema,
  }),
  classroomStudents: endpoint({
    method: 'get',
    path: '/getregisterstudents/',
    access: TEACHERS,
    tag: TAG,
    summary: "The students of one of the caller's classrooms, with when they joined",
    query: ClassroomStudentsQuerySchema,
    response: ClassroomStudentsSchema,
  }),
  registerTeacherToSchool: endpoint({
    method: 'post',
    path: '/registerTeacherToSchool/',
    access: TEACHERS,
    tag: TAG,
    summary: 'Joins the school of a teacher code (single use, until it expires); wrong codes are slowed down',
    body: RegisterTeacherToSchoolSchema,
    response: TeacherSchoolSchema,
  }),
};
