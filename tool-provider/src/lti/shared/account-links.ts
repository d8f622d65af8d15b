import type { Login, LtiTeacherModules, ModuleCodes, ModuleSummary } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import { AppError } from '../../http/errors';
import type { Origin } from '../../http/origin';
import type { UserRecord } from '../../users/user.repository';

/** What the account link needs of the teacher area: the teacher's plan, modules and codes. */
export interface LinkedTeacherArea {
  /** Whether the teacher's school has a plan valid now. */
  hasValidSubscription(teacherId: number): Promise<boolean>;
  /** The teacher's modules, newest first. */
  modules(teacherId: number): Promise<ModuleSummary[]>;
  /** The activity codes of one of the teacher's modules, made when missing (404 for another's). */
  ensureCodes(teacherId: number, moduleId: number): Promise<ModuleCodes>;
}

interface LinkedAccount {
  teacherId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * An LMS instructor's link to their Kib teacher account (table `lti_account_links`): made by logging
 * in once with the Kib account's e-mail and password from the activity picker, it lets the picker
 * offer that teacher's own modules. Only an LTI instructor can link, only to an account of the
 * Teachers group, and the link never gives the LMS session more than the picker's list and codes.
 */
export class LtiAccountLinks {
  constructor(
    private readonly deps: {
      sequelize: Sequelize;
      verifyCredentials: (input: Login, origin: Origin) => Promise<UserRecord>;
      teachers: LinkedTeacherArea;
    },
  ) {}

  /** The linked account and its modules (none while unlinked or without a valid plan). */
  async view(ltiUserId: number): Promise<LtiTeacherModules> {
    const account = await this.linked(ltiUserId);
    if (!account) return { account: null, validSubscription: false, modules: [] };
    const { teachers } = this.deps;
    const validSubscription = await teachers.hasValidSubscription(account.teacherId);
    const modules = validSubscription ? await teachers.modules(account.teacherId) : [];
    return {
      account: { firstName: account.firstName, lastName: account.lastName, email: account.email },
      validSubscription,
      modules: modules.map(({ id, name, numProblems, creationDate }) => ({
        id,
        name,
        numProblems,
        creationDate,
      })),
    };
  }

  /**
   * Links the instructor to the Kib account of these credentials (replacing an earlier link). The
   * credentials are checked as a log-in is; an account that is not a teacher's is refused (403).
   */
  async link(ltiUserId: number, credentials: Login, origin: Origin): Promise<LtiTeacherModules> {
    const user = await this.deps.verifyCredentials(credentials, origin);
    if (!user.groups.includes('Teachers') || user.id === ltiUserId)
      throw new AppError(403, 'lti-link-not-teacher');
    await this.deps.sequelize.query(
      `INSERT INTO lti_account_links (lti_user_id, teacher_id) VALUES (:ltiUserId, :teacherId)
       ON CONFLICT (lti_user_id) DO UPDATE SET teacher_id = EXCLUDED.teacher_id, linked_at = now()`,
      { replacements: { ltiUserId, teacherId: user.id } },
    );
    return this.view(ltiUserId);
  }

  /** Removes the instructor's link, if any. */
  async unlink(ltiUserId: number): Promise<void> {
    await this.deps.sequelize.query(`DELETE FROM lti_account_links WHERE lti_user_id = :ltiUserId`, {
      replacements: { ltiUserId },
    });
  }

  /**
   * The student activity code of one of the linked teacher's modules, made when it has none: what
   * the picker then sends to the LMS as if the instructor had typed it. 404 without a link or for a
   * module that is not the linked teacher's; 403 `subscription-required` without a valid plan.
   */
  async moduleCode(ltiUserId: number, moduleId: number): Promise<{ activityCode: string }> {
    const account = await this.linked(ltiUserId);
    if (!account) throw AppError.notFound();
    const { teachers } = this.deps;
    if (!(await teachers.hasValidSubscription(account.teacherId)))
      throw new AppError(403, 'subscription-required');
    const codes = await teachers.ensureCodes(account.teacherId, moduleId);
    if (!codes.students) throw AppError.notFound();
    return { activityCode: codes.students };
  }

  private async linked(ltiUserId: number): Promise<LinkedAccount | null> {
    const [row] = await this.deps.sequelize.query<LinkedAccount>(
      `SELECT u.id AS "teacherId", u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM lti_account_links l
       JOIN users u ON u.id = l.teacher_id AND u.is_active
       WHERE l.lti_user_id = :ltiUserId
         AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id
                     WHERE ug.user_id = u.id AND g.name = 'Teachers')`,
      { replacements: { ltiUserId }, type: QueryTypes.SELECT },
    );
    return row ?? null;
  }
}
