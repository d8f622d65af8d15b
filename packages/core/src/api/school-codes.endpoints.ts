import { endpoint, roles } from './contract';
import {
  NewSchoolCodeSchema,
  SchoolCodeListSchema,
  SchoolCodeQuerySchema,
  SchoolCodeSchema,
} from './school-codes.schemas';

const TAG = 'platform-admin';
const PLATFORM_ADMINS = roles('Platform Admin');

/**
 * The platform admin's school codes (spec 03 "Platform administrator landing"): a school buys a
 * plan, the platform admin makes its code, the school's admin redeems it.
 */
export const SCHOOL_CODE_ENDPOINTS = {
  schoolCodes: endpoint({
    method: 'get',
    path: '/platform/school-codes/',
    access: PLATFORM_ADMINS,
    tag: TAG,
    summary: "Every school code, newest first, with its state and its school's use of the plan",
    query: SchoolCodeQuerySchema,
    response: SchoolCodeListSchema,
  }),
  createSchoolCode: endpoint({
    method: 'post',
    path: '/platform/school-codes/',
    access: PLATFORM_ADMINS,
    tag: TAG,
    summary: 'Makes a school code for a plan: number of students, until when the code and the plan are valid',
    body: NewSchoolCodeSchema,
    response: SchoolCodeSchema,
    status: 201,
  }),
  revokeSchoolCode: endpoint({
    method: 'post',
    path: '/platform/school-codes/:id/revoke/',
    access: PLATFORM_ADMINS,
    tag: TAG,
    summary: 'Revokes a school code: it can no longer be redeemed, and a plan it gave ends now',
    response: SchoolCodeSchema,
  }),
};
