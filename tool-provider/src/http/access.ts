import type { Access } from '@kib/core';

/**
 * Who may call a route ({@link Access}): declared with each endpoint in `@kib/core`, so the server
 * and its clients read the same rule. There is no default, and a route without a rule cannot be
 * registered (default deny).
 */
export { AUTHENTICATED, AUTHENTICATED_OR_TEMP_STUDENT, PUBLIC, roles, type Access } from '@kib/core';

/** The group of a temporary (code) student's token; not a group of the database. */
export const TEMP_STUDENT_GROUP = 'TempStudent';

/** Who a temporary (code) student is, and the one module their token opens. */
export interface TempStudentClaim {
  id: number;
  moduleId: number;
}

/** A classroom embed token's reach: one classroom's dashboards, read only. */
export interface EmbedClaim {
  classroomId: number;
  tokenId: number;
}

/** The caller of a request, once its access token is verified. */
export interface Principal {
  /** The caller's account; 0 for a temporary (code) student, who has none. */
  userId: number;
  groups: string[];
  /** Present only for a temporary (code) student (no account), who may solve one module. */
  tempStudent?: TempStudentClaim;
  /**
   * Present only for a classroom embed token: the caller is then the classroom's teacher, but only
   * on the endpoints declared `embed` and only for that classroom.
   */
  embed?: EmbedClaim;
}

/** The outcome of an access check, before any input is read. */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/**
 * Decides whether `principal` (null when anonymous) may call a route with `access`. An embed token
 * is refused everywhere but on `embeddable` routes.
 */
export function decide(access: Access, principal: Principal | null, embeddable = false): AccessDecision {
  if (principal?.embed && !embeddable) return 'forbidden';
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
