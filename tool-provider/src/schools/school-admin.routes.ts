import { API } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { SchoolAdminService } from './school-admin.service';

/**
 * The school administrator's area: the dashboard data, the school's registration, its school codes,
 * teacher codes, teachers and classrooms. Which school the caller may act on is the service's rule.
 */
export function registerSchoolAdminRoutes(api: ApiRouter, schools: SchoolAdminService): void {
  api.handle(API.schoolAdminData, {
    handle: async ({ principal, body }) => ({ body: await schools.data(principal, body.institutionId) }),
  });

  api.handle(API.registerSchool, {
    handle: async ({ principal, body }) => ({ status: 201, body: await schools.register(principal, body) }),
  });

  api.handle(API.setSchoolRegCode, {
    handle: async ({ principal, body }) => ({
      body: await schools.redeemSchoolCode(principal, body.institutionId, body.regCode),
    }),
  });

  api.handle(API.createTeachersCode, {
    handle: async ({ principal, body }) => ({
      status: 201,
      body: await schools.createTeacherCode(principal, body),
    }),
  });

  api.handle(API.teacherCodes, {
    handle: async ({ principal, body }) => ({
      body: await schools.teacherCodes(principal, body.institutionId),
    }),
  });

  api.handle(API.schoolTeachers, {
    handle: async ({ principal, body }) => ({ body: await schools.teachers(principal, body.institutionId) }),
  });

  api.handle(API.removeTeacher, {
    handle: async ({ principal, body }) => ({
      body: await schools.removeTeacher(principal, body.institutionId, body.teacherId),
    }),
  });

  api.handle(API.reassignClassroom, {
    handle: async ({ principal, body }) => ({ body: await schools.reassignClassroom(principal, body) }),
  });

  api.handle(API.institutionTeachersClassrooms, {
    handle: async ({ principal, body }) => ({
      body: await schools.teachersClassrooms(principal, body.institutionId, body.getModules),
    }),
  });
}
