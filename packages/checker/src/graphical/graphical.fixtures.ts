import { parseLatex } from '../expr/parse';
import { evaluateFloat } from '../expr/numeric';
import { Prng } from '../expr/prng';

/** The checker's seeded PRNG as a function, so that generated test strokes are the same on every run. */
export function seededRandom(seed: number): () => number {
  const rng = new Prng(seed);
  return () => rng.next();
}

/** Samples y = f(x) from `from` to `to` as a freehand stroke would: n points, optional jitter. */
export function stroke(
  f: (x: number) => number,
  from: number,
  to: number,
  n = 120,
  jitter = 0,
  seed = 1,
): { x: number; y: number }[] {
  const random = seededRandom(seed);
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    const x = from + ((to - from) * i) / (n - 1);
    const y = f(x);
    if (Number.isFinite(y)) out.push({ x, y: y + (random() * 2 - 1) * jitter });
  }
  return out;
}

/**
 * A numeric stand-in for the expression engine's equivalence: both sides evaluated at a few fixed
 * values of their free symbols must agree; null when one side is unreadable.
 */
export function numericEquivalent(student: string, target: string): boolean | null {
  const a = parseLatex(student);
  const b = parseLatex(target);
  if (!a.ok || !b.ok) return null;
  for (const x of [0.37, 1.91, -2.3]) {
    const env = { x, y: x * 1.7 + 0.2, t: x - 0.5 };
    const va = evaluateFloat(a.expr, env);
    const vb = evaluateFloat(b.expr, env);
    if (Number.isNaN(va) !== Number.isNaN(vb)) return false;
    if (!Number.isNaN(va) && Math.abs(va - vb) > 1e-9 * Math.max(1, Math.abs(vb))) return false;
  }
  return true;
}

/**
 * The fastest of `runs` timings of `run` (ms): a single timing in a parallel test run can include a
 * garbage-collection pause or another worker's burst, which is not the checker's cost.
 */
export function fastestMs(run: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}
