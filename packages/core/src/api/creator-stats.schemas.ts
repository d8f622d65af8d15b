import { z } from 'zod';

/** The longest window of creator statistics, in days (both ends included). */
export const CREATOR_STATS_MAX_DAYS = 366;
/** The window used when none is given: the last this many days, today included. */
export const CREATOR_STATS_DEFAULT_DAYS = 90;
/** How many of the numerals most often answered wrong the statistics list. */
export const CREATOR_STATS_MOST_MISSED = 5;
/** How many feedback codes each most-missed numeral lists. */
export const CREATOR_STATS_TOP_CODES = 3;

const DAY_MS = 86_400_000;

/** The days from `start` to `end` (YYYY-MM-DD, UTC), both included. */
export function windowDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A creator as the statistics list them (spec 02 §3 "Creator"). */
export const CreatorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateJoined: z.iso.datetime(),
});
/** A creator. */
export type Creator = z.infer<typeof CreatorSchema>;

/** What get_creators/ answers: the creators the caller may see statistics of, by name. */
export const CreatorsAnswerSchema = z.object({ creators: z.array(CreatorSchema) });
/** The creators the caller may see. */
export type CreatorsAnswer = z.infer<typeof CreatorsAnswerSchema>;

/**
 * get_creator_stats/ (spec 02 §7): the creator, and the window of days `start`–`end` (YYYY-MM-DD in
 * UTC, both included, at most {@link CREATOR_STATS_MAX_DAYS} days). Without a window: the last
 * {@link CREATOR_STATS_DEFAULT_DAYS} days. `start` without `end` runs to today; `end` without `start`
 * reaches back the default number of days.
 */
export const CreatorStatsRequestSchema = z
  .object({
    creatorId: z.number('validation.required').int('validation.invalid').positive('validation.invalid'),
    start: z.iso.date('validation.invalid').optional(),
    end: z.iso.date('validation.invalid').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.start || !v.end) return;
    const days = windowDays(v.start, v.end);
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.window-end-before-start' });
    else if (days > CREATOR_STATS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.window-too-long' });
  });
/** What get_creator_stats/ takes. */
export type CreatorStatsRequest = z.input<typeof CreatorStatsRequestSchema>;

/**
 * What a creator authored in the window (spec 02 §3 "Creator stats"): problems created, their
 * numerals and steps created, the videos and pictures those items carry, and the time spent editing
 * in the creation tool (seconds, as the tool reports with each save).
 */
export const AuthoredTotalsSchema = z.object({
  problems: z.number().int(),
  numerals: z.number().int(),
  steps: z.number().int(),
  videos: z.number().int(),
  pictures: z.number().int(),
  totalTime: z.number().int(),
});
/** What a creator authored in a window. */
export type AuthoredTotals = z.infer<typeof AuthoredTotalsSchema>;

/** The size of the chart's periods: a day for windows up to 31 days, a week up to 92, else a month. */
export const STATS_BUCKETS = ['day', 'week', 'month'] as const;
/** A chart period size. */
export type StatsBucket = (typeof STATS_BUCKETS)[number];

/** The period of a window's chart. */
export function bucketFor(days: number): StatsBucket {
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

/** One period of the chart: its first day (YYYY-MM-DD), what was authored and how many attempts students made. */
export const StatsPeriodSchema = z.object({
  start: z.iso.date(),
  problems: z.number().int(),
  numerals: z.number().int(),
  steps: z.number().int(),
  attempts: z.number().int(),
});
/** One period of the chart. */
export type StatsPeriod = z.infer<typeof StatsPeriodSchema>;

/** A feedback code of the checker (`feedback.<code>`) and how many wrong answers got it. */
export const FeedbackCodeCountSchema = z.object({ code: z.string(), count: z.number().int() });
/** A feedback code and its count. */
export type FeedbackCodeCount = z.infer<typeof FeedbackCodeCountSchema>;

/** A numeral of the creator's that students answered wrong often in the window. */
export const MissedNumeralSchema = z.object({
  numeralId: z.number().int(),
  problemId: z.number().int(),
  problemTitle: z.string(),
  /** The numeral's position in its problem, from 1. */
  numeralNumber: z.number().int(),
  attempts: z.number().int(),
  wrong: z.number().int(),
  /** The feedback codes most given to the wrong answers, most frequent first. */
  feedbackCodes: z.array(FeedbackCodeCountSchema),
});
/** A most-missed numeral. */
export type MissedNumeral = z.infer<typeof MissedNumeralSchema>;

/**
 * What students did with the creator's problems in the window: attempts (checked answers),
 * distinct students, the (student, numeral) pairs last worked on in the window and how many of them
 * are completed, the completion rate in percent (rounded; null with no pair), and the numerals most
 * often answered wrong.
 */
export const StudentOutcomesSchema = z.object({
  attempts: z.number().int(),
  students: z.number().int(),
  numeralsWorked: z.number().int(),
  numeralsCompleted: z.number().int(),
  completionRate: z.number().int().nullable(),
  mostMissed: z.array(MissedNumeralSchema),
});
/** What students did with the creator's problems. */
export type StudentOutcomes = z.infer<typeof StudentOutcomesSchema>;

/** What get_creator_stats/ answers: the spec's totals, the window, the chart and the students' outcomes. */
export const CreatorStatsSchema = AuthoredTotalsSchema.extend({
  creator: CreatorSchema,
  start: z.iso.date(),
  end: z.iso.date(),
  bucket: z.enum(STATS_BUCKETS),
  periods: z.array(StatsPeriodSchema),
  outcomes: StudentOutcomesSchema,
});
/** A creator's statistics in a window. */
export type CreatorStats = z.infer<typeof CreatorStatsSchema>;
