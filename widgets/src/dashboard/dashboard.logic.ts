import {
  formatDateDmy,
  formatDateTimeDmy,
  isModuleActive,
  type Progress,
  type WeekActivity,
} from '@kib/core';
import type { ProgressStatus } from '../activity-results/activity-results.logic';
import type { Translate } from '../shared/i18n';

/** Where a student stands on a numeral, a problem or an assignment (as in the activity results). */
export type { ProgressStatus };

/** The three parts of a progress split, in the order they are drawn. */
export const PROGRESS_PARTS: readonly ProgressStatus[] = ['completed', 'attempted', 'not-attempted'];

/**
 * Whole percents of `counts` that add up to exactly 100 (largest remainder: each share is rounded
 * down, and the points left go to the largest remainders, the earlier part first on a tie). All
 * zeros when nothing is counted. Negative or invalid counts count as 0.
 */
export function splitPercents(counts: readonly number[]): number[] {
  const safe = counts.map((count) => (Number.isFinite(count) && count > 0 ? count : 0));
  const total = safe.reduce((sum, count) => sum + count, 0);
  if (total === 0) return safe.map(() => 0);
  const exact = safe.map((count) => (count * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  return floors;
}

/** One part of a progress split. */
export interface ProgressPart {
  /** Completed, attempted or not attempted. */
  key: ProgressStatus;
  /** Its whole percent; the three add up to 100, or are all 0 when there is nothing to count. */
  percent: number;
}

/**
 * The completed / attempted / not attempted percents of a progress as they are drawn (spec 03 §5).
 * The server's rounded percents are kept when they add up to 100; otherwise (a hand-made `data`)
 * they are taken as weights and split again so that the bar is always whole.
 */
export function progressParts(
  progress: Pick<Progress, 'completed' | 'attempted' | 'notAttempted'>,
): ProgressPart[] {
  const values = [progress.completed, progress.attempted, progress.notAttempted].map((value) =>
    Number.isFinite(value) && value > 0 ? Math.round(value) : 0,
  );
  const total = values.reduce((sum, value) => sum + value, 0);
  const percents = total === 100 ? values : splitPercents(values);
  return PROGRESS_PARTS.map((key, index) => ({ key, percent: percents[index]! }));
}

/** A percent clamped to 0–100 and rounded, for meters fed with data from outside. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)));
}

/** The short label of a week on the chart's axis: `Sem. 47` / `Wk 47`. */
export function weekLabel(t: Translate, week: number): string {
  return t('common.dashboard.week-short', { week });
}

/** The totals the weekly chart's summary reads out. */
export interface WeeklySummary {
  /** Weeks in the chart. */
  weeks: number;
  /** Answers sent over the weeks. */
  attempts: number;
  /** The week with the most answers (the latest of equals), or null when there were none. */
  busiest: WeekActivity | null;
  /** The most students active in one week. */
  maxActiveStudents: number;
}

/** Totals of the weekly activity: answers, the busiest week, the most active students in a week. */
export function weeklySummary(weeks: readonly WeekActivity[]): WeeklySummary {
  let busiest: WeekActivity | null = null;
  for (const week of weeks)
    if (week.attempts > 0 && week.attempts >= (busiest?.attempts ?? 0)) busiest = week;
  return {
    weeks: weeks.length,
    attempts: weeks.reduce((sum, week) => sum + week.attempts, 0),
    busiest,
    maxActiveStudents: weeks.reduce((max, week) => Math.max(max, week.activeStudents), 0),
  };
}

/**
 * The text equivalent of the weekly chart, read by screen readers as the chart's name: the weeks
 * covered, the answers sent, the busiest week and (for a class) the most active students.
 */
export function weeklySummaryText(
  t: Translate,
  weeks: readonly WeekActivity[],
  withActiveStudents: boolean,
): string {
  const summary = weeklySummary(weeks);
  const parts = [
    t('common.dashboard.weekly-summary-start', {
      count: summary.weeks,
      from: weekLabel(t, weeks[0]?.week ?? 0),
      to: weekLabel(t, weeks.at(-1)?.week ?? 0),
    }),
  ];
  if (!summary.busiest) {
    parts.push(t('common.dashboard.weekly-summary-none'));
  } else {
    parts.push(t('common.dashboard.weekly-summary-attempts', { count: summary.attempts }));
    parts.push(
      t('common.dashboard.weekly-summary-busiest', {
        week: weekLabel(t, summary.busiest.week),
        attempts: summary.busiest.attempts,
      }),
    );
    if (withActiveStudents)
      parts.push(t('common.dashboard.weekly-summary-active', { count: summary.maxActiveStudents }));
  }
  return parts.join(' ');
}

/** `DD-MM-YYYY HH:mm` of an ISO date-time (spec 03 §9), or null when absent or unreadable. */
export function dateTimeText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : formatDateTimeDmy(date);
}

/** `DD-MM-YYYY` of an ISO date or date-time, or null when absent or unreadable. */
export function dateText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  // A bare date (`2026-11-16`) is a calendar day: read it at noon UTC so no zone moves it a day.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDateDmy(date, { timeZone: 'UTC' }) : formatDateDmy(date);
}

/** True once a deadline has passed at `now` (spec 01 §4: at the deadline instant it has passed). */
export function deadlinePassed(deadline: string | null | undefined, now: Date): boolean {
  if (!deadline) return false;
  const date = new Date(deadline);
  return !Number.isNaN(date.getTime()) && !isModuleActive(date, now);
}

/** True while a publish date lies ahead of `now` (the assignment is scheduled, not yet visible). */
export function scheduled(publishDate: string | null | undefined, now: Date): boolean {
  if (!publishDate) return false;
  const time = Date.parse(publishDate);
  return !Number.isNaN(time) && time > now.getTime();
}

/** The latest of some ISO date-times, or null when none is given. */
export function latestDate(dates: readonly (string | null | undefined)[]): string | null {
  let best: string | null = null;
  let bestTime = -Infinity;
  for (const date of dates) {
    if (!date) continue;
    const time = Date.parse(date);
    if (time > bestTime) {
      best = date;
      bestTime = time;
    }
  }
  return best;
}

/** A heading level, `h1` to `h6`. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** `level` as a heading level: rounded and kept within `min`..6; `fallback` when it is not a number. */
export function headingLevel(level: unknown, fallback: HeadingLevel, min: HeadingLevel = 1): HeadingLevel {
  const value = typeof level === 'number' && Number.isFinite(level) ? Math.round(level) : fallback;
  return Math.min(6, Math.max(min, value)) as HeadingLevel;
}

/** The parts of a click that say how the reader wants a link opened. */
export interface ClickKeys {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * Whether a click on a link asks to follow it in place: the main button, no modifier key (Ctrl or
 * ⌘ open a new tab, Shift a new window, Alt downloads) and not already handled. Only such a click
 * is handed to the page's own navigation; any other is left to the browser.
 */
export function isPlainClick(event: ClickKeys): boolean {
  return (
    event.button === 0 &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}
