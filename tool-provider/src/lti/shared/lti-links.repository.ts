import type { LtiRecentActivity } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { LtiRole } from './roles';

/** A resource link of a platform as a launch describes it. */
export interface ResourceLinkLaunch {
  kind: '1.1' | '1.3';
  /** The consumer key (1.1), or the issuer (1.3), as in lti_identities. */
  platform: string;
  resourceLinkId: string;
  contextId: string | null;
  contextTitle: string;
  title: string;
  moduleId: number;
  /** The activity code that opened the module. */
  activityCode: string;
  /** The registered LTI 1.3 platform, whose token endpoint grants the NRPS token. */
  lti13PlatformId: number | null;
  /** The course's Names and Role Provisioning Service (LTI 1.3), when the platform offers it. */
  membershipsUrl: string | null;
}

/** A recorded resource link. */
export interface ResourceLinkRecord extends ResourceLinkLaunch {
  id: number;
  rosterSyncedAt: Date | null;
}

/** A learner of a resource link, with whether they have launched it yet. */
export interface LinkLearner {
  id: number;
  firstName: string;
  lastName: string;
  launched: boolean;
}

const SELECT_LINK = `
  SELECT l.id, l.kind, l.platform, l.resource_link_id AS "resourceLinkId", l.context_id AS "contextId",
         l.context_title AS "contextTitle", l.title, l.module_id AS "moduleId", l.activity_code AS "activityCode",
         l.lti13_platform_id AS "lti13PlatformId", l.memberships_url AS "membershipsUrl",
         l.roster_synced_at AS "rosterSyncedAt"
  FROM lti_resource_links l`;

/** Data access of the LMS resource links Kib was launched from and their members (SQL). */
export class LtiLinkRepository {
  constructor(private readonly sequelize: Sequelize) {}

  /**
   * Records a launch: the link is created or refreshed (its titles, the module its activity code
   * opens now, its NRPS URL), and the user becomes or stays its member in the launch's role.
   */
  async recordLaunch(link: ResourceLinkLaunch, userId: number, role: LtiRole, now: Date): Promise<number> {
    return this.sequelize.transaction(async (transaction) => {
      const [row] = await this.sequelize.query<{ id: number }>(
        `INSERT INTO lti_resource_links (kind, platform, resource_link_id, context_id, context_title, title,
                                         module_id, activity_code, lti13_platform_id, memberships_url)
         VALUES (:kind, :platform, :resourceLinkId, :contextId, :contextTitle, :title, :moduleId,
                 :activityCode, :lti13PlatformId, :membershipsUrl)
         ON CONFLICT (kind, platform, resource_link_id) DO UPDATE SET
           context_id = EXCLUDED.context_id, context_title = EXCLUDED.context_title, title = EXCLUDED.title,
           module_id = EXCLUDED.module_id, activity_code = EXCLUDED.activity_code,
           lti13_platform_id = EXCLUDED.lti13_platform_id,
           memberships_url = EXCLUDED.memberships_url, updated_at = now()
         RETURNING id`,
        { replacements: { ...link }, type: QueryTypes.SELECT, transaction },
      );
      await this.sequelize.query(
        `INSERT INTO lti_link_members (link_id, user_id, role, last_launch_at) VALUES (:linkId, :userId, :role, :now)
         ON CONFLICT (link_id, user_id) DO UPDATE SET role = EXCLUDED.role, last_launch_at = EXCLUDED.last_launch_at`,
        { replacements: { linkId: row!.id, userId, role, now }, transaction },
      );
      return row!.id;
    });
  }

  /** The link, when the user is one of its instructors; null otherwise. */
  async findForInstructor(linkId: number, userId: number): Promise<ResourceLinkRecord | null> {
    const rows = await this.sequelize.query<ResourceLinkRecord>(
      `${SELECT_LINK} JOIN lti_link_members m ON m.link_id = l.id
       WHERE l.id = :linkId AND m.user_id = :userId AND m.role = 'instructor'`,
      { replacements: { linkId, userId }, type: QueryTypes.SELECT },
    );
    return rows[0] ?? null;
  }

  /**
   * The activities a user placed or opened as an instructor, newest first, one per module: the
   * module, the activity code the LMS link carries, and the course of its latest link.
   */
  async instructorActivities(userId: number, limit: number): Promise<LtiRecentActivity[]> {
    return this.sequelize.query(
      `SELECT "moduleId", name, "activityCode", "contextTitle" FROM (
         SELECT DISTINCT ON (l.module_id) l.module_id AS "moduleId", mo.name, l.activity_code AS "activityCode",
                l.context_title AS "contextTitle", m.last_launch_at AS launched
         FROM lti_link_members m
         JOIN lti_resource_links l ON l.id = m.link_id
         JOIN modules mo ON mo.id = l.module_id
         WHERE m.user_id = :userId AND m.role = 'instructor' AND l.activity_code <> ''
         ORDER BY l.module_id, m.last_launch_at DESC NULLS LAST
       ) recent ORDER BY launched DESC NULLS LAST LIMIT :limit`,
      { replacements: { userId, limit }, type: QueryTypes.SELECT },
    );
  }

  /** The link's learners, by last and first name. */
  async learners(linkId: number): Promise<LinkLearner[]> {
    return this.sequelize.query<LinkLearner>(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName",
              (m.last_launch_at IS NOT NULL) AS launched
       FROM lti_link_members m JOIN users u ON u.id = m.user_id
       WHERE m.link_id = :linkId AND m.role = 'learner'
       ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
      { replacements: { linkId }, type: QueryTypes.SELECT },
    );
  }

  /**
   * Claims the link's roster synchronisation: true for exactly one caller when the roster was never
   * synchronised or not since `staleBefore`, so two instructors opening the results at once make
   * one NRPS call.
   */
  async claimRosterSync(linkId: number, staleBefore: Date, now: Date): Promise<boolean> {
    const rows = await this.sequelize.query(
      `UPDATE lti_resource_links SET roster_synced_at = :now
       WHERE id = :linkId AND (roster_synced_at IS NULL OR roster_synced_at < :staleBefore) RETURNING id`,
      { replacements: { linkId, staleBefore, now }, type: QueryTypes.SELECT },
    );
    return rows.length === 1;
  }

  /** Gives back a claim whose synchronisation failed, so the next view tries again. */
  async releaseRosterSync(linkId: number): Promise<void> {
    await this.sequelize.query(`UPDATE lti_resource_links SET roster_synced_at = NULL WHERE id = :linkId`, {
      replacements: { linkId },
    });
  }

  /**
   * Makes the roster's learners (Kib users already) the link's learners: those not yet members join
   * without a launch; members who never launched and are no longer on the roster leave. Learners who
   * launched stay, with their results, whatever the roster says.
   */
  async replaceRosterLearners(linkId: number, userIds: number[]): Promise<void> {
    await this.sequelize.transaction(async (transaction) => {
      await this.sequelize.query(
        `DELETE FROM lti_link_members
         WHERE link_id = :linkId AND role = 'learner' AND last_launch_at IS NULL
           AND NOT (user_id = ANY(ARRAY(SELECT jsonb_array_elements_text(CAST(:ids AS jsonb))::int)))`,
        { replacements: { linkId, ids: JSON.stringify(userIds) }, transaction },
      );
      await this.sequelize.query(
        `INSERT INTO lti_link_members (link_id, user_id, role)
         SELECT :linkId, id::int, 'learner' FROM jsonb_array_elements_text(CAST(:ids AS jsonb)) AS id
         ON CONFLICT (link_id, user_id) DO NOTHING`,
        { replacements: { linkId, ids: JSON.stringify(userIds) }, transaction },
      );
    });
  }
}
