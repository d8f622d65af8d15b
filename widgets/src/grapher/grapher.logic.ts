/**
 * The grapher's arithmetic (spec 02 §3 "Graph function object", §9 "Grapher"): reading each graph
 * with the checker's parser and compiled evaluator, sampling it across the board without joining
 * the two sides of a discontinuity, its bounds, and the board's view and ticks. No DOM: the board
 * draws what these functions give, node tests cover them.
 */
import type { compileFloat, Expr, FloatFn, freeSymbols, parseLatex } from '@kib/checker';
import {
  formatX,
  formatY,
  gridLineValues,
  visibleBox,
  xStep,
  type BoardSize,
  type CartesianView,
  type PlaneBox,
} from '../shared/graph/cartesian';
import type { GraphFunction, GrapherSettings } from './grapher.types';

/** The checker functions the grapher reads graphs with (the checker is a lazy chunk). */
export interface GraphEvaluator {
  parseLatex: typeof parseLatex;
  compileFloat: typeof compileFloat;
  freeSymbols: typeof freeSymbols;
}

/** The grapher's canvas (spec 02 §9): 700x450, drawn smaller on a narrow screen. */
export const GRAPHER_SIZE: BoardSize = { width: 700, height: 450 };
/** Sampling step in canvas pixels at the normal resolution (spec 02 §9). */
export const SAMPLE_STEP_PX = 0.5;
/** Sampling step in plane units at the improved resolution (spec 02 §9). */
export const HIGH_RESOLUTION_STEP = 0.005;
/** Most samples one graph takes across the board, whatever the zoom. */
export const MAX_SAMPLES = 20_000;
/** Width of every graph's line (spec 02 §9). */
export const LINE_WIDTH = 2;
/** JSXGraph's dash style 2, whose pattern is 5,5 (spec 02 §9). */
export const DASHED_STYLE = 2;
/** The colours a graph may take; the first, semi-transparent blue, is the default (spec 02 §9). */
export const GRAPH_COLORS = [
  { name: 'blue', value: 'rgba(0, 0, 255, 0.6)' },
  { name: 'red', value: '#c62828' },
  { name: 'green', value: '#2e7d32' },
  { name: 'orange', value: '#e65100' },
  { name: 'purple', value: '#6a1b9a' },
  { name: 'black', value: '#000000' },
] as const;
/** The default colour of a new graph. */
export const DEFAULT_COLOR = GRAPH_COLORS[0].value;

/** The names of a graph's four bounds. */
export const BOUND_NAMES = ['minXValue', 'maxXValue', 'minYValue', 'maxYValue'] as const;
/** One of BOUND_NAMES. */
export type BoundName = (typeof BOUND_NAMES)[number];

/** The region a graph is drawn in: ±Infinity where the author set no bound. */
export interface Domain {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Why a graph is not drawn. Codes double as i18n keys (`grapher.note-<code>`). */
export type GraphNote =
  | { code: 'unreadable' }
  | { code: 'other-letters'; letters: string }
  | { code: 'not-a-function' }
  | { code: 'asymptote-not-a-line' }
  | { code: 'bad-bound'; bound: BoundName }
  | { code: 'empty-domain' };

/** What a graph draws, once read. */
export type GraphPlan =
  | { kind: 'empty' }
  | { kind: 'note'; note: GraphNote }
  | { kind: 'curve'; f: FloatFn; domain: Domain; asymptote: boolean }
  | { kind: 'vertical'; x: number; domain: Domain }
  | { kind: 'horizontal'; y: number; domain: Domain };

/** A new graph: empty, semi-transparent blue, solid, no bounds. */
export function newGraphFunction(id: string, value = ''): GraphFunction {
  return {
    id,
    value,
    color: DEFAULT_COLOR,
    border: 'solid',
    asymptote: false,
    minXValue: '',
    maxXValue: '',
    minYValue: '',
    maxYValue: '',
  };
}

/** The board settings the grapher opens with: integers on the x-axis, numbers shown, normal resolution. */
export const DEFAULT_GRAPHER_SETTINGS: GrapherSettings = {
  inRadians: false,
  axisNumbers: true,
  highResolution: false,
};

/** The view the board opens with: the origin in the middle, 50 px per unit (π/2 in radians). */
export function initialGrapherView(radians: boolean): CartesianView {
  return {
    originX: GRAPHER_SIZE.width / 2,
    originY: GRAPHER_SIZE.height / 2,
    cell: 50,
    scale: 1,
    radians,
  };
}

const NOT_EVALUABLE = new Set<Expr['type']>([
  'relation',
  'logic',
  'interval',
  'set',
  'list',
  'element',
  'pm',
]);

/** The value of a tree with no variables, or null when it has one or is undefined. */
function constantOf(e: Expr, ev: GraphEvaluator): number | null {
  if (NOT_EVALUABLE.has(e.type) || ev.freeSymbols(e).size > 0) return null;
  const v = ev.compileFloat(e, 'x', {}, false)(0);
  return Number.isFinite(v) ? v : null;
}

/**
 * A bound as typed: a number (`-2.5`, `3,5`) or a constant such as `2π`, `-pi/2`, `\sqrt{2}`;
 * null for an empty bound, undefined when it cannot be read.
 */
export function parseBound(text: string, ev: GraphEvaluator): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const latex = trimmed
    .replace(/π|\bpi\b/g, '\\pi ')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/−/g, '-');
  const parsed = ev.parseLatex(latex);
  if (!parsed.ok) return undefined;
  return constantOf(parsed.expr, ev) ?? undefined;
}

/** The two sides of `lhs = rhs`, or null when the tree is not an equation. */
function equationSides(e: Expr): [Expr, Expr] | null {
  if (e.type !== 'relation' || e.op !== '=' || e.args.length !== 2) return null;
  return [e.args[0]!, e.args[1]!];
}

const isSymbol = (e: Expr, name: string) => e.type === 'symbol' && e.name === name;

/** A function of x as a plan, or the note saying why it is not one. */
function curvePlan(e: Expr, domain: Domain, asymptote: boolean, ev: GraphEvaluator): GraphPlan {
  if (NOT_EVALUABLE.has(e.type)) return { kind: 'note', note: { code: 'not-a-function' } };
  const letters = [...ev.freeSymbols(e)].filter((name) => name !== 'x');
  if (letters.length > 0)
    return { kind: 'note', note: { code: 'other-letters', letters: letters.join(', ') } };
  return { kind: 'curve', f: ev.compileFloat(e, 'x', {}, false), domain, asymptote };
}

/**
 * Reads a graph with the checker: a function of x (`x^2`, `y=\frac{1}{x}`), or with `asymptote` a
 * line (`x=2` or a bare `2`: the vertical line; `y=1`: the horizontal one; `y=x+1`: an oblique
 * one). Its bounds are read too. Never throws: what cannot be drawn comes back as a note.
 */
export function planGraph(fn: GraphFunction, ev: GraphEvaluator): GraphPlan {
  if (fn.value.trim() === '') return { kind: 'empty' };
  const bounds: Partial<Record<BoundName, number | null>> = {};
  for (const name of BOUND_NAMES) {
    const value = parseBound(fn[name], ev);
    if (value === undefined) return { kind: 'note', note: { code: 'bad-bound', bound: name } };
    bounds[name] = value;
  }
  const domain: Domain = {
    minX: bounds.minXValue ?? -Infinity,
    maxX: bounds.maxXValue ?? Infinity,
    minY: bounds.minYValue ?? -Infinity,
    maxY: bounds.maxYValue ?? Infinity,
  };
  if (domain.minX >= domain.maxX || domain.minY >= domain.maxY)
    return { kind: 'note', note: { code: 'empty-domain' } };

  const parsed = ev.parseLatex(fn.value);
  if (!parsed.ok) return { kind: 'note', note: { code: 'unreadable' } };
  const sides = equationSides(parsed.expr);
  if (fn.asymptote) {
    if (!sides) {
      const x = constantOf(parsed.expr, ev);
      return x === null
        ? { kind: 'note', note: { code: 'asymptote-not-a-line' } }
        : { kind: 'vertical', x, domain };
    }
    const [lhs, rhs] = sides;
    const c = constantOf(rhs, ev);
    if (isSymbol(lhs, 'x') && c !== null) return { kind: 'vertical', x: c, domain };
    if (isSymbol(lhs, 'y') && c !== null) return { kind: 'horizontal', y: c, domain };
    if (isSymbol(lhs, 'y')) return curvePlan(rhs, domain, true, ev);
    return { kind: 'note', note: { code: 'asymptote-not-a-line' } };
  }
  if (sides) {
    const [lhs, rhs] = sides;
    return isSymbol(lhs, 'y')
      ? curvePlan(rhs, domain, false, ev)
      : { kind: 'note', note: { code: 'not-a-function' } };
  }
  return curvePlan(parsed.expr, domain, false, ev);
}

/** Polyline data for JSXGraph: a NaN lifts the pen. */
export type PathData = [xs: number[], ys: number[]];

/** The distance between two samples in plane units (spec 02 §9: half a pixel, or 0.005 units). */
export function sampleStep(view: CartesianView, highResolution: boolean): number {
  const halfPixel = (SAMPLE_STEP_PX * xStep(view)) / view.cell;
  return highResolution ? Math.min(HIGH_RESOLUTION_STEP, halfPixel) : halfPixel;
}

/**
 * True when f really jumps between two samples (a pole like tan x at π/2, or a step) rather than
 * climbing steeply: the interval is halved towards the larger change until it is tiny; a continuous
 * function's change shrinks below `threshold` on the way, a jump's does not.
 */
export function jumpsBetween(
  f: FloatFn,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  threshold: number,
): boolean {
  for (let i = 0; i < 64; i++) {
    if (Math.abs(y1 - y0) <= threshold) return false;
    const xm = (x0 + x1) / 2;
    if (xm <= x0 || xm >= x1) break;
    const ym = f(xm);
    if (!Number.isFinite(ym)) return true;
    if (Math.abs(ym - y0) >= Math.abs(y1 - ym)) {
      x1 = xm;
      y1 = ym;
    } else {
      x0 = xm;
      y0 = ym;
    }
  }
  return Math.abs(y1 - y0) > threshold;
}

/**
 * Samples a function across the visible part of its domain every `step` units. Samples where it is
 * undefined or outside its y bounds lift the pen, and so does a jump between two samples: the two
 * sides of a discontinuity are never joined by a vertical line. Values far off the board are held
 * just beyond its edge, so the drawing stays small and the line still leaves the board.
 */
export function sampleCurve(f: FloatFn, domain: Domain, box: PlaneBox, step: number): PathData {
  const xs: number[] = [];
  const ys: number[] = [];
  const lo = Math.max(box.xMin, domain.minX);
  const hi = Math.min(box.xMax, domain.maxX);
  if (!(lo <= hi) || !(step > 0)) return [xs, ys];
  const n = Math.max(1, Math.min(MAX_SAMPLES, Math.ceil((hi - lo) / step)));
  const h = (hi - lo) / n;
  const height = box.yMax - box.yMin;
  // A change of more than 4 px between neighbouring samples is looked at closer.
  const threshold = (4 * height) / 450;
  const yLow = box.yMin - height;
  const yHigh = box.yMax + height;
  const lift = () => {
    if (xs.length > 0 && !Number.isNaN(xs[xs.length - 1]!)) {
      xs.push(NaN);
      ys.push(NaN);
    }
  };
  let prevX = NaN;
  let prevY = NaN;
  for (let i = 0; i <= n; i++) {
    const x = i === n ? hi : lo + i * h;
    const y = f(x);
    if (!Number.isFinite(y) || y < domain.minY || y > domain.maxY) {
      lift();
      prevX = NaN;
      continue;
    }
    if (
      !Number.isNaN(prevX) &&
      Math.abs(y - prevY) > threshold &&
      jumpsBetween(f, prevX, prevY, x, y, threshold)
    )
      lift();
    xs.push(x);
    ys.push(Math.min(yHigh, Math.max(yLow, y)));
    prevX = x;
    prevY = y;
  }
  return [xs, ys];
}

/** The polyline of a plan on the board: a sampled curve, or a straight line within the bounds. */
export function planPath(plan: GraphPlan, box: PlaneBox, step: number): PathData {
  if (plan.kind === 'curve') return sampleCurve(plan.f, plan.domain, box, step);
  if (plan.kind === 'vertical') {
    const { x, domain } = plan;
    const y0 = Math.max(box.yMin, domain.minY);
    const y1 = Math.min(box.yMax, domain.maxY);
    if (x < box.xMin || x > box.xMax || x < domain.minX || x > domain.maxX || !(y0 < y1)) return [[], []];
    return [
      [x, x],
      [y0, y1],
    ];
  }
  if (plan.kind === 'horizontal') {
    const { y, domain } = plan;
    const x0 = Math.max(box.xMin, domain.minX);
    const x1 = Math.min(box.xMax, domain.maxX);
    if (y < box.yMin || y > box.yMax || y < domain.minY || y > domain.maxY || !(x0 < x1)) return [[], []];
    return [
      [x0, x1],
      [y, y],
    ];
  }
  return [[], []];
}

/** A tick label of an axis. */
export interface Tick {
  axis: 'x' | 'y';
  value: number;
  text: string;
}

/**
 * The labelled ticks of the board: on the x-axis integers (1-2-5 steps) or, in radians, multiples
 * of π/2 written with π; on the y-axis numbers. The origin is not labelled twice.
 */
export function axisTicks(view: CartesianView, size: BoardSize): Tick[] {
  const { xs, ys } = gridLineValues(view, size);
  return [
    ...xs.filter((x) => x !== 0).map((value) => ({ axis: 'x' as const, value, text: formatX(view, value) })),
    ...ys.filter((y) => y !== 0).map((value) => ({ axis: 'y' as const, value, text: formatY(value) })),
  ];
}

/** The plane region the board shows. */
export const grapherBox = (view: CartesianView): PlaneBox => visibleBox(view, GRAPHER_SIZE);

/** A bound as text for the board's description: `−∞`/`∞` when open, π multiples on a radians x-axis. */
export function boundText(view: Pick<CartesianView, 'radians'>, axis: 'x' | 'y', value: number): string {
  if (value === Infinity) return '∞';
  if (value === -Infinity) return '−∞';
  return axis === 'x' ? formatX(view, value) : formatY(value);
}
