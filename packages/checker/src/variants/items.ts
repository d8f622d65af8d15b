import {
  MATH_TYPE_DATA_SCHEMAS,
  type AnswerOf,
  type MathType,
  type MathTypeDataOf,
  type TableCell,
  type TextAnswer,
} from '@kib/core';
import { check, isCorrect } from '../check';
import { freeSymbols, type Expr } from '../expr/ast';
import { evaluateExact } from '../expr/evaluate';
import { isInForm } from '../expr/forms';
import { toLatex } from '../expr/latex';
import { parseLatex } from '../expr/parse';
import { addPoly, constPoly, polyFromExpr, polyToExpr, scalePoly, varPoly, type Poly } from '../expr/poly';
import * as Q from '../expr/rational';
import type { Rational } from '../expr/rational';
import { gcdOf } from '../graphical/primes';
import { prepareProblem } from '../solve/problem';
import { rationalOf, realToLatex, type RealValue } from '../solve/real-value';
import { pointsOf, setToLatex } from '../solve/solution-set';
import type { CheckRequest } from '../types';
import {
  keyOfNumber,
  latexNumberKeys,
  primeFactors,
  remapLatex,
  remapNumber,
  textNumberKeys,
  type NumberMap,
} from './numbers';

/** The math types that have variants. */
export const VARIANT_MATH_TYPES = [
  'simplify',
  'solve',
  'functions',
  'equationOfALine',
  'findExpression',
  'plotLinearEquation',
  'setPointCartesianPlane',
  'intervals',
  'numberlinePoints',
  'tableSimple',
  'primeDecomposition',
] as const satisfies readonly MathType[];

/** A math type that has variants. */
export type VariantMathType = (typeof VARIANT_MATH_TYPES)[number];

/** True when the math type has variants. */
export function hasVariants(mathType: MathType): mathType is VariantMathType {
  return (VARIANT_MATH_TYPES as readonly MathType[]).includes(mathType);
}

/** An item varied: its new record, the check request of its own answer, and its solutions (solve). */
export interface VariedItem {
  data: unknown;
  request: CheckRequest;
  solutions?: number[];
  /** Numbers it computed, as [original, new] pairs: later items and the texts follow them. */
  derived?: [number, number][];
}

/** The varied items so far, by item index (a number line linked to a solve reads its solutions). */
export type Done = ReadonlyMap<number, VariedItem>;

/** How one item is varied: the numbers it is built from, and how to rebuild it from new ones. */
export interface ItemPlan {
  mathType: VariantMathType;
  /** The keys of the numbers the item is built from (derived numbers are recomputed, not listed). */
  sources: Set<string>;
  /** The keys of the numbers it computes (a solve's solutions, an expansion's coefficients). */
  derives: Set<string>;
  /** The numbers are to be decomposed into primes (drawn with as many prime factors). */
  smooth: boolean;
  /** The item rebuilt with the map, or null when the new numbers give no fitting item. */
  vary(map: NumberMap, done: Done): VariedItem | null;
}

/** What is known about an item besides its record: the math of its texts, and earlier solves' solutions. */
export interface ItemContext {
  /** The texts that describe the item (question, instruction): a table's function is looked for in them. */
  texts: string[];
  /** Earlier items of the problem with their original solutions (solve items only). */
  solves: { index: number; solutions: number[] }[];
}

const text = (lines: string[]): TextAnswer => lines.map((math) => ({ math }));

function parse(latex: string): Expr | null {
  const r = parseLatex(latex);
  return r.ok ? r.expr : null;
}

/** The exact rational value of a LaTeX expression without variables, or null. */
export function exactValue(latex: string, env: ReadonlyMap<string, Rational> = new Map()): Rational | null {
  const e = parse(latex);
  if (!e) return null;
  const r = evaluateExact(e, env);
  return r.kind === 'value' ? r.value : null;
}

/** The largest denominator of a list of rationals (1 for whole numbers). */
function maxDen(values: readonly Rational[]): bigint {
  return values.reduce((m, v) => (v.d > m ? v.d : m), 1n);
}

/** True when every value is as "nice" as the original's: a denominator no larger than `den`. */
function nice(values: readonly Rational[], den: bigint): boolean {
  return values.every((v) => v.d <= den);
}

/** Runs a record through its core schema and its own answer through the checker: the item, or null. */
function verified(mathType: MathType, data: unknown, request: CheckRequest): VariedItem | null {
  const parsed = MATH_TYPE_DATA_SCHEMAS[mathType].safeParse(data);
  if (!parsed.success) return null;
  try {
    return isCorrect(request.mathType, check(request)) ? { data: parsed.data, request } : null;
  } catch {
    return null;
  }
}

function request<K extends MathType>(mathType: K, data: unknown, answer: AnswerOf<K>): CheckRequest {
  return { mathType, data, answer } as unknown as CheckRequest;
}

/** A solve's solution set as the checker finds it on its own: its points, or null. */
function solveTruth(data: MathTypeDataOf<'solve'>): { points: RealValue[] | null; latex: string } | null {
  try {
    const p = prepareProblem({ ...data, definedSolutions: [] });
    if (p.mode !== 'single' || p.hasParams || p.truth.length !== 1) return null;
    const truth = p.truth[0]!;
    return { points: pointsOf(truth), latex: setToLatex(truth, p.variable, p.radians) };
  } catch {
    return null;
  }
}

function solvePlan(data: MathTypeDataOf<'solve'>): ItemPlan | null {
  const original = solveTruth(data);
  if (!original) return null;
  const originalPoints = original.points;
  const rationals = originalPoints?.map(rationalOf) ?? null;
  const allRational = rationals !== null && rationals.every((r) => r !== null);
  const den = allRational ? maxDen(rationals as Rational[]) : 1n;
  const radians = (() => {
    try {
      return prepareProblem({ ...data, definedSolutions: [] }).radians;
    } catch {
      return false;
    }
  })();
  const sources = latexNumberKeys(data.startingExpression);
  const originalValues = originalPoints?.map((p) => p.v) ?? [];
  return {
    mathType: 'solve',
    sources,
    smooth: false,
    derives: numberKeys(originalValues),
    vary(map) {
      const next: MathTypeDataOf<'solve'> = {
        ...data,
        startingExpression: remapLatex(data.startingExpression, map),
        helpingExpression: data.helpingExpression === null ? null : remapLatex(data.helpingExpression, map),
        definedSolutions: [],
      };
      const truth = solveTruth(next);
      if (!truth) return null;
      let solutions: string[];
      let values: number[] | undefined;
      if (originalPoints) {
        const points = truth.points;
        if (!points || points.length !== originalPoints.length || points.length === 0) return null;
        if (allRational) {
          const rs = points.map(rationalOf);
          if (rs.some((r) => r === null) || !nice(rs as Rational[], den)) return null;
        } else if (points.some((p) => p.exact === null)) return null;
        const variable = data.unknownVariable.trim();
        solutions = points.map((p) => `${variable}=${realToLatex(p, radians)}`);
        values = points.map((p) => p.v);
      } else {
        if (truth.points || data.definedSolutions.length !== 1) return null;
        solutions = [truth.latex];
      }
      const withSolutions = {
        ...next,
        definedSolutions: solutions.map((latex, i) => ({
          id: data.definedSolutions[i]?.id ?? `sol${String(i).padStart(3, '0')}`,
          latex,
        })),
      };
      const answer = solutions.map((math, i) => ({ math, solNum: i }));
      // The checker judges the solutions against the equation itself, not against a stated list.
      const item = verified('solve', withSolutions, request('solve', next, answer));
      if (!item) return null;
      return { ...item, solutions: values, derived: values ? pairSorted(originalValues, values) : [] };
    },
  };
}

/** The values of two lists paired in ascending order. */
function pairSorted(before: readonly number[], after: readonly number[]): [number, number][] {
  const a = [...before].sort((x, y) => x - y);
  const b = [...after].sort((x, y) => x - y);
  return a.map((v, i): [number, number] => [v, b[i]!]).filter(([, w]) => w !== undefined);
}

/** The coefficients of the same monomials of two polynomials, paired. */
function pairPolys(before: Poly, after: Poly): [number, number][] {
  const pairs: [number, number][] = [];
  for (const [mono, term] of before) {
    const next = after.get(mono);
    if (next) pairs.push([Q.toNumber(term.c), Q.toNumber(next.c)]);
  }
  return pairs;
}

/** A polynomial printed as a line: terms by descending degree. */
function polyLatex(p: Poly): string {
  return toLatex(polyToExpr(p));
}

function polyCoefficientsNice(p: Poly, den: bigint): boolean {
  return nice(
    [...p.values()].map((t) => t.c),
    den,
  );
}

function simplifyPlan(data: MathTypeDataOf<'simplify'>): ItemPlan | null {
  const start = parse(data.startingExpression);
  const target = parse(data.target);
  if (!start || !target) return null;
  const build = (startingExpression: string, targetLatex: string): VariedItem | null => {
    const next = { ...data, startingExpression, target: targetLatex };
    return verified('simplify', next, request('simplify', next, text([targetLatex])));
  };
  // A number to compute: the target is the exact value of the start.
  if (freeSymbols(start).size === 0 && freeSymbols(target).size === 0) {
    const value = exactValue(data.startingExpression);
    if (!value) return null;
    return {
      mathType: 'simplify',
      sources: latexNumberKeys(data.startingExpression),
      smooth: false,
      derives: latexNumberKeys(data.target),
      vary(map) {
        const s = remapLatex(data.startingExpression, map);
        const v = exactValue(s);
        if (!v || !nice([v], value.d)) return null;
        const item = build(s, Q.toLatex(v));
        return item && { ...item, derived: [[Q.toNumber(value), Q.toNumber(v)]] };
      },
    };
  }
  const startPoly = polyFromExpr(start);
  const targetPoly = polyFromExpr(target);
  // Expanding: the start is the source and the target its expanded polynomial.
  if (startPoly && targetPoly && isInForm(target, 'expanded')) {
    const den = maxDen([...targetPoly.values()].map((t) => t.c));
    return {
      mathType: 'simplify',
      sources: latexNumberKeys(data.startingExpression),
      smooth: false,
      derives: latexNumberKeys(data.target),
      vary(map) {
        const s = remapLatex(data.startingExpression, map);
        const e = parse(s);
        const p = e ? polyFromExpr(e) : null;
        if (!p || !polyCoefficientsNice(p, den)) return null;
        const item = build(s, polyLatex(p));
        return item && { ...item, derived: pairPolys(targetPoly, p) };
      },
    };
  }
  // Factoring: the factored target is the source and the start its expansion.
  if (startPoly && targetPoly && isInForm(start, 'expanded') && !isInForm(target, 'expanded')) {
    const den = maxDen([...startPoly.values()].map((t) => t.c));
    return {
      mathType: 'simplify',
      sources: latexNumberKeys(data.target),
      smooth: false,
      derives: latexNumberKeys(data.startingExpression),
      vary(map) {
        const t = remapLatex(data.target, map);
        const e = parse(t);
        const p = e ? polyFromExpr(e) : null;
        if (!p || !polyCoefficientsNice(p, den)) return null;
        const item = build(polyLatex(p), t);
        return item && { ...item, derived: pairPolys(startPoly, p) };
      },
    };
  }
  // Otherwise the same numbers change in both, and the checker decides whether they still agree.
  const sources = latexNumberKeys(data.startingExpression);
  latexNumberKeys(data.target, sources);
  return {
    mathType: 'simplify',
    sources,
    smooth: false,
    derives: new Set(),
    vary: (map) => build(remapLatex(data.startingExpression, map), remapLatex(data.target, map)),
  };
}

/** `f(x)=…`, `y=…` or a bare expression: its written head (kept) and its body and variable. */
function splitFunction(latex: string): { head: string; body: string; variable: string } {
  const named = /^(\s*[A-Za-z]\s*(?:\\left)?\s*\(\s*([A-Za-z])\s*(?:\\right)?\s*\)\s*=)(.*)$/s.exec(latex);
  if (named) return { head: named[1]!, variable: named[2]!, body: named[3]! };
  const y = /^(\s*y\s*=)(.*)$/s.exec(latex);
  return y ? { head: y[1]!, variable: 'x', body: y[2]! } : { head: '', variable: 'x', body: latex };
}

function functionsPlan(data: MathTypeDataOf<'functions'>): ItemPlan | null {
  const f = splitFunction(data.functionExpr);
  const sources = latexNumberKeys(f.body);
  if (data.xValue !== null) {
    const x = exactValue(data.xValue);
    const value = x ? exactValue(f.body, new Map([[f.variable, x]])) : null;
    if (!value || !x) return null;
    latexNumberKeys(data.xValue, sources);
    return {
      mathType: 'functions',
      sources,
      smooth: false,
      derives: new Set(),
      vary(map) {
        const body = remapLatex(f.body, map);
        const xValue = remapLatex(data.xValue!, map);
        const nx = exactValue(xValue);
        const v = nx ? exactValue(body, new Map([[f.variable, nx]])) : null;
        if (!v || !nice([v], value.d)) return null;
        const next = { ...data, functionExpr: `${f.head}${body}`, xValue };
        return verified('functions', next, request('functions', next, text([Q.toLatex(v)])));
      },
    };
  }
  if (data.yValue === null) return null;
  // Find x with f(x) = yValue: its solutions must be as nice as the original's.
  const asSolve = (body: string, y: string): MathTypeDataOf<'solve'> => ({
    unknownVariable: f.variable,
    startingExpression: `${body}=${y}`,
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: [],
    convertToDegrees: data.convertToDegrees,
    interval: null,
  });
  const original = solveTruth(asSolve(f.body, data.yValue));
  const originalRoots = original?.points?.map(rationalOf);
  if (!originalRoots || originalRoots.length === 0 || originalRoots.some((r) => r === null)) return null;
  const den = maxDen(originalRoots as Rational[]);
  latexNumberKeys(data.yValue, sources);
  return {
    mathType: 'functions',
    sources,
    smooth: false,
    derives: new Set(),
    vary(map) {
      const body = remapLatex(f.body, map);
      const yValue = remapLatex(data.yValue!, map);
      const roots = solveTruth(asSolve(body, yValue))?.points?.map(rationalOf);
      if (!roots || roots.length !== originalRoots.length || roots.some((r) => r === null)) return null;
      if (!nice(roots as Rational[], den)) return null;
      const next = { ...data, functionExpr: `${f.head}${body}`, yValue };
      const answer = text((roots as Rational[]).map((r) => `${f.variable}=${Q.toLatex(r)}`));
      return verified('functions', next, request('functions', next, answer));
    },
  };
}

function lineAnswer(d: MathTypeDataOf<'equationOfALine'>): string[] | null {
  const [x1, y1, x2, y2] = [d.x1, d.y1, d.x2, d.y2].map((v) => exactValue(v));
  if (!x1 || !y1 || !x2 || !y2) return null;
  if (Q.equals(x1, x2)) return Q.equals(y1, y2) ? null : [`${d.xSymbol}=${Q.toLatex(x1)}`];
  const m = Q.div(Q.sub(y2, y1), Q.sub(x2, x1))!;
  const b = Q.sub(y1, Q.mul(m, x1));
  const lines: string[] = [];
  if (d.findM) lines.push(`${d.mSymbol}=${Q.toLatex(m)}`);
  if (d.findB) lines.push(`${d.bSymbol}=${Q.toLatex(b)}`);
  if (d.findEquation || lines.length === 0)
    lines.push(`${d.ySymbol}=${polyLatex(addPoly(scalePoly(varPoly(d.xSymbol), m), constPoly(b)))}`);
  return lines;
}

function slopeOf(d: MathTypeDataOf<'equationOfALine'>): Rational | null | 'vertical' {
  const [x1, y1, x2, y2] = [d.x1, d.y1, d.x2, d.y2].map((v) => exactValue(v));
  if (!x1 || !y1 || !x2 || !y2) return null;
  if (Q.equals(x1, x2)) return 'vertical';
  return Q.div(Q.sub(y2, y1), Q.sub(x2, x1));
}

function equationOfALinePlan(data: MathTypeDataOf<'equationOfALine'>): ItemPlan | null {
  const slope = slopeOf(data);
  if (slope === null) return null;
  const sources = new Set<string>();
  for (const v of [data.x1, data.y1, data.x2, data.y2]) latexNumberKeys(v, sources);
  return {
    mathType: 'equationOfALine',
    sources,
    smooth: false,
    derives: new Set(),
    vary(map) {
      const next = {
        ...data,
        x1: remapLatex(data.x1, map),
        y1: remapLatex(data.y1, map),
        x2: remapLatex(data.x2, map),
        y2: remapLatex(data.y2, map),
      };
      const s = slopeOf(next);
      if (s === null || (s === 'vertical') !== (slope === 'vertical')) return null;
      if (
        s !== 'vertical' &&
        slope !== 'vertical' &&
        (!nice([s], slope.d) || Q.isZero(s) !== Q.isZero(slope))
      )
        return null;
      const lines = lineAnswer(next);
      if (!lines) return null;
      return verified('equationOfALine', next, request('equationOfALine', next, text(lines)));
    },
  };
}

function findExpressionPlan(data: MathTypeDataOf<'findExpression'>): ItemPlan {
  const sources = latexNumberKeys(data.definingEquation);
  latexNumberKeys(data.targetExpression, sources);
  return {
    mathType: 'findExpression',
    sources,
    smooth: false,
    derives: new Set(),
    vary(map) {
      const next = {
        ...data,
        definingEquation: remapLatex(data.definingEquation, map),
        targetExpression: remapLatex(data.targetExpression, map),
      };
      const answer = text([`${data.unknownVariable}=${next.targetExpression}`]);
      return verified('findExpression', next, request('findExpression', next, answer));
    },
  };
}

function plotLinearEquationPlan(data: MathTypeDataOf<'plotLinearEquation'>): ItemPlan | null {
  const m = exactValue(data.m);
  const b = exactValue(data.b);
  if (!m || !b) return null;
  const sources = latexNumberKeys(data.m);
  latexNumberKeys(data.b, sources);
  return {
    mathType: 'plotLinearEquation',
    sources,
    smooth: false,
    derives: new Set(),
    vary(map) {
      const next = { m: remapLatex(data.m, map), b: remapLatex(data.b, map) };
      const nm = exactValue(next.m);
      const nb = exactValue(next.b);
      if (!nm || !nb || !nice([nm], m.d) || !nice([nb], b.d)) return null;
      // Two points of the line a student would place: the intercept and one run of the slope's denominator.
      const run = Number(nm.d);
      const answer: AnswerOf<'plotLinearEquation'> = [
        { x: 0, y: Q.toNumber(nb) },
        { x: run, y: Q.toNumber(Q.add(nb, Q.mul(nm, Q.rat(nm.d)))) },
      ];
      return verified('plotLinearEquation', next, request('plotLinearEquation', next, answer));
    },
  };
}

function numberKeys(values: readonly number[]): Set<string> {
  return new Set(values.filter((v) => v !== 0 && Number.isFinite(v)).map(keyOfNumber));
}

function setPointPlan(data: MathTypeDataOf<'setPointCartesianPlane'>): ItemPlan {
  return {
    mathType: 'setPointCartesianPlane',
    sources: numberKeys([data.x, data.y]),
    smooth: false,
    derives: new Set(),
    vary(map) {
      const next = { x: remapNumber(data.x, map), y: remapNumber(data.y, map) };
      return verified('setPointCartesianPlane', next, request('setPointCartesianPlane', next, [next]));
    },
  };
}

function intervalsPlan(data: MathTypeDataOf<'intervals'>): ItemPlan {
  const ends = data.intervals.flatMap(([l, r]) => [l.value, r.value]).filter((v) => typeof v === 'number');
  return {
    mathType: 'intervals',
    sources: numberKeys(ends),
    smooth: false,
    derives: new Set(),
    vary(map) {
      const intervals = data.intervals.map(
        ([l, r]) =>
          [
            { open: l.open, value: typeof l.value === 'number' ? remapNumber(l.value, map) : l.value },
            { open: r.open, value: typeof r.value === 'number' ? remapNumber(r.value, map) : r.value },
          ] as (typeof data.intervals)[number],
      );
      // The ends keep their order, so the union keeps its shape (no two intervals merge).
      const newEnds = intervals.flatMap(([l, r]) => [l.value, r.value]).filter((v) => typeof v === 'number');
      if (newEnds.some((v, i) => i > 0 && v <= newEnds[i - 1]!)) return null;
      const next = { intervals };
      return verified('intervals', next, request('intervals', next, intervals));
    },
  };
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.length === sb.length && sa.every((v, i) => Math.abs(v - sb[i]!) < 1e-9);
}

function numberlinePlan(data: MathTypeDataOf<'numberlinePoints'>, ctx: ItemContext): ItemPlan {
  // Points that are an earlier equation's solutions follow that equation.
  const linked = [...ctx.solves].reverse().find((s) => sameValues(s.solutions, data.points));
  return {
    mathType: 'numberlinePoints',
    sources: linked ? new Set() : numberKeys(data.points),
    smooth: false,
    derives: new Set(),
    vary(map, done) {
      // A linked equation kept as it was keeps its solutions, and the points with them.
      const points = linked
        ? (done.get(linked.index)?.solutions ?? data.points)
        : data.points.map((p) => remapNumber(p, map));
      if (!points || new Set(points).size !== points.length) return null;
      const next = { points };
      return verified('numberlinePoints', next, request('numberlinePoints', next, points));
    },
  };
}

/** The math of a cell or text without its dollar signs. */
function mathOf(content: string): string {
  return content.replace(/\$/g, '').trim();
}

function tableSimplePlan(data: MathTypeDataOf<'tableSimple'>, ctx: ItemContext): ItemPlan | null {
  const answers = data.tableData.filter((c) => c.cellType === 'mathAns');
  const givens = data.tableData.filter((c) => c.cellType !== 'mathAns');
  // The function the table tabulates, named in a header or in the item's text: `y=…` or `f(x)=…`.
  const candidates = [
    ...givens.map((c) => mathOf(c.cellContent)),
    ...ctx.texts.flatMap((t) => [...t.matchAll(/\$([^$]+)\$/g)].map((m) => m[1]!)),
  ].filter((m) => /^\s*(?:y|[A-Za-z]\s*(?:\\left)?\s*\(\s*[A-Za-z]\s*(?:\\right)?\s*\))\s*=/.test(m));
  const inputOf = (cells: readonly TableCell[], cell: TableCell): Rational | null => {
    for (const given of cells) {
      if (given.cellType === 'mathAns' || given.rIndex !== cell.rIndex) continue;
      const v = exactValue(mathOf(given.cellContent));
      if (v) return v;
    }
    for (const given of cells) {
      if (given.cellType === 'mathAns' || given.cIndex !== cell.cIndex) continue;
      const v = exactValue(mathOf(given.cellContent));
      if (v) return v;
    }
    return null;
  };
  const tabulate = (body: string, variable: string, cells: readonly TableCell[]): Rational[] | null => {
    const out: Rational[] = [];
    for (const cell of cells.filter((c) => c.cellType === 'mathAns')) {
      const x = inputOf(cells, cell);
      const y = x ? exactValue(body, new Map([[variable, x]])) : null;
      if (!y) return null;
      out.push(y);
    }
    return out;
  };
  const fn = candidates
    .map((c) => splitFunction(c))
    .find((f) => {
      const values = tabulate(f.body, f.variable, data.tableData);
      return (
        values !== null &&
        values.every((v, i) => {
          const given = exactValue(mathOf(answers[i]!.cellContent));
          return given !== null && Q.equals(given, v);
        })
      );
    });
  if (!fn) return null;
  const den = maxDen(answers.map((a) => exactValue(mathOf(a.cellContent))!));
  const sources = latexNumberKeys(fn.body);
  for (const c of givens) latexNumberKeys(mathOf(c.cellContent), sources);
  return {
    mathType: 'tableSimple',
    sources,
    smooth: false,
    derives: new Set(),
    vary(map) {
      const body = remapLatex(fn.body, map);
      const remapped = data.tableData.map((c) =>
        c.cellType === 'mathAns' ? c : { ...c, cellContent: remapLatex(c.cellContent, map) },
      );
      const values = tabulate(body, fn.variable, remapped);
      if (!values || !nice(values, den)) return null;
      let k = 0;
      const tableData = remapped.map((c) =>
        c.cellType === 'mathAns' ? { ...c, cellContent: Q.toLatex(values[k++]!) } : c,
      );
      const next = { ...data, tableData };
      const answer = tableData
        .filter((c) => c.cellType === 'mathAns')
        .map((c) => ({ rIndex: c.rIndex, cIndex: c.cIndex, cellAns: c.cellContent }));
      return verified('tableSimple', next, request('tableSimple', next, answer));
    },
  };
}

function primeDecompositionPlan(data: MathTypeDataOf<'primeDecomposition'>): ItemPlan | null {
  const numbers = data.numbers.map((n) => Number(n.latex));
  if (numbers.some((n) => !Number.isSafeInteger(n) || n < 2)) return null;
  const commonFactor = gcdOf(numbers) > 1;
  return {
    mathType: 'primeDecomposition',
    sources: numberKeys(numbers),
    smooth: true,
    derives: new Set(),
    vary(map) {
      const next = {
        ...data,
        numbers: data.numbers.map((n) => ({ ...n, latex: remapLatex(n.latex, map) })),
      };
      const values = next.numbers.map((n) => Number(n.latex));
      if (new Set(values).size !== values.length) return null;
      if (data.decompType !== 'Decomp' && gcdOf(values) > 1 !== commonFactor) return null;
      if (values.some((v, i) => primeFactors(v).length < Math.min(2, primeFactors(numbers[i]!).length)))
        return null;
      const answer = primeDecompositionAnswer(values, data.decompType);
      return answer
        ? verified('primeDecomposition', next, request('primeDecomposition', next, answer))
        : null;
    },
  };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The division table a student fills (each row divided by the smallest prime dividing one of its
 * numbers, all of them for a GCD) and the final answer: the factorizations, the LCM or the GCD.
 */
export function primeDecompositionAnswer(
  numbers: number[],
  type: MathTypeDataOf<'primeDecomposition'>['decompType'],
): AnswerOf<'primeDecomposition'> | null {
  const k = numbers.length;
  const table: AnswerOf<'primeDecomposition'>['table'] = [];
  const gcdOfRow = (row: number[]) => row.reduce((a, b) => gcd(a, b));
  const finished = (row: number[]) => (type === 'GCD' ? gcdOfRow(row) === 1 : row.every((n) => n === 1));
  let row = numbers;
  let common = 1;
  for (let r = 0; !finished(row); r++) {
    if (r >= 200) return null;
    const candidates = type === 'GCD' ? [gcdOfRow(row)] : row.filter((n) => n > 1);
    const divisor = Math.min(...candidates.map((n) => primeFactors(n)[0]!));
    table.push({ rIndex: r, cIndex: k, cellType: 'Math', cellContent: String(divisor) });
    if (type === 'GCD') common *= divisor;
    row = row.map((n) => (n % divisor === 0 ? n / divisor : n));
    row.forEach((n, c) => table.push({ rIndex: r + 1, cIndex: c, cellType: 'Math', cellContent: String(n) }));
  }
  const power = (n: number) => {
    const counts = new Map<number, number>();
    for (const p of primeFactors(n)) counts.set(p, (counts.get(p) ?? 0) + 1);
    return [...counts].map(([p, e]) => (e === 1 ? String(p) : `${p}^{${e}}`)).join('\\cdot');
  };
  if (type === 'Decomp') return { table, mathText: numbers.map(power).join(',') };
  if (type === 'GCD') return { table, mathText: String(common) };
  const lcm = numbers.reduce((a, b) => (a / gcd(a, b)) * b);
  return Number.isSafeInteger(lcm) ? { table, mathText: String(lcm) } : null;
}

/** The plan of one item, or null when it has no variants (its type, or numbers it cannot rebuild). */
export function planItem(mathType: MathType, data: unknown, ctx: ItemContext): ItemPlan | null {
  if (!hasVariants(mathType) || data === null || data === undefined) return null;
  const parsed = MATH_TYPE_DATA_SCHEMAS[mathType].safeParse(data);
  if (!parsed.success) return null;
  let plan: ItemPlan | null;
  try {
    switch (mathType) {
      case 'solve':
        plan = solvePlan(parsed.data as MathTypeDataOf<'solve'>);
        break;
      case 'simplify':
        plan = simplifyPlan(parsed.data as MathTypeDataOf<'simplify'>);
        break;
      case 'functions':
        plan = functionsPlan(parsed.data as MathTypeDataOf<'functions'>);
        break;
      case 'equationOfALine':
        plan = equationOfALinePlan(parsed.data as MathTypeDataOf<'equationOfALine'>);
        break;
      case 'findExpression':
        plan = findExpressionPlan(parsed.data as MathTypeDataOf<'findExpression'>);
        break;
      case 'plotLinearEquation':
        plan = plotLinearEquationPlan(parsed.data as MathTypeDataOf<'plotLinearEquation'>);
        break;
      case 'setPointCartesianPlane':
        plan = setPointPlan(parsed.data as MathTypeDataOf<'setPointCartesianPlane'>);
        break;
      case 'intervals':
        plan = intervalsPlan(parsed.data as MathTypeDataOf<'intervals'>);
        break;
      case 'numberlinePoints':
        plan = numberlinePlan(parsed.data as MathTypeDataOf<'numberlinePoints'>, ctx);
        break;
      case 'tableSimple':
        plan = tableSimplePlan(parsed.data as MathTypeDataOf<'tableSimple'>, ctx);
        break;
      case 'primeDecomposition':
        plan = primeDecompositionPlan(parsed.data as MathTypeDataOf<'primeDecomposition'>);
        break;
    }
  } catch {
    return null;
  }
  return plan;
}

/** The solutions of a solve record as numbers (for number lines that follow it), or null. */
export function solveSolutions(data: unknown): number[] | null {
  const parsed = MATH_TYPE_DATA_SCHEMAS.solve.safeParse(data);
  if (!parsed.success) return null;
  const truth = solveTruth(parsed.data);
  return truth?.points?.map((p) => p.v) ?? null;
}

export { textNumberKeys };
