import { API, PathIdSchema } from '@kib/core';
import type { ApiRouter } from '../http/api-router';
import { schoolCodeUnknown, type SchoolCodeService } from './school-codes.service';

/** The school code id of a path; one that cannot exist names no code (404). */
function schoolCodeId(raw: string): number {
  const id = PathIdSchema.safeParse(raw);
  if (!id.success) throw schoolCodeUnknown();
  return id.data;
}

/** The platform admin's school codes: list and search them, make one, revoke one. */
export function registerSchoolCodeRoutes(api: ApiRouter, schoolCodes: SchoolCodeService): void {
  api.handle(API.schoolCodes, {
    handle: async ({ query }) => ({ body: await schoolCodes.list(query.search) }),
  });

  api.handle(API.createSchoolCode, {
    handle: async ({ principal, body }) => ({
      status: 201,
      body: await schoolCodes.create(principal.userId, {
        institutionName: body.institutionName,
        numberOfStudents: body.numberOfStudents,
        codeValidUntil: new Date(body.codeValidUntil),
        planValidUntil: new Date(body.planValidUntil),
      }),
    }),
  });

  api.handle(API.revokeSchoolCode, {
    handle: async ({ params }) => ({ body: await schoolCodes.revoke(schoolCodeId(params.id)) }),
  });
}
