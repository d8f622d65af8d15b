import type { SolveData } from '@kib/core';
import { childrenOf, freeSymbols, mentions, type Expr } from '../expr/ast';
import { parseLatex } from '../expr/parse';
import { readLine, type LineNode } from './line-reader';
import { BudgetExceeded, DEFAULT_WINDOW, type Budget, type SearchWindow } from './numeric-roots';
import { realOfQ, type RealValue } from './real-value';
import * as Q from '../expr/rational';
import type { Rational } from '../expr/rational';
import { isPolynomial, polyFromExpr, toUPoly } from '../expr/poly';
import { makeSamples, zeroSamples, type ParamSample } from './samples';
import { intervalSet, unionAll, type SolutionSet } from './solution-set';
import { NotAStatement, solveNode, type SolveContext } from './solve-line';

/** Work units (node evaluations) one check may spend; deterministic, unlike a clock. */
export const CHECK_BUDGET = 600_000;

/** Wrong lines per check whose mistake is looked for (sign, inequality); later ones get the general verdict. */
export const MAX_DIAGNOSED_LINES = 12;

/** Lines checked per answer (the answer schema's own limit); later lines are reported as too large. */
export const MAX_CHECKED_LINES = 50;

/** A solve problem made ready for checking: context, parameter samples, true and target sets. */
export interface SolveProblem {
  readonly mode: 'single' | 'system';
  /** The unknown (the first one for systems). */
  readonly variable: string;
  /** All unknowns (one unless the problem is a system in several unknowns). */
  readonly unknowns: readonly string[];
  readonly ctx: SolveContext;
  /** Angles in radians (for printing multiples of π). */
  readonly radians: boolean;
  /** True when the problem has parameters (values are then not printed in feedback). */
  readonly hasParams: boolean;
  readonly samples: readonly ParamSample[];
  /** Samples with one of the problem's parameters at 0 (single mode; at most three parameters). */
  readonly zeroSamples: readonly ParamSample[];
  /** The solution set of the starting expression at each of `zeroSamples`. */
  readonly zeroTruth: readonly SolutionSet[];
  /**
   * Per zero sample: true when the letter at 0 is one the student introduced (not in the problem).
   * A step must keep the solution set there in both directions: multiplying by such a letter
   * (`2x = 6` to `2ax = 6a`) gains every x where it is 0.
   */
  readonly zeroIntroduced: readonly boolean[];
  /** True when the problem states its solutions (`definedSolutions`). */
  readonly definedTarget: boolean;
  /** The starting expression, read. */
  readonly start: LineNode;
  readonly startCases: boolean;
  readonly startLatex: string;
  /** The solution set of the starting expression, per sample (single mode). */
  readonly truth: readonly SolutionSet[];
  /** The solution set the final answer must state (definedSolutions, else the truth), per sample. */
  readonly target: readonly SolutionSet[];
  /** True when the domain is a default window chosen for a periodic equation without interval. */
  readonly defaultPeriod: boolean;
  /** The period of that default window (360 or 2π), else null. */
  readonly period: RealValue | null;
  /** The defined solutions, read. */
  readonly solutionNodes: readonly LineNode[];
}

const TRIG = new Set(['sin', 'cos', 'tan', 'cot', 'sec', 'csc']);

/** Letters that count periods in a general solution (x = 30° + 360°k). */
const PERIOD_COUNTERS = ['k', 'n'];

/** True when a trigonometric function of the unknown occurs (infinitely many solutions). */
export function isPeriodicIn(e: Expr, variable: string): boolean {
  if (e.type === 'fn' && TRIG.has(e.name) && e.args.some((a) => mentions(a, variable))) return true;
  return childrenOf(e).some((c) => isPeriodicIn(c, variable));
}

/** Names declared as functions: `f`, `f(x)`, `g\left(t\right)` give f and g. */
export function functionNames(data: Pick<SolveData, 'functions'>): string[] {
  return data.functions.map((f) => /^\s*([A-Za-z]+)/.exec(f.latex)?.[1] ?? '').filter((n) => n !== '');
}

/** The unknowns named in `unknownVariable` (`x`, or `x, y` for a system). */
export function unknownsOf(data: Pick<SolveData, 'unknownVariable'>): string[] {
  return data.unknownVariable
    .split(/[\s,;]+/)
    .map((s) => s.replace(/[{}\\]/g, '').trim())
    .filter((s) => /^[A-Za-z][A-Za-z0-9_]*$/.test(s));
}

/** Constants with a value (`g=9.8`) as substitutions; bare constants are parameters. */
function substitutionsOf(data: Pick<SolveData, 'constant'>): Record<string, Expr> {
  const out: Record<string, Expr> = {};
  for (const c of data.constant) {
    const r = parseLatex(c.latex);
    if (r.ok && r.expr.type === 'relation' && r.expr.op === '=' && r.expr.args.length === 2) {
      const [name, value] = r.expr.args as [Expr, Expr];
      if (name.type === 'symbol' && freeSymbols(value).size === 0) out[name.name] = value;
    }
  }
  return out;
}

/** Free symbols of a read line. */
export function symbolsOfNode(n: LineNode, out: Set<string> = new Set()): Set<string> {
  if (n.kind === 'expr') freeSymbols(n.expr, out);
  else if (n.kind === 'setop') for (const a of n.args) symbolsOfNode(a, out);
  return out;
}

function problemError(what: string): Error {
  return new Error(`solve: malformed problem definition: ${what}`);
}

/**
 * Reads a solve record. Throws only for a malformed problem definition (unreadable starting
 * expression, interval or defined solution). `extraNodes` are the student's read lines: letters
 * they introduce get parameter values too.
 */
export function prepareProblem(
  data: SolveData,
  extraNodes: readonly LineNode[] = [],
  budget?: Budget,
): SolveProblem {
  if (budget) return prepareProblemUncached(data, extraNodes, budget);
  // The same problem is checked for many answers: its sets are solved once. The letters of the
  // answer's lines take part in the key (they become parameters with sample values).
  const letters = new Set<string>();
  for (const n of extraNodes) symbolsOfNode(n, letters);
  const key = `${JSON.stringify(data)}|${[...letters].sort().join(',')}`;
  const hit = problemCache.get(key);
  if (hit) {
    problemCache.delete(key);
    problemCache.set(key, hit);
    return hit;
  }
  const problem = prepareProblemUncached(data, extraNodes);
  problemCache.set(key, problem);
  if (problemCache.size > PROBLEM_CACHE_SIZE) problemCache.delete(problemCache.keys().next().value!);
  return problem;
}

/** Problems prepared lately (most recently used last). */
const problemCache = new Map<string, SolveProblem>();
const PROBLEM_CACHE_SIZE = 200;

function prepareProblemUncached(
  data: SolveData,
  extraNodes: readonly LineNode[],
  budget?: Budget,
): SolveProblem {
  const names = unknownsOf(data);
  const variable = names[0];
  if (!variable) throw problemError('unknownVariable');
  const functions = functionNames(data);
  const substitutions = substitutionsOf(data);
  const read = readLine(data.startingExpression, { variable, functions });
  if (!read.ok) throw problemError(`startingExpression (${read.code})`);
  const start = read.node;
  const startCases =
    read.cases || (start.kind === 'expr' && start.expr.type === 'list' && start.expr.delims === undefined);

  // Unknowns of a system: the named ones, or every letter when the system is square.
  let unknowns = names;
  const startSymbols = [...symbolsOfNode(start)].filter((s) => !(s in substitutions));
  if (start.kind === 'expr' && start.expr.type === 'list' && names.length === 1) {
    const eqs = start.expr.items.filter((i) => i.type === 'relation' && i.op === '=').length;
    const others = startSymbols.filter((s) => s !== variable).sort();
    // A square system, or one with redundant equations (three equations in two unknowns).
    if (others.length > 0 && eqs >= others.length + 1) unknowns = [variable, ...others];
  }
  const mode: 'single' | 'system' = unknowns.length > 1 ? 'system' : 'single';

  const solutionNodes: LineNode[] = [];
  for (const item of data.definedSolutions) {
    const r = readLine(item.latex, { variable, functions });
    if (!r.ok) throw problemError(`definedSolutions (${item.latex})`);
    solutionNodes.push(r.node);
  }

  const paramNames = new Set<string>();
  for (const n of [start, ...solutionNodes, ...extraNodes])
    for (const s of symbolsOfNode(n)) paramNames.add(s);
  for (const u of unknowns) paramNames.delete(u);
  for (const s of [...paramNames])
    if (s in substitutions || unknowns.some((u) => s.startsWith(`${u}_`))) paramNames.delete(s);
  const problemParams = [...symbolsOfNode(start)].filter(
    (s) => !unknowns.includes(s) && !(s in substitutions),
  );
  const problemSymbols = new Set([
    ...symbolsOfNode(start),
    ...solutionNodes.flatMap((n) => [...symbolsOfNode(n)]),
  ]);
  const startExpr = start.kind === 'expr' ? start.expr : null;
  const periodic = mode === 'single' && startExpr !== null && isPeriodicIn(startExpr, variable);
  // In x = π/6 + 2kπ the letters k and n count periods: they take integer values.
  const integerNames = periodic ? PERIOD_COUNTERS.filter((n) => !problemSymbols.has(n)) : [];
  const samples = makeSamples([...paramNames], paramNames.size > 0 ? 3 : 1, integerNames);
  const degrees = data.convertToDegrees;
  // The problem's own sets get a larger budget than the student's lines.
  const ctxBudget = budget ?? { left: 4 * CHECK_BUDGET };
  const base: SolveContext = {
    variable,
    degrees,
    functions,
    domain: null,
    window: DEFAULT_WINDOW,
    budget: ctxBudget,
    substitutions,
  };

  let domain: SolutionSet | null = null;
  let defaultPeriod = false;
  const periodValue: RealValue = degrees ? realOfQ(Q.rat(360)) : { v: 2 * Math.PI, exact: null, err: 1e-12 };
  if (data.interval) {
    const r = readLine(data.interval, { variable, functions });
    if (!r.ok) throw problemError('interval');
    try {
      domain = solveNode(r.node, false, base, samples[0]!);
    } catch (err) {
      if (err instanceof NotAStatement || err instanceof BudgetExceeded) throw problemError('interval');
      throw err;
    }
    if (domain.pieces.length === 0) throw problemError('interval is empty');
  } else if (periodic) {
    defaultPeriod = true;
    domain = intervalSet(realOfQ(Q.ZERO), periodValue, true, false);
  }
  const window = windowOf(domain);
  const ctx: SolveContext = { ...base, domain, window };

  let truth: SolutionSet[] = [];
  let target: SolutionSet[] = [];
  try {
    truth = mode === 'single' ? samples.map((s) => solveNode(start, startCases, ctx, s)) : [];
    target =
      mode === 'single' && solutionNodes.length > 0
        ? samples.map((s) => unionAll(solutionNodes.map((n) => solveNode(n, false, ctx, s))))
        : truth;
  } catch (err) {
    if (err instanceof BudgetExceeded) throw problemError('the starting expression is too complex to solve');
    if (err instanceof NotAStatement)
      throw problemError(`startingExpression or definedSolutions (${err.code})`);
    throw err;
  }

  // The start's own parameters at 0, one at a time; a sample where the start cannot be solved is left out.
  const zeroParams = [...new Set(problemParams)].filter(
    (n) => paramNames.has(n) && !integerNames.includes(n),
  );
  // The letters the student's lines bring in, each at 0 too.
  const introduced = [...paramNames].filter((n) => !problemSymbols.has(n) && !integerNames.includes(n));
  const zeros: ParamSample[] = [];
  const zeroTruth: SolutionSet[] = [];
  const zeroIntroduced: boolean[] = [];
  const addZero = (z: ParamSample, byStudent: boolean) => {
    try {
      zeroTruth.push(solveNode(start, startCases, ctx, z));
      zeros.push(z);
      zeroIntroduced.push(byStudent);
    } catch (err) {
      if (!(err instanceof NotAStatement) && !(err instanceof BudgetExceeded)) throw err;
    }
  };
  if (mode === 'single' && zeroParams.length > 0 && zeroParams.length <= 3) {
    const special = vanishingValues(start, unknowns, zeroParams);
    for (const z of zeroSamples(zeroParams, samples[0]!, special).slice(0, MAX_ZERO_SAMPLES))
      addZero(z, false);
  }
  if (mode === 'single')
    for (const z of zeroSamples(introduced, samples[0]!).slice(0, MAX_ZERO_SAMPLES)) addZero(z, true);

  return {
    mode,
    variable,
    unknowns,
    ctx,
    radians: !degrees,
    hasParams: problemParams.length > 0,
    samples,
    zeroSamples: zeros,
    zeroTruth,
    zeroIntroduced,
    definedTarget: solutionNodes.length > 0,
    start,
    startCases,
    startLatex: data.startingExpression,
    truth,
    target,
    defaultPeriod,
    period: defaultPeriod ? periodValue : null,
    solutionNodes,
  };
}

/** Most samples with a parameter at a value where the problem degenerates. */
const MAX_ZERO_SAMPLES = 6;

/**
 * Values of the parameters where a factor of the starting expression that depends on one
 * parameter only, linearly, vanishes: b = 1 for (b − 1)u = (b − 1)v.
 */
function vanishingValues(
  start: LineNode,
  unknowns: readonly string[],
  params: readonly string[],
): Map<string, Rational[]> {
  const out = new Map<string, Rational[]>();
  if (start.kind !== 'expr') return out;
  const consider = (f: Expr) => {
    if (unknowns.some((u) => mentions(f, u))) return;
    const names = [...freeSymbols(f)].filter((n) => params.includes(n));
    if (names.length !== 1 || freeSymbols(f).size !== 1) return;
    const p = polyFromExpr(f);
    const u = p && isPolynomial(p) ? toUPoly(p, names[0]!) : null;
    if (!u || u.length !== 2 || Q.isZero(u[1]!)) return;
    const root = Q.div(Q.neg(u[0]!), u[1]!);
    if (!root || Q.isZero(root)) return;
    out.set(names[0]!, [...(out.get(names[0]!) ?? []), root]);
  };
  const walk = (e: Expr) => {
    if (e.type === 'mul') e.args.forEach(consider);
    for (const c of childrenOf(e)) walk(c);
  };
  walk(start.expr);
  return out;
}

/** The numeric search window of a domain: its bounds when finite, else the default window. */
export function windowOf(domain: SolutionSet | null): SearchWindow {
  if (!domain || domain.pieces.length === 0) return DEFAULT_WINDOW;
  const lo = domain.pieces[0]!.lo.value.v;
  const hi = domain.pieces[domain.pieces.length - 1]!.hi.value.v;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi - lo > 1e5) return DEFAULT_WINDOW;
  return { lo, hi, extend: false };
}
