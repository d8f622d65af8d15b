import { endpoint, roles } from './contract';
import {
  CreateTeachersCodeSchema,
  InstitutionRefSchema,
  InstitutionTeachersClassroomsQuerySchema,
  InstitutionTeachersClassroomsSchema,
  NewTeacherCodeSchema,
  ReassignClassroomSchema,
  RegisteredSchoolSchema,
  RemoveTeacherSchema,
  SchoolAdminDataQuerySchema,
  SchoolAdminDataSchema,
  SchoolRegistrationSchema,
  SchoolSubscriptionAnswerSchema,
  SchoolTeachersClassroomsSchema,
  SchoolTeachersSchema,
  SetSchoolRegCodeSchema,
  TeacherCodesSchema,
} from './school-admin.schemas';

const TAG = 'school-admin';
/** A school admin acts on their own school only; a platform admin on any (checked by the server). */
const SCHOOL_ADMINS = roles('School Admin', 'Platform Admin');

/**
 * The school administrator's area (spec 03 §2 "School administrator landing", §6, §7): a school
 * registers, redeems the school code of the plan it bought, brings its teachers in with teacher
 * codes, and keeps its classrooms when a teacher leaves. Every call naming an `institutionId`
 * answers 404 to an admin of another school.
 */
export const SCHOOL_ADMIN_ENDPOINTS = {
  schoolAdminData: endpoint({
    method: 'post',
    path: '/getSchoolAdminData/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary:
      "The admin's school, its subscription, teachers and classrooms (a platform admin names the school)",
    body: SchoolAdminDataQuerySchema,
    response: SchoolAdminDataSchema,
  }),
  registerSchool: endpoint({
    method: 'post',
    path: '/registerSchool/',
    access: roles('School Admin'),
    tag: TAG,
    summary: "Registers the admin's school (once): name, city, address, e-mail and telephone",
    body: SchoolRegistrationSchema,
    response: RegisteredSchoolSchema,
    status: 201,
  }),
  setSchoolRegCode: endpoint({
    method: 'post',
    path: '/setSchoolRegCode/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary:
      "Redeems a platform admin's school code for the school: its plan starts; wrong codes are slowed down",
    body: SetSchoolRegCodeSchema,
    response: SchoolSubscriptionAnswerSchema,
  }),
  createTeachersCode: endpoint({
    method: 'post',
    path: '/createTeachersCode/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: 'Makes a single-use teacher code for the school, optionally e-mailed to the teacher',
    body: CreateTeachersCodeSchema,
    response: NewTeacherCodeSchema,
    status: 201,
  }),
  teacherCodes: endpoint({
    method: 'post',
    path: '/getTeacherCodes/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: "The school's teacher codes, newest first, with their state and who used them",
    body: InstitutionRefSchema,
    response: TeacherCodesSchema,
  }),
  schoolTeachers: endpoint({
    method: 'post',
    path: '/getschoolteachersdata/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: "The school's teachers with their classrooms, students and modules",
    body: InstitutionRefSchema,
    response: SchoolTeachersSchema,
  }),
  removeTeacher: endpoint({
    method: 'post',
    path: '/removeteacher/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: 'Removes a teacher from the school; the school keeps their classrooms and the results',
    body: RemoveTeacherSchema,
    response: SchoolTeachersClassroomsSchema,
  }),
  reassignClassroom: endpoint({
    method: 'post',
    path: '/reassign-classroom/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: 'Gives a classroom of the school to one of its teachers',
    body: ReassignClassroomSchema,
    response: SchoolTeachersClassroomsSchema,
  }),
  institutionTeachersClassrooms: endpoint({
    method: 'post',
    path: '/get-institution-teachers-classrooms/',
    access: SCHOOL_ADMINS,
    tag: TAG,
    summary: "A school's classrooms and teachers, and on request the modules assigned in them",
    body: InstitutionTeachersClassroomsQuerySchema,
    response: InstitutionTeachersClassroomsSchema,
  }),
};
