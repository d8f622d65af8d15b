import type {
  CreatorsReviewListAnswer,
  ProblemReviewAnswer,
  ReviewRequest,
  ReviewsByDateAnswer,
  ReviewVerdict,
} from '@kib/core';
import { translate } from '@kib/i18n';
import type { Sequelize } from 'sequelize';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { HistoryChange, ReviewStamps, ReviewsRepository, ReviewValues } from './reviews.repository';

/** How the review service is made. */
export interface ReviewsServiceDeps {
  sequelize: Sequelize;
  repo: ReviewsRepository;
  mailer: Mailer;
  logger: Logger;
  /** Where the site is, for the link in the author's mail. */
  publicUrl: string;
  /** The clock (tests); the system clock by default. */
  now?: () => Date;
}

const text = (value: boolean | string) => String(value);
const isSupervisor = (principal: Principal) => principal.groups.includes('Supervisors');

/** The supervisor's fields, in the order a mail lists them. */
const VERDICT_ORDER = [
  'problemReviewed',
  'ready',
  'correctedText',
  'correctedMath',
  'problemFeedback',
  'videoReviewed',
  'videoReady',
  'videoFeedback',
] as const satisfies readonly (keyof ReviewValues)[];

/**
 * The review workflow (spec 02 §4 "Review"). A problem's author sends it, and later its videos, to
 * review; a supervisor reviews any creator's problems. Every change is kept in the review's history
 * in the same transaction, and a supervisor's change is mailed to the author (a mail that cannot go
 * out is logged; the change stands).
 */
export class ReviewsService {
  constructor(private readonly deps: ReviewsServiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Is the caller the problem's author or a coauthor? null when there is no such problem. */
  private async authorship(principal: Principal, problemId: number): Promise<boolean | null> {
    const access = await this.deps.repo.access(problemId);
    if (!access) return null;
    return access.authorId === principal.userId || access.coauthorIds.includes(principal.userId);
  }

  /** The supervisor's creators list with their counts (spec 02 §2 "Creators review list"). */
  async creators(): Promise<CreatorsReviewListAnswer> {
    return { authors: await this.deps.repo.creators(), userType: 'supervisor' };
  }

  /** One creator's current or passed reviews in a window; a creator sees only their own (403). */
  async byDate(
    principal: Principal,
    request: { creator: number; start: string; end: string; state: 'current' | 'passed' },
  ): Promise<ReviewsByDateAnswer> {
    if (!isSupervisor(principal) && request.creator !== principal.userId) throw AppError.forbidden();
    return {
      problems: await this.deps.repo.byDate(
        request.creator,
        request.state,
        new Date(request.start),
        new Date(request.end),
      ),
    };
  }

  /** A problem's review and history: for its authors (read only) and supervisors; 404 for anyone else. */
  async get(principal: Principal, problemId: number): Promise<ProblemReviewAnswer> {
    const author = await this.authorship(principal, problemId);
    if (author === null || (!author && !isSupervisor(principal))) throw AppError.notFound();
    return this.answer(principal, problemId, author);
  }

  private async answer(
    principal: Principal,
    problemId: number,
    author: boolean,
  ): Promise<ProblemReviewAnswer> {
    const [review, history] = await Promise.all([
      this.deps.repo.review(problemId),
      this.deps.repo.history(problemId),
    ]);
    if (!review) throw AppError.notFound();
    return { review, history, mayRequest: author, mayReview: isSupervisor(principal) };
  }

  /**
   * The author's switches. Sending the problem to review starts a new round (reviewed and ready go
   * off), takes its videos out of review and unpublishes it; its videos go to review only when it
   * is ready and not itself in review (409 otherwise).
   */
  async request(
    principal: Principal,
    problemId: number,
    request: ReviewRequest,
  ): Promise<ProblemReviewAnswer> {
    const author = await this.authorship(principal, problemId);
    if (author === null || (!author && !isSupervisor(principal))) throw AppError.notFound();
    if (!author) throw AppError.forbidden();
    const at = this.now();
    await this.deps.sequelize.transaction(async (transaction) => {
      const { repo } = this.deps;
      const before = await repo.lock(problemId, transaction);
      const next: ReviewValues = { ...before };
      const stamps: ReviewStamps = {};
      const changes: HistoryChange[] = [];
      if (request.problemToReview !== undefined && request.problemToReview !== before.problemToReview) {
        next.problemToReview = request.problemToReview;
        if (request.problemToReview) {
          Object.assign(next, { problemReviewed: false, ready: false, videoToReview: false });
          stamps.sentAt = at;
          if (await repo.unpublish(problemId, transaction))
            changes.push({ field: 'publishProblem', oldValue: 'true', newValue: 'false' });
        }
      }
      if (request.videoToReview !== undefined && request.videoToReview !== next.videoToReview) {
        if (request.videoToReview) {
          if (next.problemToReview && !next.problemReviewed)
            throw AppError.conflict(
              'review-problem-in-review',
              'errors.review-problem-in-review',
              'video_to_review',
            );
          if (!next.ready)
            throw AppError.conflict(
              'review-problem-not-ready',
              'errors.review-problem-not-ready',
              'video_to_review',
            );
          Object.assign(next, { videoReviewed: false, videoReady: false });
          stamps.videoSentAt = at;
        }
        next.videoToReview = request.videoToReview;
      }
      const changed = this.changed(before, next);
      changes.unshift(
        ...changed.map((f) => ({ field: f, oldValue: text(before[f]), newValue: text(next[f]) })),
      );
      if (changes.length === 0) return;
      await repo.update(problemId, pick(next, changed), stamps, transaction);
      await repo.addHistory(problemId, principal.userId, at, changes, transaction);
    });
    return this.answer(principal, problemId, true);
  }

  /**
   * A supervisor's verdicts and feedback. Ready implies reviewed (of the problem, and of its videos).
   * A change records the supervisor and the review date, is kept in the history, and is mailed to
   * the author unless the supervisor is the author.
   */
  async review(
    principal: Principal,
    problemId: number,
    verdict: ReviewVerdict,
  ): Promise<ProblemReviewAnswer> {
    const author = await this.authorship(principal, problemId);
    if (author === null) throw AppError.notFound();
    const at = this.now();
    const outcome = await this.deps.sequelize.transaction(async (transaction) => {
      const { repo } = this.deps;
      const before = await repo.lock(problemId, transaction);
      const next: ReviewValues = { ...before };
      for (const [field, value] of Object.entries(verdict) as [keyof ReviewVerdict, boolean | string][])
        if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
      if (verdict.ready === true) next.problemReviewed = true;
      if (verdict.videoReady === true) next.videoReviewed = true;
      const changed = this.changed(before, next);
      if (changed.length === 0) return null;
      await repo.update(
        problemId,
        pick(next, changed),
        { supervisorId: principal.userId, reviewDate: at },
        transaction,
      );
      await repo.addHistory(
        problemId,
        principal.userId,
        at,
        changed.map((f) => ({ field: f, oldValue: text(before[f]), newValue: text(next[f]) })),
        transaction,
      );
      return { changed, next };
    });
    const answer = await this.answer(principal, problemId, author);
    if (outcome && !author) await this.mailAuthor(answer, outcome.changed, outcome.next);
    return answer;
  }

  private changed(before: ReviewValues, next: ReviewValues): (keyof ReviewValues)[] {
    return (Object.keys(next) as (keyof ReviewValues)[]).filter((f) => next[f] !== before[f]);
  }

  /** Tells the author, in their language, what the supervisor changed; a failure is logged only. */
  private async mailAuthor(
    answer: ProblemReviewAnswer,
    changed: (keyof ReviewValues)[],
    next: ReviewValues,
  ): Promise<void> {
    const { review } = answer;
    try {
      const to = await this.deps.repo.author(review.problemId);
      if (!to) return;
      const t = (key: string, params?: Record<string, unknown>) => translate(to.language, key, params);
      const lines = VERDICT_ORDER.filter((f) => changed.includes(f)).map((f) => {
        const value = next[f];
        const shown =
          typeof value === 'boolean' ? t(`creator-reviews.${value ? 'yes' : 'no'}`) : value || '—';
        return `- ${t(`creator-reviews.field.${f}`)}: ${shown}`;
      });
      await this.deps.mailer.send({
        to: to.email,
        subject: t('creator-reviews.mail.subject', { title: review.title }),
        text: [
          t('mail.greeting', { name: to.firstName || to.email }),
          '',
          t('creator-reviews.mail.body', {
            supervisor: review.supervisorName ?? t('creator-reviews.a-supervisor'),
            title: review.title,
          }),
          '',
          ...lines,
          '',
          t('creator-reviews.mail.link'),
          `${this.deps.publicUrl}/creator/reviews/${review.problemId}`,
          '',
          t('mail.signature'),
        ].join('\n'),
      });
    } catch (err) {
      this.deps.logger.error({ err, problemId: review.problemId }, 'review mail not sent');
    }
  }
}

function pick(values: ReviewValues, fields: (keyof ReviewValues)[]): Partial<ReviewValues> {
  return Object.fromEntries(fields.map((f) => [f, values[f]])) as Partial<ReviewValues>;
}
