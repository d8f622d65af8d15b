import {
  bucketFor,
  CREATOR_STATS_DEFAULT_DAYS,
  CREATOR_STATS_MAX_DAYS,
  CREATOR_STATS_MOST_MISSED,
  CREATOR_STATS_TOP_CODES,
  windowDays,
  type CreatorsAnswer,
  type CreatorStats,
  type CreatorStatsRequest,
  type StatsBucket,
  type StatsPeriod,
} from '@kib/core';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { CreatorStatsRepository, PeriodCount } from './creator-stats.repository';

const DAY_MS = 86_400_000;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number): string =>
  isoDay(new Date(dayStart(day).getTime() + days * DAY_MS));

/** The first day of the period (`date_trunc` in UTC; weeks start on Monday) that holds `day`. */
export function periodOf(day: string, bucket: StatsBucket): string {
  const d = dayStart(day);
  if (bucket === 'month') return `${day.slice(0, 8)}01`;
  if (bucket === 'week') return addDays(day, -((d.getUTCDay() + 6) % 7));
  return day;
}

/** The periods of a window, first to last, each by the first day `date_trunc` gives it. */
export function periodsOf(start: string, end: string, bucket: StatsBucket): string[] {
  const periods: string[] = [];
  for (let p = periodOf(start, bucket); p <= end;) {
    periods.push(p);
    p = bucket === 'day' ? addDays(p, 1) : bucket === 'week' ? addDays(p, 7) : nextMonth(p);
  }
  return periods;
}

function nextMonth(day: string): string {
  const d = dayStart(day);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

const windowError = (key: string) => AppError.badRequest({ end: [{ key }] });

/** Creator statistics (spec 02 §3 "Creator and statistics"): who may see whose, and the numbers. */
export class CreatorStatsService {
  constructor(
    private readonly deps: {
      repo: CreatorStatsRepository;
      now?: () => Date;
    },
  ) {}

  private static supervises(principal: Principal): boolean {
    return principal.groups.includes('Supervisors');
  }

  /** The creators whose statistics the caller may see: every creator for a supervisor, else only themselves. */
  async creators(principal: Principal): Promise<CreatorsAnswer> {
    if (CreatorStatsService.supervises(principal)) return { creators: await this.deps.repo.creators() };
    const self = await this.deps.repo.creator(principal.userId);
    return { creators: self ? [self] : [] };
  }

  /**
   * A creator's statistics in a window of days. A supervisor may read any creator's, a creator only
   * their own; anyone else's, or an account that is not a creator, is not found (404).
   */
  async stats(principal: Principal, request: CreatorStatsRequest): Promise<CreatorStats> {
    const { creatorId } = request;
    if (!CreatorStatsService.supervises(principal) && creatorId !== principal.userId)
      throw AppError.notFound();
    const creator = await this.deps.repo.creator(creatorId);
    if (!creator) throw AppError.notFound();

    const { start, end } = this.window(request);
    const bucket = bucketFor(windowDays(start, end));
    const window = { from: dayStart(start), to: dayStart(addDays(end, 1)) };
    const { repo } = this.deps;
    const [authored, created, attempts, completion] = await Promise.all([
      repo.authored(creatorId, window),
      repo.authoredPerPeriod(creatorId, window, bucket),
      repo.attempts(creatorId, window, bucket, CREATOR_STATS_MOST_MISSED),
      repo.completion(creatorId, window),
    ]);
    const codes = await repo.feedbackCodes(
      attempts.mostMissed.map((m) => m.numeralId),
      window,
      CREATOR_STATS_TOP_CODES,
    );
    const counts: PeriodCount[] = [
      ...created,
      ...attempts.periods.map((p) => ({ kind: 'attempts' as const, ...p })),
    ];
    return {
      ...authored,
      creator,
      start,
      end,
      bucket,
      periods: periodRows(periodsOf(start, end, bucket), counts, start),
      outcomes: {
        attempts: attempts.attempts,
        students: attempts.students,
        numeralsWorked: completion.worked,
        numeralsCompleted: completion.completed,
        completionRate:
          completion.worked === 0 ? null : Math.round((100 * completion.completed) / completion.worked),
        mostMissed: attempts.mostMissed.map((m) => ({ ...m, feedbackCodes: codes.get(m.numeralId) ?? [] })),
      },
    };
  }

  /** The window asked for, completed with today and the default length (400 when out of order or too long). */
  private window(request: CreatorStatsRequest): { start: string; end: string } {
    const today = isoDay(this.deps.now?.() ?? new Date());
    const end = request.end ?? (request.start && request.start > today ? request.start : today);
    const start = request.start ?? addDays(end, 1 - CREATOR_STATS_DEFAULT_DAYS);
    const days = windowDays(start, end);
    if (days < 1) throw windowError('validation.window-end-before-start');
    if (days > CREATOR_STATS_MAX_DAYS) throw windowError('validation.window-too-long');
    return { start, end };
  }
}

/** One row per period, its counts filled in (0 where nothing happened); the first starts at the window's start. */
function periodRows(periods: string[], counts: PeriodCount[], start: string): StatsPeriod[] {
  const rows = new Map(
    periods.map((p) => [
      p,
      { start: p < start ? start : p, problems: 0, numerals: 0, steps: 0, attempts: 0 },
    ]),
  );
  for (const { kind, period, count } of counts) {
    const row = rows.get(period);
    if (row) row[kind] = count;
  }
  return [...rows.values()];
}
