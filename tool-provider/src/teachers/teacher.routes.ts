import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import type { FileParsers } from '../parsing/file-parsers';
import { AppError } from '../http/errors';
import type { RegistrationJobs } from './registration-jobs';
import { studentRows } from './student-spreadsheet';
import type { TeacherService } from './teacher.service';

/** The id of a path, or 404 (an id that cannot exist names nothing of the caller's). */
function pathId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw AppError.notFound();
  return id.data;
}

/**
 * The teacher's dashboard data, classroom levels, classrooms (create, change, delete: the caller's
 * own only, with a valid school plan), bulk registrations of students (background jobs; spreadsheets
 * read by `parsers`, off the event loop) and joining a school with a teacher code.
 */
export function registerTeacherRoutes(
  api: ApiRouter,
  teachers: TeacherService,
  registrations: RegistrationJobs,
  parsers: FileParsers,
): void {
  api.handle(API.teacherData, {
    handle: async ({ principal }) => ({ body: await teachers.data(principal.userId) }),
  });

  api.handle(API.classroomLevels, {
    handle: async () => ({ body: await teachers.levels() }),
  });

  api.handle(API.createClassroom, {
    handle: async ({ principal, body: { name, description, levelId } }) => ({
      body: await teachers.createClassroom(principal.userId, { name, description, levelId }),
    }),
  });

  api.handle(API.updateClassroom, {
    handle: async ({ principal, params, body: { name, description, levelId } }) => ({
      body: await teachers.updateClassroom(principal.userId, pathId(params.id), {
        name,
        description,
        levelId,
      }),
    }),
  });

  api.handle(API.deleteClassroom, {
    handle: async ({ principal, params }) => {
      await teachers.deleteClassroom(principal.userId, pathId(params.id));
    },
  });

  api.handle(API.registerStudents, {
    handle: async ({ principal, body, req }) => ({
      body: await registrations.submit(
        principal.userId,
        body.classroom,
        () => body.newStudents,
        req.language,
      ),
    }),
  });

  api.handle(API.registerStudentsFile, {
    handle: async ({ principal, body, req }) => ({
      body: await registrations.submit(
        principal.userId,
        body.classroom,
        () => studentRows(parsers, Buffer.from(body.content, 'base64')),
        req.language,
      ),
    }),
  });

  api.handle(API.registrationJob, {
    handle: async ({ principal, params, req }) => ({
      body: await registrations.status(principal.userId, params.id, req.language),
    }),
  });

  api.handle(API.classroomStudents, {
    handle: async ({ principal, query }) => ({
      body: await teachers.classroomStudents(principal.userId, query.classroom),
    }),
  });

  api.handle(API.registerTeacherToSchool, {
    handle: async ({ principal, body }) => ({
      body: await teachers.registerToSchool(principal.userId, body.code),
    }),
  });
}
