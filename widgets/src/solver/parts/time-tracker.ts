/** A stretch of time spent on one numeral, in epoch milliseconds; `end` is null while it is open. */
export interface TimeInterval {
  start: number;
  end: number | null;
}

/** The tracker's data as stored (e.g. in localStorage): intervals per numeral id and the open one. */
export interface TimeTrackerData {
  intervals: Record<string, TimeInterval[]>;
  current: string | null;
}

/** Most intervals kept per numeral; older ones are merged into the first so the total is kept. */
export const TIME_TRACKER_MAX_INTERVALS = 500;

function isInterval(value: unknown): value is TimeInterval {
  if (typeof value !== 'object' || value === null) return false;
  const { start, end } = value as Record<string, unknown>;
  return (
    Number.isFinite(start) && (end === null || (Number.isFinite(end) && (end as number) >= (start as number)))
  );
}

/**
 * Time spent per numeral (spec 01 §4 "Time tracking"): a list of intervals per numeral, switching
 * numeral closes the old interval and opens a new one, submitting closes the current one, and the
 * total is the sum of the durations. Pure: every method takes the current time, nothing reads a clock.
 */
export class TimeTracker {
  private readonly intervals = new Map<string, TimeInterval[]>();
  private current: string | null = null;

  /** A tracker from stored data; malformed entries are dropped, never thrown on. */
  static fromJSON(data: unknown): TimeTracker {
    const tracker = new TimeTracker();
    if (typeof data !== 'object' || data === null) return tracker;
    const { intervals, current } = data as Record<string, unknown>;
    if (typeof intervals === 'object' && intervals !== null) {
      for (const [id, list] of Object.entries(intervals)) {
        if (!Array.isArray(list)) continue;
        const valid = list.filter(isInterval).map((i) => ({ start: i.start, end: i.end }));
        if (valid.length > 0) tracker.intervals.set(id, valid);
      }
    }
    // Only the last interval of the current numeral may be open; any other open one is dropped.
    for (const [id, list] of tracker.intervals) {
      const kept = list.filter(
        (interval, i) => interval.end !== null || (id === current && i === list.length - 1),
      );
      if (kept.length > 0) tracker.intervals.set(id, kept);
      else tracker.intervals.delete(id);
    }
    if (typeof current === 'string' && tracker.intervals.get(current)?.at(-1)?.end === null) {
      tracker.current = current;
    }
    return tracker;
  }

  /** The numeral whose interval is open, or null. */
  get openNumeral(): string | null {
    return this.current;
  }

  /**
   * Starts counting time for `numeralId`: closes the open interval of another numeral first.
   * Opening the numeral that is already open changes nothing.
   */
  open(numeralId: string, now: number): void {
    if (this.current === numeralId) return;
    this.close(now);
    const list = this.intervals.get(numeralId) ?? [];
    list.push({ start: now, end: null });
    if (list.length > TIME_TRACKER_MAX_INTERVALS) {
      const [first, second] = list;
      if (first && second && first.end !== null && second.end !== null) {
        // Fold the second interval into the first: the total stays the same.
        list.splice(0, 2, { start: first.start, end: first.end + (second.end - second.start) });
      }
    }
    this.intervals.set(numeralId, list);
    this.current = numeralId;
  }

  /** Stops counting (on submit or when the page is hidden). Does nothing when nothing is open. */
  close(now: number): void {
    if (this.current === null) return;
    const last = this.intervals.get(this.current)?.at(-1);
    if (last && last.end === null) last.end = Math.max(now, last.start);
    this.current = null;
  }

  /**
   * Seconds spent on `numeralId` (the attempt's totalTime): the sum of its intervals, an open one
   * counted up to `now` (the clock when omitted).
   */
  total(numeralId: string, now: number = Date.now()): number {
    let ms = 0;
    for (const { start, end } of this.intervals.get(numeralId) ?? []) ms += Math.max(0, (end ?? now) - start);
    return ms / 1000;
  }

  /** The intervals of `numeralId`, as copies. */
  intervalsOf(numeralId: string): TimeInterval[] {
    return (this.intervals.get(numeralId) ?? []).map((i) => ({ ...i }));
  }

  /** Forgets the time of `numeralId` (closing its interval if it is the open one). */
  reset(numeralId: string): void {
    if (this.current === numeralId) this.current = null;
    this.intervals.delete(numeralId);
  }

  /** Plain data for JSON.stringify and localStorage; {@link TimeTracker.fromJSON} reads it back. */
  toJSON(): TimeTrackerData {
    const intervals = Object.fromEntries(
      Array.from(this.intervals, ([id, list]) => [id, list.map((i) => ({ ...i }))]),
    );
    return { intervals, current: this.current };
  }
}
