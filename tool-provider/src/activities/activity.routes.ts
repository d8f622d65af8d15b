import { API } from '@kib/core';
import type { Request, Response } from 'express';
import type { ApiRouter } from '../http/api-router';
import type { ActivityService } from './activity.service';

/** The caller's address, as the rate limits count it. */
function addressOf(req: Request): string {
  return req.ip ?? 'unknown';
}

/** Activity answers name students and carry their results: no browser or proxy keeps a copy. */
function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/**
 * Code-based activities (spec 03 §7), all public because the code is the credential:
 * validatemodulecodestudents/, validatemodulecodeteachers/, register_temp_student/ and
 * delete_temp_student/.
 */
export function registerActivityRoutes(api: ApiRouter, activities: ActivityService): void {
  api.handle(API.validateStudentCode, {
    handle: async ({ query, req, res, principal }) => {
      noStore(res);
      return { body: await activities.validateForStudents(query.moduleCode, addressOf(req), principal) };
    },
  });

  api.handle(API.validateTeacherCode, {
    handle: async ({ query, req, res }) => {
      noStore(res);
      return { body: await activities.validateForTeachers(query.moduleCode, addressOf(req)) };
    },
  });

  api.handle(API.registerTempStudent, {
    handle: async ({ body, req, res }) => {
      noStore(res);
      return { body: await activities.registerTempStudent(body, addressOf(req)) };
    },
  });

  api.handle(API.deleteTempStudent, {
    handle: async ({ body, req }) => {
      await activities.deleteTempStudent(body, addressOf(req));
    },
  });
}
