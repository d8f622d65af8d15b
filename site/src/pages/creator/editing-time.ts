import { MAX_EDITING_SECONDS } from '@kib/core';
import { useEffect, useRef } from 'react';

/** A pause longer than this (ms) between two of the author's actions is not editing time. */
export const IDLE_AFTER_MS = 2 * 60 * 1000;

const ACTIVITY = ['keydown', 'pointerdown', 'input', 'wheel'] as const;

/** Editing time from a series of activity instants: gaps up to {@link IDLE_AFTER_MS} count, longer ones do not. */
export class EditingClock {
  private totalMs = 0;
  private last: number | null = null;

  /** The author did something at `now` (ms). */
  activity(now: number): void {
    if (this.last !== null && now - this.last <= IDLE_AFTER_MS) this.totalMs += now - this.last;
    this.last = now;
  }

  /** The whole seconds counted so far, at most {@link MAX_EDITING_SECONDS}. */
  seconds(): number {
    return Math.min(MAX_EDITING_SECONDS, Math.floor(this.totalMs / 1000));
  }

  /** Takes `seconds` off the count (they were reported with a save). */
  spend(seconds: number): void {
    this.totalMs = Math.max(0, this.totalMs - seconds * 1000);
  }
}

/**
 * Counts the time the author spends editing on this page: the gaps between their key presses,
 * pointer presses and inputs, except pauses over two minutes. `seconds()` is sent with a save and
 * `spend()` takes it off once the save succeeded, so a failed save loses nothing.
 */
export function useEditingTime(): EditingClock {
  const clock = useRef<EditingClock>(null);
  clock.current ??= new EditingClock();
  useEffect(() => {
    const current = clock.current!;
    const onActivity = () => current.activity(Date.now());
    for (const type of ACTIVITY)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    return () => {
      for (const type of ACTIVITY) document.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
  return clock.current;
}
