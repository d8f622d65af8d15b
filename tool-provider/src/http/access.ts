import type { GroupName } from '@kib/core';

/**
 * Who may call a route. Every route declares one; there is no default, and a route without a rule
 * cannot be registered (default deny).
 * - `public`: anyone, logged in or not;
 * - `authenticated`: any logged-in user;
 * - `roles`: a logged-in user in at least one of the groups.
 * Ownership (the row belongs to the caller) is a further per-route check, `owns`, run after the role check.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated'; readonly tempStudents?: boolean }
  | { readonly kind: 'roles'; readonly roles: readonly GroupName[] };

/** Anyone may call the route. */
export const PUBLIC: Access = { kind: 'public' };
/** Any logged-in user may call the route (a temporary code student is not a user: 403). */
export const AUTHENTICATED: Access = { kind: 'authenticated' };
/**
 * Any logged-in user, or a temporary (code) student: the solving routes, which such a student needs
 * and which check for themselves what the student may answer.
 */
export const AUTHENTICATED_OR_TEMP_STUDENT: Access = { kind: 'authenticated', tempStudents: true };
/** Only logged-in users in one of these groups may call the route. */
export function roles(...names: GroupName[]): Access {
  if (names.length === 0) throw new Error('roles() needs at least one group');
  return { kind: 'roles', roles: names };
}

/** The group of a temporary (code) student's token; not a group of the database. */
export const TEMP_STUDENT_GROUP = 'TempStudent';

/** Who a temporary (code) student is, and the one module their token opens. */
export interface TempStudentClaim {
  id: number;
  moduleId: number;
}

/** The caller of a request, once its access token is verified. */
export interface Principal {
  /** The caller's account; 0 for a temporary (code) student, who has none. */
  userId: number;
  groups: string[];
  /** Present only for a temporary (code) student (no account), who may solve one module. */
  tempStudent?: TempStudentClaim;
}

/** The outcome of an access check, before any input is read. */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** Decides whether `principal` (null when anonymous) may call a route with `access`. */
export function decide(access: Access, principal: Principal | null): AccessDecision {
  switch (access.kind) {
    case 'public':
      return 'allow';
    case 'authenticated':
      if (!principal) return 'unauthenticated';
      return principal.tempStudent && !access.tempStudents ? 'forbidden' : 'allow';
    case 'roles':
      if (!principal) return 'unauthenticated';
      if (principal.tempStudent) return 'forbidden';
      return access.roles.some((r) => principal.groups.includes(r)) ? 'allow' : 'forbidden';
  }
}
