import { QueryTypes, type Sequelize } from 'sequelize';
import type { Principal } from '../http/access';
import type { ProblemAccess } from './problem.repository';

/**
 * Who sees a problem that is not published: its author, a coauthor, a supervisor or platform admin,
 * or an account flagged `can_edit_any_problem`.
 */
export function problemVisibility(sequelize: Sequelize) {
  return async (principal: Principal, access: ProblemAccess): Promise<boolean> => {
    if (seesUnpublished(principal, access, false)) return true;
    const rows = await sequelize.query<{ ok: boolean }>(
      `SELECT can_edit_any_problem AS ok FROM users WHERE id = :id`,
      { replacements: { id: principal.userId }, type: QueryTypes.SELECT },
    );
    return rows[0]?.ok === true;
  };
}

/**
 * The same rule when whether the account edits any problem (`can_edit_any_problem`) is already
 * known: its author, a coauthor, a supervisor or platform admin, or such an account.
 */
export function seesUnpublished(principal: Principal, access: ProblemAccess, editsAny: boolean): boolean {
  if (access.authorId === principal.userId || access.coauthorIds.includes(principal.userId)) return true;
  if (principal.groups.includes('Supervisors') || principal.groups.includes('Platform Admin')) return true;
  return editsAny;
}
