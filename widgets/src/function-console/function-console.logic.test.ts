import { LIMITS } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { initialCartesianView } from '../shared/graph/cartesian';
import {
  DRAWING_MODEL,
  drawingPoints,
  drawingSpan,
  eraseAt,
  extendStroke,
  freehandAnswer,
  loosePoints,
  moveVertex,
  removeVertex,
  restoreStrokes,
  sameDrawing,
  startStroke,
  toolAfterClear,
  vertexAt,
  vertexRefs,
} from './function-console.logic';

const view = initialCartesianView();
// 50 px per unit: 0.1 units is 5 px, 0.2 units is 10 px.

describe('sampling a freehand stroke', () => {
  it('keeps a new sample only 7 px or more from the last one', () => {
    const started = startStroke([], { x: 0, y: 0 })!;
    expect(extendStroke(started, view, { x: 0.1, y: 0 })).toBeNull();
    const next = extendStroke(started, view, { x: 0.14, y: 0 });
    expect(next).toEqual([
      [
        { x: 0, y: 0 },
        { x: 0.14, y: 0 },
      ],
    ]);
  });
  it('by keyboard (minimum 0) adds any point but the same one again', () => {
    const started = startStroke([], { x: 0, y: 0 })!;
    expect(extendStroke(started, view, { x: 0.5, y: 0 }, 0)).toHaveLength(1);
    expect(extendStroke(started, view, { x: 0, y: 0 }, 0)).toBeNull();
  });
  it('a new stroke starts after the others, in drawing order', () => {
    const one = startStroke([], { x: 0, y: 0 })!;
    expect(startStroke(one, { x: 3, y: 1 })).toEqual([[{ x: 0, y: 0 }], [{ x: 3, y: 1 }]]);
  });
  it('stops at the most points an answer may hold', () => {
    const full = [Array.from({ length: LIMITS.drawnPointsMaxItems }, (_, i) => ({ x: i, y: 0 }))];
    expect(startStroke(full, { x: -1, y: 0 })).toBeNull();
    expect(extendStroke(full, view, { x: -1, y: 5 })).toBeNull();
  });
});

describe('the answer', () => {
  const strokes = [
    [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ],
    [{ x: 3, y: 2 }],
  ];
  it('sends every point in drawing order with the x-axis mode', () => {
    expect(freehandAnswer(strokes, true)).toEqual({
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 3, y: 2 },
      ],
      inRadians: true,
    });
  });
  it('recognises its own answer echoed back, and a different one', () => {
    expect(sameDrawing(strokes, false, freehandAnswer(strokes, false))).toBe(true);
    expect(sameDrawing(strokes, false, freehandAnswer(strokes, true))).toBe(false);
    expect(sameDrawing(strokes, false, { points: drawingPoints(strokes).reverse(), inRadians: false })).toBe(
      false,
    );
    expect(sameDrawing([], false, null)).toBe(true);
  });
});

describe('restoreStrokes (a saved answer)', () => {
  it('sorts the points by x and joins them as a path', () => {
    expect(
      restoreStrokes(
        [
          { x: 1, y: 1 },
          { x: 0, y: 0 },
          { x: 0.5, y: 0.5 },
        ],
        view,
      ),
    ).toEqual([
      [
        { x: 0, y: 0 },
        { x: 0.5, y: 0.5 },
        { x: 1, y: 1 },
      ],
    ]);
  });
  it('lifts the pen where neighbours are more than 40 px apart (two branches of 1/x)', () => {
    const strokes = restoreStrokes(
      [
        { x: 1, y: 1 },
        { x: -1, y: -1 },
        { x: 0.8, y: 1.25 },
        { x: -0.8, y: -1.25 },
      ],
      view,
    );
    expect(strokes).toHaveLength(2);
    expect(strokes[1]).toEqual([
      { x: 0.8, y: 1.25 },
      { x: 1, y: 1 },
    ]);
  });
  it('drops points that are not finite numbers', () => {
    expect(restoreStrokes([{ x: Number.NaN, y: 1 }], view)).toEqual([]);
  });
});

describe('eraseAt', () => {
  const stroke = [0, 0.3, 0.6, 0.9, 1.2].map((x) => ({ x, y: 0 }));
  it('removes the points within 10 px and cuts the stroke in two', () => {
    // (0.6, 0) is at (130, 200) px; its neighbours are 15 px away.
    const erased = eraseAt([stroke], view, 130, 200);
    expect(erased).toEqual([
      [
        { x: 0, y: 0 },
        { x: 0.3, y: 0 },
      ],
      [
        { x: 0.9, y: 0 },
        { x: 1.2, y: 0 },
      ],
    ]);
  });
  it('returns the same drawing when nothing is near', () => {
    const strokes = [stroke];
    expect(eraseAt(strokes, view, 130, 260)).toBe(strokes);
  });
});

describe('points of the drawing', () => {
  const strokes = [
    [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
    ],
    [{ x: 3, y: 2 }],
  ];
  it('lists every point with its stroke, in drawing order', () => {
    expect(vertexRefs(strokes)).toEqual([
      { stroke: 0, index: 0 },
      { stroke: 0, index: 1 },
      { stroke: 1, index: 0 },
    ]);
  });
  it('finds the point under the pointer', () => {
    expect(vertexAt(strokes, view, 252, 98)).toEqual({ stroke: 1, index: 0 });
    expect(vertexAt(strokes, view, 300, 300)).toBeNull();
  });
  it('moves and removes one point', () => {
    expect(moveVertex(strokes, { stroke: 0, index: 1 }, { x: 1, y: 2 })[0]).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 2 },
    ]);
    expect(removeVertex(strokes, { stroke: 1, index: 0 })).toEqual([strokes[0]]);
  });
  it('created points are the strokes of one point', () => {
    expect(loosePoints(strokes)).toEqual([{ x: 3, y: 2 }]);
    expect(drawingSpan(strokes)).toEqual({ from: 0, to: 3 });
    expect(drawingSpan([])).toBeNull();
  });
});

describe('tools', () => {
  it('Clear returns to draw (spec 02 §4)', () => {
    expect(toolAfterClear()).toBe('draw');
  });
});

describe('DRAWING_MODEL', () => {
  it('restores a saved answer as a drawing sorted by x, and reports it back with its mode', () => {
    const local = DRAWING_MODEL.fromValue({
      points: [
        { x: 1, y: 1 },
        { x: 0, y: 0 },
      ],
      inRadians: true,
    });
    expect(local.inRadians).toBe(true);
    expect(DRAWING_MODEL.toAnswer(local)).toEqual({
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ],
      inRadians: true,
    });
    expect(DRAWING_MODEL.sameAs(local, DRAWING_MODEL.toAnswer(local))).toBe(true);
    expect(DRAWING_MODEL.sameAs(local, { points: [], inRadians: true })).toBe(false);
  });

  it('starts empty, in numbers, without an answer', () => {
    const local = DRAWING_MODEL.fromValue(null);
    expect(local).toEqual({ strokes: [], inRadians: false });
    expect(DRAWING_MODEL.toAnswer(local)).toEqual({ points: [], inRadians: false });
  });
});
