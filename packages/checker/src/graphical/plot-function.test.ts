import { describe, expect, it } from 'vitest';
import { checkPlotFunction } from './plot-function';
import { fastestMs, seededRandom, stroke } from './graphical.fixtures';

type Pt = { x: number; y: number };
const sq = (x: number) => x * x;
const line = (x: number) => 2 * x + 1;
const recip = (x: number) => 1 / x;

function check(fn: string, points: Pt[], inRadians = false) {
  return checkPlotFunction({ function: fn }, { points, inRadians });
}

/** A straight pen-down segment between two points (what a student draws when connecting branches). */
function segment(a: Pt, b: Pt, n = 30): Pt[] {
  return Array.from({ length: n }, (_, i) => ({
    x: a.x + ((b.x - a.x) * i) / (n - 1),
    y: a.y + ((b.y - a.y) * i) / (n - 1),
  }));
}

describe('checkPlotFunction: accepted drawings', () => {
  it.each<[string, string, Pt[], boolean]>([
    ['a parabola over the whole default view', 'x^{2}', stroke(sq, -2, 2, 150, 0.06), false],
    ['a steep line up to the edges of the view', '2x+1', stroke(line, -1.5, 1.5, 120, 0.08), false],
    ['a sine over the whole default view', '\\sin x', stroke(Math.sin, -2, 7, 200, 0.07), false],
    ['a line written y = …', 'y=\\frac{1}{2}x-1', stroke((x) => x / 2 - 1, -2, 7, 150, 0.05), false],
    [
      'a function written f(x) = …',
      'f(x)=x^{3}-3x',
      stroke((x) => x ** 3 - 3 * x, -2.1, 2.1, 160, 0.05),
      false,
    ],
    ['a constant function', '3', stroke(() => 3, -2, 7, 100, 0.05), false],
    ['a stroke drawn right to left', 'x^{2}', stroke(sq, -2, 2, 150, 0.05).reverse(), false],
    ['an absolute value', '\\left|x\\right|', stroke(Math.abs, -4, 4, 150, 0.05), false],
    [
      'a very steep line (min span reached vertically)',
      '5x',
      stroke((x) => 5 * x, -0.4, 0.8, 80, 0.1),
      false,
    ],
    [
      'an exponential up to the top of the view',
      'e^{x}',
      stroke(Math.exp, -2, Math.log(4), 120, 0.05),
      false,
    ],
    [
      'a square root starting a hair left of its domain',
      '\\sqrt{x}',
      [{ x: -0.02, y: 0 }, ...stroke(Math.sqrt, 0, 7, 150, 0.04)],
      false,
    ],
    ['a logarithm starting down its asymptote', '\\ln x', stroke(Math.log, 0.02, 7, 300, 0.04), false],
    [
      'a sine with the axis labelled in multiples of π',
      '\\sin x',
      stroke(Math.sin, -Math.PI, 3 * Math.PI, 250, 0.06),
      true,
    ],
    ['a sine of a variable other than x', '\\sin\\theta', stroke(Math.sin, -2, 7, 200, 0.05), false],
  ])('accepts %s', (_title, fn, points, inRadians) => {
    expect(check(fn, points, inRadians)).toEqual({ correctAns: true, feedbacks: 'feedback.plot-correct' });
  });

  it('accepts a hyperbola drawn as two strokes with the pen lifted at the asymptote', () => {
    const points = [...stroke(recip, -2, -0.25, 80, 0.03), ...stroke(recip, 0.25, 7, 120, 0.03)];
    expect(check('\\frac{1}{x}', points).correctAns).toBe(true);
  });

  it('accepts 1/x² whose two branches end close together at the top', () => {
    const f = (x: number) => 1 / (x * x);
    const points = [...stroke(f, -4, -0.5, 100, 0.02), ...stroke(f, 0.5, 4, 100, 0.02)];
    expect(check('\\frac{1}{x^{2}}', points).correctAns).toBe(true);
  });

  it('accepts a tangent drawn branch by branch over the default view in radians', () => {
    const pieces: [number, number][] = [
      [-Math.PI, -Math.PI / 2 - 0.25],
      ...[0, 1, 2, 3].map((k): [number, number] => [
        k * Math.PI - Math.PI / 2 + 0.25,
        k * Math.PI + Math.PI / 2 - 0.25,
      ]),
    ];
    const branches = pieces.flatMap(([a, b]) => stroke(Math.tan, a, b, 80, 0.03));
    expect(check('\\tan x', branches, true).correctAns).toBe(true);
  });

  it('accepts a steep quartic whose points are off horizontally rather than vertically', () => {
    const points = stroke((x) => x ** 4, -1.41, 1.41, 150).map((p) => ({
      x: p.x + (p.x > 0 ? 0.04 : -0.04),
      y: p.y,
    }));
    expect(check('x^{4}', points).correctAns).toBe(true);
  });

  it('accepts a parabola drawn in a view panned far from the origin', () => {
    expect(
      check(
        '\\left(x-10\\right)^{2}',
        stroke((x) => (x - 10) ** 2, 8, 12, 150, 0.05),
      ).correctAns,
    ).toBe(true);
  });

  it('accepts a parabola drawn in a zoomed-out view with a looser hand', () => {
    expect(check('x^{2}', stroke(sq, -4.4, 4.4, 200, 0.6)).correctAns).toBe(true);
  });

  it('accepts a line drawn over a view four times as wide', () => {
    expect(
      check(
        '\\frac{x}{4}',
        stroke((x) => x / 4, -8, 28, 200, 0.2),
      ).correctAns,
    ).toBe(true);
  });

  it('accepts 10 000 points on the curve quickly', () => {
    const points = stroke(sq, -2, 2, 10_000, 0.03);
    expect(check('x^{2}', points).correctAns).toBe(true);
    expect(fastestMs(() => check('x^{2}', points))).toBeLessThan(50);
  });
});

describe('checkPlotFunction: refused drawings', () => {
  it.each<[string, string, Pt[], string]>([
    ['a parabola followed only half way', 'x^{2}', stroke(sq, 0, 2, 80, 0.04), 'plot-too-short'],
    [
      'a sine followed only half way across the view',
      '\\sin x',
      stroke(Math.sin, -2, 2.5, 100, 0.04),
      'plot-too-short',
    ],
    ['a short dash on the line', '2x+1', stroke(line, 0, 0.5, 20), 'plot-too-short'],
    ['a short dash away from the line', '2x+1', stroke((x) => 2 * x + 3, 0, 0.5, 20), 'plot-off-curve'],
    [
      'three dots joined by nothing',
      'x^{2}',
      [
        { x: -2, y: 4 },
        { x: 0, y: 0 },
        { x: 2, y: 4 },
      ],
      'plot-too-short',
    ],
    ['a parabola one unit too high', 'x^{2}', stroke((x) => sq(x) + 1, -1.7, 1.7, 120), 'plot-off-curve'],
    ['a cosine instead of a sine', '\\sin x', stroke(Math.cos, -2, 7, 200), 'plot-off-curve'],
    ['the line 2x − 1 instead of 2x + 1', '2x+1', stroke((x) => 2 * x - 1, -0.5, 2.5, 100), 'plot-off-curve'],
    [
      'a square root mirrored to the left',
      '\\sqrt{x}',
      stroke((x) => Math.sqrt(Math.abs(x)), -7, 7, 200),
      'plot-off-curve',
    ],
    [
      'a parabola with a slip of the pen at the end',
      'x^{2}',
      [...stroke(sq, -2, 2, 150), { x: 2.1, y: 1 }],
      'plot-off-curve',
    ],
    ['a straight line where a parabola was asked', 'x^{2}', stroke(() => 2, -2, 2, 100), 'plot-off-curve'],
    [
      'a sine drawn in degrees-sized x',
      '\\sin x',
      stroke((x) => Math.sin((x * Math.PI) / 180), -2, 7, 100),
      'plot-off-curve',
    ],
  ])('refuses %s', (_title, fn, points, code) => {
    expect(check(fn, points)).toEqual({ correctAns: false, feedbacks: `feedback.${code}` });
  });

  it('refuses a tangent with one branch of the view left out', () => {
    const pieces: [number, number][] = [0, 1, 3].map((k) => [
      k * Math.PI - Math.PI / 2 + 0.25,
      k * Math.PI + Math.PI / 2 - 0.25,
    ]);
    const points = pieces.flatMap(([a, b]) => stroke(Math.tan, a, b, 80));
    expect(check('\\tan x', points, true).feedbacks).toBe('feedback.plot-too-short');
  });

  it('refuses a tangent drawn as its middle branch only', () => {
    expect(check('\\tan x', stroke(Math.tan, -1.3, 1.3, 80), true).feedbacks).toBe('feedback.plot-too-short');
  });

  it('refuses a jump of |x|/x drawn as a continuous step', () => {
    const points = [
      ...stroke(() => -1, -4, -0.02, 60),
      ...segment({ x: 0, y: -1 }, { x: 0, y: 1 }, 10),
      ...stroke(() => 1, 0.02, 4, 60),
    ];
    expect(check('\\frac{\\left|x\\right|}{x}', points).correctAns).toBe(false);
  });

  it('refuses a hyperbola whose branches are joined through the asymptote', () => {
    const left = stroke(recip, -2, -0.25, 80);
    const right = stroke(recip, 0.25, 7, 120);
    const points = [...left, ...segment(left[left.length - 1]!, right[0]!), ...right];
    expect(check('\\frac{1}{x}', points)).toEqual({
      correctAns: false,
      feedbacks: 'feedback.plot-crosses-asymptote',
    });
  });

  it('refuses a tangent drawn in one stroke with vertical joins', () => {
    const points: Pt[] = [];
    for (const k of [0, 1]) {
      const branch = stroke(Math.tan, k * Math.PI - 1.3, k * Math.PI + 1.3, 80);
      if (points.length) points.push(...segment(points[points.length - 1]!, branch[0]!, 40));
      points.push(...branch);
    }
    expect(check('\\tan x', points, true).feedbacks).toBe('feedback.plot-crosses-asymptote');
  });

  it('refuses a stroke that jumps a break exactly on the asymptote line', () => {
    const left = stroke(recip, -3, -0.25, 60);
    const right = stroke(recip, 0.25, 3, 60);
    const down = segment({ x: 0, y: -4 }, { x: 0, y: 4 }, 40);
    const points = [...left, ...down, ...right];
    expect(check('\\frac{1}{x}', points).correctAns).toBe(false);
  });
});

describe('checkPlotFunction: answers of the wrong shape', () => {
  it.each<[string, unknown, string]>([
    ['an empty drawing', { points: [], inRadians: false }, 'plot-try-again'],
    [
      'only NaN coordinates',
      {
        points: [
          { x: NaN, y: 1 },
          { x: 2, y: Infinity },
        ],
        inRadians: false,
      },
      'plot-try-again',
    ],
    ['a single point on the curve', { points: [{ x: 1, y: 1 }], inRadians: false }, 'plot-too-short'],
    [
      'one point repeated',
      { points: Array.from({ length: 50 }, () => ({ x: 1, y: 1 })), inRadians: false },
      'plot-too-short',
    ],
    ['points that are not objects', { points: [1, 'a', null], inRadians: false }, 'plot-try-again'],
    ['no points field', { inRadians: true }, 'plot-try-again'],
    ['null', null, 'plot-try-again'],
    [
      'astronomical coordinates',
      {
        points: [
          { x: -1e300, y: 1e300 },
          { x: 1e300, y: -1e300 },
        ],
        inRadians: false,
      },
      'plot-off-curve',
    ],
  ])('answers %s with a code', (_title, answer, code) => {
    const r = checkPlotFunction({ function: 'x^{2}' }, answer as never);
    expect(r).toEqual({ correctAns: false, feedbacks: `feedback.${code}` });
  });

  it('judges the finite points of a stroke that has a few NaN ones', () => {
    const points = stroke(sq, -2, 2, 150, 0.03).map((p, i) => (i % 10 === 0 ? { x: NaN, y: p.y } : p));
    expect(check('x^{2}', points).correctAns).toBe(true);
  });

  it('gives the same verdict for the same random scribble, within 50 ms', () => {
    const random = seededRandom(42);
    const points = Array.from({ length: 5000 }, () => ({ x: random() * 9 - 2, y: random() * 6 - 2 }));
    const a = check('\\frac{1}{x-1}+\\sin x', points);
    expect(fastestMs(() => check('\\frac{1}{x-1}+\\sin x', points))).toBeLessThan(50);
    expect(check('\\frac{1}{x-1}+\\sin x', points)).toEqual(a);
    expect(a.correctAns).toBe(false);
  });

  it.each(['\\tan\\left(50x\\right)', '\\sin\\left(1000x\\right)', '\\frac{1}{\\sin\\left(200x\\right)}'])(
    'answers a scribble over the wildly oscillating %s with a code within 50 ms',
    (fn) => {
      const random = seededRandom(9);
      const points = Array.from({ length: 5000 }, (_, i) => ({
        x: -2 + (9 * i) / 5000,
        y: random() * 2 - 1,
      }));
      expect(check(fn, points).feedbacks).toMatch(/^feedback\.plot-/);
      expect(fastestMs(() => check(fn, points))).toBeLessThan(50);
    },
  );

  it.each(['', '\\frac{1}{', 'x+y', 'x<2'])('throws for the malformed definition %j', (fn) => {
    expect(() => check(fn, stroke(sq, -2, 2))).toThrow(/plotFunction/);
  });
});
