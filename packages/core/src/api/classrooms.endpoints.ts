import { endpoint, roles } from './contract';
import {
  AddStudentRequestSchema,
  JoinClassroomAnswerSchema,
  StudentClassroomsSchema,
} from './classrooms.schemas';

const TAG = 'classrooms';

/** A student's classrooms: what is published in them, and joining one by its code. */
export const CLASSROOM_ENDPOINTS = {
  studentClassrooms: endpoint({
    method: 'get',
    path: '/get_student_classrooms/',
    access: roles('Students'),
    tag: TAG,
    summary: "The caller's classrooms, the modules published to them there, and the caller's stats",
    response: StudentClassroomsSchema,
  }),
  joinClassroom: endpoint({
    method: 'post',
    path: '/classrooms/add_student',
    access: roles('Students'),
    tag: TAG,
    summary: 'Joins a classroom by its registration code (joining twice is not an error)',
    body: AddStudentRequestSchema,
    response: JoinClassroomAnswerSchema,
  }),
};
