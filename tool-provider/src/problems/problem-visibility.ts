import { QueryTypes, type Sequelize } from 'sequelize';
import type { Principal } from '../http/access';
import type { ProblemAccess } from './problem.repository';

/**
 * Who sees a problem that is not published: its author, a coauthor, a supervisor or platform admin,
 * or an account flagged `can_edit_any_problem`.
 */
export function problemVisibility(sequelize: Sequelize) {
  return async (principal: Principal, access: ProblemAccess): Promise<boolean> => {
    if (access.authorId === principal.userId || access.coauthorIds.includes(principal.userId)) return true;
    if (principal.groups.includes('Supervisors') || principal.groups.includes('Platform Admin')) return true;
    const rows = await sequelize.query<{ ok: boolean }>(
      `SELECT can_edit_any_problem AS ok FROM users WHERE id = :id`,
      { replacements: { id: principal.userId }, type: QueryTypes.SELECT },
    );
    return rows[0]?.ok === true;
  };
}
