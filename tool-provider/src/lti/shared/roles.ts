/** What a launch's roles mean to Kib: a teacher may pick activities; anybody else is a student. */
export type LtiRole = 'instructor' | 'learner';

/**
 * The LIS roles that make a teacher, as LTI 1.1 short names (`Instructor`), their URNs
 * (`urn:lti:role:ims/lis/Instructor`, `urn:lti:instrole:…`, `urn:lti:sysrole:…`, sub-roles such as
 * `…/Instructor/PrimaryInstructor`) and the LIS v2 vocabulary (`…/membership#Instructor`).
 */
const TEACHER =
  /^(?:urn:lti:(?:role|instrole|sysrole):ims\/lis\/|https?:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/(?:membership|institution\/person|system\/person)#)?(Instructor|Administrator|SysAdmin)(?:\/[A-Za-z]+)?$/;

/**
 * Maps the comma-separated `roles` of a launch: Instructor or Administrator (short, URN or URI)
 * makes an instructor; no role, an unknown role or a learner role makes a learner. Roles only
 * decide rights here; nothing else in the launch (custom parameters included) grants any.
 */
export function mapLtiRoles(roles: string | undefined): LtiRole {
  const list = (roles ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return list.some((r) => TEACHER.test(r)) ? 'instructor' : 'learner';
}
