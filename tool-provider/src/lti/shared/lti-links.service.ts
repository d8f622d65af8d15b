import type {
  ActivityStudent,
  LtiGradeFailure,
  LtiLinkResults,
  LtiRecentActivity,
  LtiRosterSource,
} from '@kib/core';
import type { ActivityRepository } from '../../activities/activity.repository';
import { numeralSummaries } from '../../activities/activity.service';
import type { Principal } from '../../http/access';
import { AppError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { LtiRepository } from './lti.repository';
import type { LtiLinkRepository, ResourceLinkLaunch, ResourceLinkRecord } from './lti-links.repository';
import type { Lti13Repository } from '../v13/lti13.repository';
import type { MembershipsClient } from '../v13/nrps';
import type { LtiRole } from './roles';
import type { GivenUpGrade } from './outbox.repository';

/** One protocol's grade outbox as an instructor's view of a link reads and resends it. */
export interface GradeGiveUps {
  givenUp(moduleId: number, lms: string | number, userIds: number[]): Promise<GivenUpGrade[]>;
  resendGivenUp(moduleId: number, lms: string | number, userIds: number[], now: Date): Promise<number>;
}

/** How many recent activities the picker offers. */
export const RECENT_ACTIVITIES = 20;

/** A link's roster is read again from the platform at most this often. */
export const ROSTER_REFRESH_MS = 5 * 60 * 1000;

/**
 * The LMS resource links Kib is placed at: every launch records its link (course, title, the module
 * its activity code opens) and its user's role there; an instructor of a link sees its learners'
 * results. Where the LTI 1.3 platform offers Names and Role Provisioning, the course's learners are
 * read from the roster (at most every {@link ROSTER_REFRESH_MS}) and listed before they first
 * launch, so the results show who has not started yet.
 */
export class LtiLinks {
  constructor(
    private readonly deps: {
      links: LtiLinkRepository;
      users: LtiRepository;
      activities: ActivityRepository;
      platforms: Lti13Repository;
      memberships: MembershipsClient;
      /** The grade outboxes: Basic Outcomes (LTI 1.1) and AGS scores (LTI 1.3). */
      grades: { basicOutcomes: GradeGiveUps; agsScores: GradeGiveUps };
      logger: Logger;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Records a launch of the link by the user in their role; answers the link's id. */
  recordLaunch(link: ResourceLinkLaunch, userId: number, role: LtiRole): Promise<number> {
    return this.deps.links.recordLaunch(link, userId, role, this.now());
  }

  /** The results of the link's learners, for one of its instructors (anyone else: not found). */
  async results(principal: Principal, linkId: number): Promise<LtiLinkResults> {
    const { links, activities } = this.deps;
    const link = await links.findForInstructor(linkId, principal.userId);
    if (!link) throw AppError.notFound();
    const roster = await this.syncRoster(link);
    const module = await activities.module(link.moduleId);
    if (!module) throw AppError.notFound();
    const { problems, numerals } = await activities.content(link.moduleId);
    const learners = await links.learners(link.id);
    const stats = await activities.userStats(
      learners.map((l) => l.id),
      numerals.map((n) => n.id),
    );
    const studentsData: ActivityStudent[] = learners.map((l) => ({
      id: l.id,
      firstName: l.firstName,
      lastName: l.lastName,
      studentCode: null,
      stats: stats.get(l.id) ?? [],
    }));
    const failures = await this.gradeOutbox(link);
    const gradeFailures: LtiGradeFailure[] = failures
      ? (
          await failures.store.givenUp(
            link.moduleId,
            failures.lms,
            learners.map((l) => l.id),
          )
        ).map((g) => ({
          studentId: g.userId,
          score: g.score,
          attempts: g.attempts,
          error: g.lastError,
          givenUpAt: g.givenUpAt.toISOString(),
        }))
      : [];
    return {
      link: { id: link.id, title: link.title, contextTitle: link.contextTitle, moduleId: link.moduleId },
      roster,
      gradeFailures,
      moduleData: { ...module, validUntil: null },
      problems,
      numerals,
      studentsData,
      numeralsStats: numeralSummaries(numerals, studentsData),
    };
  }

  /**
   * Sends the link's given-up grades again — of one of its learners, or of all of them — for one of
   * its instructors (anyone else: not found). They go at the senders' next pass, with their tries
   * counted afresh. Answers how many were queued.
   */
  async resendGrades(principal: Principal, linkId: number, studentId?: number): Promise<{ resent: number }> {
    const link = await this.deps.links.findForInstructor(linkId, principal.userId);
    if (!link) throw AppError.notFound();
    const learners = (await this.deps.links.learners(link.id)).map((l) => l.id);
    const userIds = studentId === undefined ? learners : learners.filter((id) => id === studentId);
    if (studentId !== undefined && userIds.length === 0) throw AppError.notFound();
    const outbox = await this.gradeOutbox(link);
    const resent = outbox
      ? await outbox.store.resendGivenUp(link.moduleId, outbox.lms, userIds, this.now())
      : 0;
    this.deps.logger.info(
      { linkId: link.id, moduleId: link.moduleId, userId: principal.userId, resent },
      'given-up grades queued again',
    );
    return { resent };
  }

  /** The outbox a link's grades go through, and the LMS they go to (null: a link without a platform). */
  private async gradeOutbox(
    link: ResourceLinkRecord,
  ): Promise<{ store: GradeGiveUps; lms: string | number } | null> {
    if (link.kind === '1.1') return { store: this.deps.grades.basicOutcomes, lms: link.platform };
    if (link.lti13PlatformId === null) return null;
    return { store: this.deps.grades.agsScores, lms: link.lti13PlatformId };
  }

  /**
   * The activities the instructor placed or opened in their LMS, newest first (at most
   * {@link RECENT_ACTIVITIES}), whose code still opens the same module: the picker offers them, so a
   * teacher adding Kib to another course need not look the code up again.
   */
  async recentActivities(principal: Principal): Promise<{ activities: LtiRecentActivity[] }> {
    const rows = await this.deps.links.instructorActivities(principal.userId, RECENT_ACTIVITIES);
    const now = this.now();
    const activities: LtiRecentActivity[] = [];
    for (const row of rows) {
      const module = await this.deps.users.findModuleByStudentCode(row.activityCode, now);
      if (module?.id === row.moduleId) activities.push(row);
    }
    return { activities };
  }

  /**
   * Reads the link's roster from the platform when it offers one and it is due, and makes its
   * learners the link's learners. A roster that cannot be read leaves the launches' learners, and is
   * tried again at the next view.
   */
  private async syncRoster(link: ResourceLinkRecord): Promise<LtiRosterSource> {
    const { links, users, platforms, memberships, logger } = this.deps;
    if (!link.membershipsUrl || link.lti13PlatformId === null) return 'launches';
    const now = this.now();
    if (!(await links.claimRosterSync(link.id, new Date(now.getTime() - ROSTER_REFRESH_MS), now)))
      return 'synced';
    const started = Date.now();
    try {
      const platform = await platforms.findPlatformById(link.lti13PlatformId);
      if (!platform) throw new Error('the platform is no longer registered');
      const { members, pages } = await memberships.members(
        platform,
        link.membershipsUrl,
        link.resourceLinkId,
      );
      const learners = members.filter((m) => m.role === 'learner');
      const known = await users.findIdentities(
        link.kind,
        link.platform,
        learners.map((m) => m.subject),
      );
      const ids: number[] = [];
      for (const member of learners)
        ids.push(
          known.get(member.subject) ??
            (await users.provisionUser(
              { kind: link.kind, platform: link.platform, subject: member.subject },
              { firstName: member.firstName, lastName: member.lastName, language: 'es' },
            )),
        );
      await links.replaceRosterLearners(link.id, ids);
      logger.info(
        {
          linkId: link.id,
          platformId: platform.id,
          members: members.length,
          learners: learners.length,
          pages,
          durationMs: Date.now() - started,
        },
        'LMS roster read',
      );
      return 'synced';
    } catch (err) {
      logger.warn(
        { err: { message: (err as Error).message }, linkId: link.id, durationMs: Date.now() - started },
        'LMS roster not read',
      );
      await links.releaseRosterSync(link.id).catch(() => undefined);
      return 'unavailable';
    }
  }
}
