/**
 * A work budget for one answer line. The checker bounds the size of what it reads (`PARSE_LIMITS`,
 * exact results of at most 32,000 bits, evaluations per located mistake), but a line within those
 * bounds can still cost seconds in big-number arithmetic: `x^{3}(x^{4}+1)^{1999}` against the same
 * plus 1 reduces fractions of tens of thousands of bits at every point where the mistake is looked
 * for, and the Euclidean algorithm on n-word numbers costs about 19·n² word operations. Those
 * operations are charged to the line ({@link chargeWork}); past {@link LINE_WORK} the line is
 * answered "too complex to check here", and the next line starts with a budget of its own. The
 * budget counts work, not time, so the verdict is the same on a busy machine and an idle one.
 */

/**
 * Word operations of big-number arithmetic one line may spend: 3 million, 50 to 100 ms on one core
 * (15 to 30 ns each, measured on this project's 2-core machines).
 */
export const LINE_WORK = 3_000_000;

/** The line ran out of work. Not an Error: no stack is captured, so stopping is cheap. */
export class OutOfWork {
  readonly outOfWork = true;
}

const OUT = new OutOfWork();

let left = Number.POSITIVE_INFINITY;

/** Charges `units` word operations to the current line (nothing outside {@link withinWork}). */
export function chargeWork(units: number): void {
  left -= units;
  if (left < 0) throw OUT;
}

/** Runs `work` with `units` word operations (within any budget already running): its value, or OutOfWork. */
export function withinWork<T>(units: number, work: () => T): T | OutOfWork {
  const outer = left;
  const start = Math.min(outer, units);
  left = start;
  try {
    return work();
  } catch (err) {
    if (err === OUT) return OUT;
    throw err;
  } finally {
    left = outer - (start - Math.max(left, 0));
  }
}
