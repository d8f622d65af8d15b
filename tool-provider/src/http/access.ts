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
  | { readonly kind: 'authenticated' }
  | { readonly kind: 'roles'; readonly roles: readonly GroupName[] };

/** Anyone may call the route. */
export const PUBLIC: Access = { kind: 'public' };
/** Any logged-in user may call the route. */
export const AUTHENTICATED: Access = { kind: 'authenticated' };
/** Only logged-in users in one of these groups may call the route. */
export function roles(...names: GroupName[]): Access {
  if (names.length === 0) throw new Error('roles() needs at least one group');
  return { kind: 'roles', roles: names };
}

/** The caller of a request, once its access token is verified. */
export interface Principal {
  userId: number;
  groups: string[];
}

/** The outcome of an access check, before any input is read. */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** Decides whether `principal` (null when anonymous) may call a route with `access`. */
export function decide(access: Access, principal: Principal | null): AccessDecision {
  switch (access.kind) {
    case 'public':
      return 'allow';
    case 'authenticated':
      return principal ? 'allow' : 'unauthenticated';
    case 'roles':
      if (!principal) return 'unauthenticated';
      return access.roles.some((r) => principal.groups.includes(r)) ? 'allow' : 'forbidden';
  }
}
