import type { AnswerOf, PlotFeedback } from '@kib/core';
import { freeSymbols, type Expr } from '../expr/ast';
import { evaluateFloat } from '../expr/numeric';
import { parseLatex } from '../expr/parse';
import type { CheckData } from '../types';
import { feedbackKey, type GraphicalFeedbackCode } from './feedback-codes';
import { memoize } from './memo';

/**
 * The numbers behind the freehand check. The answer carries no view window, so the checker estimates
 * one from the drawing itself (see {@link checkPlotFunction}); distances are measured in estimated
 * canvas pixels so that the tolerance follows the scale the drawing implies.
 */
export const PLOT_FUNCTION_TUNING = {
  /** The freehand console's canvas (spec 02 §9). */
  canvasWidthPx: 450,
  canvasHeightPx: 300,
  /** Where the console puts the origin, from the left edge (spec 02 §9: origin at (100, 200)). */
  originLeftPx: 100,
  /** Largest pixels per grid step believed (cells are 50–90 px; default 50; ~2 wheel steps of zoom). */
  maxPxPerStep: 70,
  /** A drawn point may lie this far from the curve (pixels, euclidean). */
  tolerancePx: 20,
  /** Share of the visible part of the curve the stroke must cover. */
  minCoverage: 0.7,
  /** The stroke must span this many grid steps across, or this many units up. */
  minSpanSteps: 3,
  /** Two consecutive points closer than this (pixels) were drawn without lifting the pen. */
  penDownStepPx: 40,
  /** Points judged one by one at most (longer strokes are thinned evenly). */
  maxJudgedPoints: 1000,
  /**
   * Evaluations of f spent judging points at most. Only a wildly oscillating f reaches it; the points
   * are judged spread out over the stroke, so the ones left unjudged lie between judged ones.
   */
  judgingBudget: 60_000,
  /** Breaks pinned down at most (more means an f oscillating faster than the drawing can show). */
  maxDiscontinuities: 64,
  /** Samples of the curve over the estimated window. */
  windowSamples: 900,
  /** Samples of the curve over the drawing, to find vertical asymptotes and jumps. */
  discontinuitySamples: 720,
} as const;

const T = PLOT_FUNCTION_TUNING;

/** A real function of one variable, NaN where undefined. */
type RealFunction = (x: number) => number;

interface Point {
  x: number;
  y: number;
}

/** A place where the curve breaks: a vertical asymptote or a jump. */
interface Discontinuity {
  at: number;
  /** Both sides go to the same infinity (1/x² at 0): a pen lift there may leave close ends. */
  sameSignPole: boolean;
}

/** The estimated view: pixels per unit on each axis. */
interface Scale {
  kx: number;
  ky: number;
}

/**
 * plotFunction: the freehand stroke is right when it never crosses a vertical asymptote with the pen
 * down (`plot-crosses-asymptote`), every point lies within ~20 px of the curve y = f(x) (vertical
 * distance, or euclidean distance to nearby parts of the curve where it is steep: `plot-off-curve`),
 * and it spans at least 3 grid steps across (or 3 units up) and covers at least 70 % of the part of
 * the curve visible in the view the drawing implies (`plot-too-short`), checked in that order.
 * x is read as radians in both label modes; `inRadians` makes a grid step π/2 instead of 1.
 * Throws only when `data.function` is not a function of one variable.
 */
export function checkPlotFunction(
  data: CheckData<'plotFunction'>,
  answer: AnswerOf<'plotFunction'>,
): PlotFeedback {
  const f = readFunction(data.function);
  const inRadians = isObject(answer) && answer.inRadians === true;
  const all = usablePoints(isObject(answer) ? answer.points : undefined);
  if (all.length === 0) return result(false, 'plot-try-again');
  if (all.length < 2) return result(false, 'plot-too-short');

  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const p of all) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  const w = x1 - x0;
  const h = y1 - y0;
  const step = inRadians ? Math.PI / 2 : 1;

  const scale: Scale = {
    kx: Math.min(w > 0 ? T.canvasWidthPx / w : Infinity, T.maxPxPerStep / step),
    ky: Math.min(h > 0 ? T.canvasHeightPx / h : Infinity, T.maxPxPerStep),
  };
  const tolX = T.tolerancePx / scale.kx;
  const tolY = T.tolerancePx / scale.ky;

  const breaks = findDiscontinuities(f, x0 - tolX, x1 + tolX, { y0, y1, tolY });
  if (crossesWithPenDown(all, breaks, scale)) return result(false, 'plot-crosses-asymptote');

  const judged = thin(all, T.maxJudgedPoints);
  let evaluations = 0;
  const counted: RealFunction = (x) => {
    evaluations++;
    return f(x);
  };
  for (const i of spreadOrder(judged.length)) {
    if (evaluations > T.judgingBudget) break;
    const p = judged[i]!;
    if (!nearCurve(counted, p, scale)) {
      const nearBreak = breaks.some((b) => Math.abs(b.at - p.x) <= 2 * tolX);
      return result(false, nearBreak ? 'plot-crosses-asymptote' : 'plot-off-curve');
    }
  }

  if (!(w >= T.minSpanSteps * step || h >= T.minSpanSteps)) return result(false, 'plot-too-short');
  const coverage = visibleCoverage(f, all, { x0, x1, y0, y1 }, scale);
  if (coverage < T.minCoverage) return result(false, 'plot-too-short');
  return result(true, 'plot-correct');
}

function result(correctAns: boolean, code: GraphicalFeedbackCode): PlotFeedback {
  return { correctAns, feedbacks: feedbackKey(code) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The finite points of the stroke, in the order drawn. */
function usablePoints(points: unknown): Point[] {
  if (!Array.isArray(points)) return [];
  const out: Point[] = [];
  // A stroke longer than the schema allows is cut, not refused: the judgement stays bounded.
  const limit = Math.min(points.length, 20_000);
  for (let i = 0; i < limit; i++) {
    const p: unknown = points[i];
    if (!isObject(p)) continue;
    const { x, y } = p;
    if (typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)) {
      // Beyond ±1e12 a drawing is nonsense; such points stay (and fail) without overflowing sums.
      out.push({ x, y });
    }
  }
  return out;
}

/** The indexes 0…n−1, every 64th first, then the ones halfway between, and so on. */
function* spreadOrder(n: number): Generator<number> {
  for (let stride = 64; stride >= 1; stride /= 2) {
    for (let i = 0; i < n; i += stride) if (stride === 64 || i % (2 * stride) !== 0) yield i;
  }
}

/** Every n-th point so that at most `max` remain, keeping the last one. */
function thin(points: Point[], max: number): Point[] {
  if (points.length <= max) return points;
  const every = Math.ceil(points.length / max);
  const out = points.filter((_, i) => i % every === 0);
  if (out[out.length - 1] !== points[points.length - 1]) out.push(points[points.length - 1]!);
  return out;
}

/**
 * Reads `data.function`: the LaTeX of f(x), optionally written `y = …` or `f(x) = …`. The variable is
 * x, or the one free symbol when there is exactly one. Throws for a malformed problem definition.
 */
export const readFunction = memoize(compileFunction);

function compileFunction(latex: string): RealFunction {
  const parsed = parseLatex(latex, { functions: ['f', 'g', 'h'] });
  if (!parsed.ok)
    throw new Error(`plotFunction: the function ${JSON.stringify(latex)} is unreadable (${parsed.code})`);
  const body = functionBody(parsed.expr);
  if (!body) throw new Error(`plotFunction: ${JSON.stringify(latex)} is not a function of x`);
  const symbols = [...freeSymbols(body)];
  const variable = symbols.length === 0 ? 'x' : symbols.length === 1 ? symbols[0]! : null;
  if (variable === null) {
    throw new Error(`plotFunction: ${JSON.stringify(latex)} has several variables (${symbols.join(', ')})`);
  }
  return (x) => {
    const v = evaluateFloat(body, { [variable]: x });
    return Number.isFinite(v) ? v : NaN;
  };
}

/** The right-hand side of `y = …` / `f(x) = …`, or the expression itself. */
function functionBody(e: Expr): Expr | null {
  if (e.type !== 'relation') return e;
  if (e.op !== '=' || e.args.length !== 2) return null;
  const [left, right] = e.args as [Expr, Expr];
  const isName = (s: Expr): boolean =>
    (s.type === 'symbol' && s.name === 'y') ||
    s.type === 'call' ||
    (s.type === 'mul' && s.args.length === 2 && s.args.every((a) => a.type === 'symbol'));
  if (isName(left)) return right;
  if (isName(right)) return left;
  return null;
}

/**
 * True when the point lies within the pixel tolerance of the curve: vertically, or (for steep parts
 * and where f is undefined at x, e.g. on an asymptote) at the euclidean distance to nearby samples of
 * the curve, or horizontally where the curve passes the point's height continuously.
 */
function nearCurve(f: RealFunction, p: Point, { kx, ky }: Scale): boolean {
  const tolX = T.tolerancePx / kx;
  const v = f(p.x);
  if (!Number.isNaN(v) && Math.abs(v - p.y) * ky <= T.tolerancePx) return true;
  const n = 16;
  let prevX = NaN;
  let prevG = NaN;
  for (let j = 0; j <= n; j++) {
    const xs = p.x - tolX + (2 * tolX * j) / n;
    const g = f(xs) - p.y;
    if (Number.isNaN(g)) {
      prevX = NaN;
      prevG = NaN;
      continue;
    }
    if (Math.hypot((xs - p.x) * kx, g * ky) <= T.tolerancePx) return true;
    if (!Number.isNaN(prevG) && Math.sign(g) !== Math.sign(prevG)) {
      const root = continuousCrossing(f, p.y, prevX, xs, T.tolerancePx / ky);
      if (root !== null && Math.abs(root - p.x) <= tolX) return true;
    }
    prevX = xs;
    prevG = g;
  }
  return false;
}

/**
 * Where f crosses height y between a and b (f − y changes sign there), or null when the sign change
 * is a pole or a jump rather than a crossing.
 */
function continuousCrossing(f: RealFunction, y: number, a: number, b: number, tolY: number): number | null {
  let lo = a;
  let hi = b;
  let gLo = f(lo) - y;
  for (let i = 0; i < 45 && hi - lo > 0; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    const gMid = f(mid) - y;
    if (Number.isNaN(gMid)) return null;
    if (Math.sign(gMid) === Math.sign(gLo)) {
      lo = mid;
      gLo = gMid;
    } else {
      hi = mid;
    }
  }
  const gHi = f(hi) - y;
  return Math.min(Math.abs(gLo), Math.abs(gHi)) <= tolY ? (lo + hi) / 2 : null;
}

/**
 * The vertical asymptotes and jumps of f over [a, b] that matter for the drawing: found where two
 * neighbouring samples differ by more than a quarter of the drawing's height, then pinned down by
 * bisection (a steep but continuous part shrinks away; a break keeps its gap). Jumps far above or
 * below the view are ignored unless the curve changes sign there (a pole seen from both sides).
 */
function findDiscontinuities(
  f: RealFunction,
  a: number,
  b: number,
  view: { y0: number; y1: number; tolY: number },
): Discontinuity[] {
  const out: Discontinuity[] = [];
  if (!(b > a)) return out;
  const n = T.discontinuitySamples;
  const h = view.y1 - view.y0;
  const threshold = Math.max(view.tolY, h / 4);
  const visible = (v: number) => v >= view.y0 - h - view.tolY && v <= view.y1 + h + view.tolY;
  let prevX = NaN;
  let prevV = NaN;
  let nanRun = 0;
  let attempts = 0;
  for (let i = 0; i <= n; i++) {
    const x = a + ((b - a) * i) / n;
    const v = f(x);
    if (Number.isNaN(v)) {
      nanRun++;
      continue;
    }
    if (
      !Number.isNaN(prevV) &&
      nanRun <= 2 &&
      Math.abs(v - prevV) > threshold &&
      (visible(v) || visible(prevV) || v * prevV < 0)
    ) {
      if (out.length >= T.maxDiscontinuities || ++attempts > 4 * T.maxDiscontinuities) break;
      const found = pinDiscontinuity(f, prevX, x, view.tolY);
      if (found && (out.length === 0 || found.at - out[out.length - 1]!.at > (b - a) / n)) out.push(found);
    }
    prevX = x;
    prevV = v;
    nanRun = 0;
  }
  return out;
}

function pinDiscontinuity(f: RealFunction, a: number, b: number, tolY: number): Discontinuity | null {
  let lo = a;
  let hi = b;
  let fLo = f(lo);
  let fHi = f(hi);
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    const fMid = f(mid);
    // An undefined point between two defined sides (1/x at 0, tan at π/2) is the break itself.
    if (Number.isNaN(fMid)) return { at: mid, sameSignPole: isSameSignPole(fLo, fHi) };
    if (Math.abs(fMid - fLo) >= Math.abs(fHi - fMid)) {
      hi = mid;
      fHi = fMid;
    } else {
      lo = mid;
      fLo = fMid;
    }
  }
  if (Math.abs(fHi - fLo) <= tolY) return null;
  return { at: (lo + hi) / 2, sameSignPole: isSameSignPole(fLo, fHi) };
}

function isSameSignPole(fLo: number, fHi: number): boolean {
  return Math.sign(fLo) === Math.sign(fHi) && Math.min(Math.abs(fLo), Math.abs(fHi)) > 1e6;
}

/**
 * True when two consecutive points of the stroke (in the order sent) lie on both sides of a break
 * and close together: the pen went across the asymptote as if the curve were continuous. At a pole
 * where both sides go to the same infinity the ends of a correct drawing can be close, so it is
 * left to the point-by-point check.
 */
function crossesWithPenDown(points: Point[], breaks: Discontinuity[], { kx, ky }: Scale): boolean {
  const cuts = breaks
    .filter((b) => !b.sameSignPole)
    .map((b) => b.at)
    .sort((a, b) => a - b);
  if (cuts.length === 0) return false;
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1]!;
    const q = points[i]!;
    if (p.x === q.x) continue;
    const lo = Math.min(p.x, q.x);
    const hi = Math.max(p.x, q.x);
    const next = cuts[firstAtLeast(cuts, lo)];
    if (next === undefined || next > hi) continue;
    if (Math.hypot((q.x - p.x) * kx, (q.y - p.y) * ky) <= T.penDownStepPx) return true;
  }
  return false;
}

/**
 * The x-range of the view the drawing was most likely made in. The console opens with the origin
 * 100 px from the left edge and keeps it there when zooming (spec 02 §9), so the view is taken as
 * that default placement at the densest scale that still holds the whole drawing; when that would
 * need a view more than twice as zoomed-out as the drawing implies, the student panned, and the view
 * is centred on the drawing instead.
 */
function viewRange(box: { x0: number; x1: number }, kx: number): [number, number] {
  let k = kx;
  if (box.x0 < 0) k = Math.min(k, T.originLeftPx / -box.x0);
  if (box.x1 > 0) k = Math.min(k, (T.canvasWidthPx - T.originLeftPx) / box.x1);
  if (k >= kx / 2) return [-T.originLeftPx / k, (T.canvasWidthPx - T.originLeftPx) / k];
  const centre = (box.x0 + box.x1) / 2;
  const half = T.canvasWidthPx / kx / 2;
  return [centre - half, centre + half];
}

/**
 * The share of the visible part of the curve that the stroke covers: the curve counts as visible
 * where it lies in the view's x-range (see {@link viewRange}) within the drawing's height.
 */
function visibleCoverage(
  f: RealFunction,
  points: Point[],
  box: { x0: number; x1: number; y0: number; y1: number },
  { kx, ky }: Scale,
): number {
  const [from, to] = viewRange(box, kx);
  const n = T.windowSamples;
  const dx = (to - from) / n;
  const tolX = T.tolerancePx / kx;
  const tolY = T.tolerancePx / ky;
  const reach = Math.max(tolX, 2 * dx);
  const xs = points.map((p) => p.x).sort((a, b) => a - b);
  let visible = 0;
  let covered = 0;
  for (let i = 0; i <= n; i++) {
    const x = from + dx * i;
    const v = f(x);
    if (Number.isNaN(v) || v < box.y0 - tolY || v > box.y1 + tolY) continue;
    visible++;
    if (nearestDistance(xs, x) <= reach) covered++;
  }
  return visible === 0 ? 0 : covered / visible;
}

/** Index of the first value ≥ x in a sorted list (its length when there is none). */
function firstAtLeast(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Distance from x to the nearest value of a sorted list (binary search). */
function nearestDistance(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  const right = sorted[lo]!;
  const left = lo > 0 ? sorted[lo - 1]! : right;
  return Math.min(Math.abs(right - x), Math.abs(x - left));
}
