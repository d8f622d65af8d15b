import { API } from '@kib/core';
import type { Sequelize } from 'sequelize';
import type { ApiRouter } from '../http/api-router';
import type { Limiters } from '../http/rate-limit';
import { ClassroomRepository } from './classroom.repository';
import { ClassroomService } from './classroom.service';
import { StudentClassroomsRepository } from './student-classrooms.repository';

/**
 * GET get_student_classrooms/: the caller's classrooms and what is published in them.
 * POST classrooms/add_student: the caller joins a classroom with its registration code
 * ({@link ClassroomService.join}).
 */
export function registerClassroomRoutes(
  api: ApiRouter,
  sequelize: Sequelize,
  limiters: Limiters,
  now: () => Date = () => new Date(),
): void {
  const classrooms = new ClassroomService({
    classrooms: new ClassroomRepository(sequelize),
    studentClassrooms: new StudentClassroomsRepository(sequelize),
    codeLimiter: limiters.classroomCodePerAccount,
    now,
  });

  api.handle(API.studentClassrooms, {
    handle: async ({ principal }) => ({ body: await classrooms.forStudent(principal.userId) }),
  });

  api.handle(API.joinClassroom, {
    handle: async ({ body, principal }) => ({ body: await classrooms.join(principal.userId, body.code) }),
  });
}
