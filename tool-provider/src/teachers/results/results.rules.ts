import { WEEKLY_CHART_WEEKS } from '@kib/core';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The ISO 8601 week number (1–53) of the week holding `date`, in UTC. */
export function isoWeek(date: Date): number {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  // The Thursday of the week decides its year; week 1 is the one holding the year's first Thursday.
  const thursday = new Date(day + (3 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / WEEK_MS) + 1;
}

/** The week number the charts show (spec 03 §9: week numbers wrap modulo 52, so week 53 is 1). */
export function chartWeek(date: Date): number {
  return ((isoWeek(date) - 1) % 52) + 1;
}

/** The Monday 00:00 UTC that starts the ISO week holding `date`. */
export function weekStart(date: Date): Date {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
}

/** The weeks a weekly chart covers: from the Monday of its oldest week up to (not including) the next Monday. */
export interface WeeklyWindow {
  from: Date;
  until: Date;
  /** The Monday of each week, oldest first. */
  starts: Date[];
}

/** The last `weeks` ISO weeks ending with the one holding `now`, oldest first. */
export function weeklyWindow(now: Date, weeks: number = WEEKLY_CHART_WEEKS): WeeklyWindow {
  const current = weekStart(now).getTime();
  const starts = Array.from({ length: weeks }, (_, i) => new Date(current - (weeks - 1 - i) * WEEK_MS));
  return { from: starts[0]!, until: new Date(current + WEEK_MS), starts };
}

/** The index (0 = oldest) of the week of `window` that holds `date`. */
export function weekIndex(window: WeeklyWindow, date: Date): number {
  return Math.floor((date.getTime() - window.from.getTime()) / WEEK_MS);
}

/** Completed, attempted and not-attempted shares in whole percents. */
export interface ProgressShares {
  completed: number;
  attempted: number;
  notAttempted: number;
}

/**
 * The shares of `total` numeral slots that are completed, attempted (a stat, not completed) and not
 * attempted (the rest), rounded so that they add up to 100: each share is rounded down, and the
 * points still missing go to the largest remainders (on a tie, in the order completed, attempted,
 * not attempted). Without any slot, everything is "not attempted".
 */
export function progressShares(completed: number, attempted: number, total: number): ProgressShares {
  if (total <= 0) return { completed: 0, attempted: 0, notAttempted: 100 };
  const counts = [completed, attempted, Math.max(0, total - completed - attempted)];
  // Whole-number arithmetic: remainders compare exactly, so ties fall to the stated order.
  const shares = counts.map((count) => Math.floor((count * 100) / total));
  const remainders = counts.map((count) => (count * 100) % total);
  const missing = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = [0, 1, 2].sort((a, b) => remainders[b]! - remainders[a]! || a - b);
  for (const i of byRemainder.slice(0, missing)) shares[i]! += 1;
  return { completed: shares[0]!, attempted: shares[1]!, notAttempted: shares[2]! };
}
