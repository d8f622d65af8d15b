import * as checker from '@kib/checker';
import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  grapherBox,
  GRAPHER_SIZE,
  initialGrapherView,
  jumpsBetween,
  newGraphFunction,
  parseBound,
  planGraph,
  planPath,
  sampleStep,
  type GraphPlan,
} from './grapher.logic';
import type { GraphFunction } from './grapher.types';

const graph = (value: string, patch: Partial<GraphFunction> = {}): GraphFunction => ({
  ...newGraphFunction('g', value),
  ...patch,
});
const plan = (value: string, patch: Partial<GraphFunction> = {}) => planGraph(graph(value, patch), checker);
const view = initialGrapherView(false);
const box = grapherBox(view);
const step = sampleStep(view, false);

/** The pieces of a path between pen lifts. */
function pieces([xs, ys]: [number[], number[]]): { x: number; y: number }[][] {
  const out: { x: number; y: number }[][] = [[]];
  xs.forEach((x, i) => {
    if (Number.isNaN(x)) out.push([]);
    else out[out.length - 1]!.push({ x, y: ys[i]! });
  });
  return out.filter((p) => p.length > 0);
}

const pathOf = (p: GraphPlan) => planPath(p, box, step);

describe('reading a graph with the checker', () => {
  it.each([
    ['x^2', 'curve'],
    ['y=\\tan x', 'curve'],
    ['\\frac{1}{x}', 'curve'],
    ['\\sqrt{x}+\\sin\\left(2x\\right)', 'curve'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('reads %j as a %s', (value, kind) => {
    expect(plan(value).kind).toBe(kind);
  });

  it.each([
    ['x^{', 'unreadable'],
    ['\\frac{1}{', 'unreadable'],
    ['ax+b', 'other-letters'],
    ['x=3', 'not-a-function'],
    ['x<3', 'not-a-function'],
  ])('notes that %j is not drawn (%s)', (value, code) => {
    const p = plan(value);
    expect(p.kind).toBe('note');
    expect(p.kind === 'note' && p.note.code).toBe(code);
  });

  it('names the other letters it found', () => {
    expect(plan('ax+b')).toEqual({ kind: 'note', note: { code: 'other-letters', letters: 'a, b' } });
  });

  it('reads asymptotes: x=c and a bare c are vertical, y=c horizontal, y=x+1 oblique', () => {
    expect(plan('x=2', { asymptote: true })).toMatchObject({ kind: 'vertical', x: 2 });
    expect(plan('-\\frac{\\pi}{2}', { asymptote: true })).toMatchObject({
      kind: 'vertical',
      x: -Math.PI / 2,
    });
    expect(plan('y=1', { asymptote: true })).toMatchObject({ kind: 'horizontal', y: 1 });
    expect(plan('y=x+1', { asymptote: true })).toMatchObject({ kind: 'curve', asymptote: true });
    expect(plan('x^2', { asymptote: true })).toEqual({
      kind: 'note',
      note: { code: 'asymptote-not-a-line' },
    });
  });

  it.each([
    ['', null],
    ['-2.5', -2.5],
    ['3,5', 3.5],
    ['2π', 2 * Math.PI],
    ['-pi/2', -Math.PI / 2],
    ['\\sqrt{4}', 2],
    ['abc', undefined],
    ['x', undefined],
    ['1/0', undefined],
  ])('reads the bound %j as %s', (text, value) => {
    const read = parseBound(text, checker);
    if (typeof value === 'number') expect(read).toBeCloseTo(value, 12);
    else expect(read).toBe(value);
  });

  it('notes a bound it cannot read, and bounds that leave nothing', () => {
    expect(plan('x', { maxYValue: 'dos' })).toEqual({
      kind: 'note',
      note: { code: 'bad-bound', bound: 'maxYValue' },
    });
    expect(plan('x', { minXValue: '3', maxXValue: '1' })).toEqual({
      kind: 'note',
      note: { code: 'empty-domain' },
    });
  });
});

describe('sampling', () => {
  it('samples every half pixel, or every 0.005 units at the improved resolution', () => {
    expect(step).toBeCloseTo(0.01, 12);
    expect(sampleStep(view, true)).toBe(0.005);
    const [xs] = pathOf(plan('x'));
    expect(xs.length).toBe(GRAPHER_SIZE.width * 2 + 1);
    expect(xs[0]).toBeCloseTo(box.xMin, 9);
    expect(xs[xs.length - 1]).toBeCloseTo(box.xMax, 9);
  });

  it('draws a continuous function, even a steep one, in one piece', () => {
    expect(pieces(pathOf(plan('x^2')))).toHaveLength(1);
    expect(pieces(pathOf(plan('200x')))).toHaveLength(1);
    expect(pieces(pathOf(plan('\\sin x')))).toHaveLength(1);
  });

  it('never joins the two sides of 1/x across x = 0', () => {
    const parts = pieces(pathOf(plan('\\frac{1}{x}')));
    expect(parts).toHaveLength(2);
    expect(parts[0]!.every((p) => p.x < 0)).toBe(true);
    expect(parts[1]!.every((p) => p.x > 0)).toBe(true);
  });

  it('breaks tan x at each of its poles on the board, whatever the sample grid', () => {
    // −7..7 holds the poles ±π/2 and ±3π/2: four poles, five pieces.
    for (const p of [view, { ...view, originX: 351.3 }]) {
      const b = grapherBox(p);
      const parts = pieces(planPath(plan('\\tan x'), b, sampleStep(p, false)));
      expect(parts).toHaveLength(5);
      for (const part of parts)
        for (let i = 1; i < part.length; i++) expect(part[i]!.y).toBeGreaterThanOrEqual(part[i - 1]!.y);
    }
  });

  it('does not join a step: x/|x| jumps from −1 to 1', () => {
    const f = (x: number) => x / Math.abs(x);
    expect(jumpsBetween(f, -0.003, -1, 0.007, 1, 0.04)).toBe(true);
    expect(jumpsBetween((x) => 300 * x, 0, 0, 0.01, 3, 0.04)).toBe(false);
    const parts = pieces(pathOf(plan('\\frac{x}{\\left|x\\right|}', { minXValue: '-1.003' })));
    expect(parts).toHaveLength(2);
  });

  it('keeps to the domain bounds: x between them, y within them', () => {
    const [xs, ys] = pathOf(plan('x^2', { minXValue: '-1', maxXValue: '2', maxYValue: '3' }));
    const finite = xs.filter((x) => !Number.isNaN(x));
    expect(Math.min(...finite)).toBeCloseTo(-1, 9);
    expect(Math.max(...finite)).toBeLessThanOrEqual(Math.sqrt(3));
    expect(Math.max(...ys.filter((y) => !Number.isNaN(y)))).toBeLessThanOrEqual(3);
  });

  it('lifts the pen where the function is undefined (sqrt of negatives, ln of 0)', () => {
    const parts = pieces(pathOf(plan('\\sqrt{x}')));
    expect(parts).toHaveLength(1);
    expect(parts[0]![0]!.x).toBeGreaterThanOrEqual(0);
    expect(parts[0]![0]!.x).toBeLessThan(0.011);
  });

  it('draws nothing for a domain wholly off the board', () => {
    expect(pathOf(plan('x', { minXValue: '100' }))).toEqual([[], []]);
  });

  it('holds values far off the board just beyond its edge', () => {
    const [, ys] = pathOf(plan('e^{x^2}'));
    const height = box.yMax - box.yMin;
    expect(Math.max(...ys.filter((y) => !Number.isNaN(y)))).toBeLessThanOrEqual(box.yMax + height);
  });

  it('draws asymptotes as lines across the board, within their bounds', () => {
    expect(pathOf(plan('x=2', { asymptote: true }))).toEqual([
      [2, 2],
      [box.yMin, box.yMax],
    ]);
    expect(pathOf(plan('y=1', { asymptote: true, minXValue: '0' }))).toEqual([
      [0, box.xMax],
      [1, 1],
    ]);
    expect(pathOf(plan('x=20', { asymptote: true }))).toEqual([[], []]);
  });
});

describe('the axes', () => {
  it('labels the x-axis with integers, or in radians with multiples of π', () => {
    const ints = axisTicks(view, GRAPHER_SIZE).filter((t) => t.axis === 'x');
    expect(ints.map((t) => t.text)).toEqual([
      '−7',
      '−6',
      '−5',
      '−4',
      '−3',
      '−2',
      '−1',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    const rad = axisTicks(initialGrapherView(true), GRAPHER_SIZE).filter((t) => t.axis === 'x');
    expect(rad.map((t) => t.text)).toContain('π/2');
    expect(rad.map((t) => t.text)).toContain('−3π/2');
    expect(rad.map((t) => t.text)).toContain('2π');
    for (const t of rad) {
      const halves = t.value / (Math.PI / 2);
      expect(halves).toBeCloseTo(Math.round(halves), 9);
    }
  });

  it('labels the y-axis with numbers in both modes', () => {
    const ys = axisTicks(initialGrapherView(true), GRAPHER_SIZE).filter((t) => t.axis === 'y');
    expect(ys.map((t) => t.text)).toEqual(['−4', '−3', '−2', '−1', '1', '2', '3', '4']);
  });
});
