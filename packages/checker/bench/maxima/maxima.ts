/**
 * Maxima as an oracle, through a child process: the cases of a batch become one Maxima script, each
 * case printing one line `@@id|…`. A case Maxima cannot answer (an error, a timeout of its batch)
 * comes back undecided, never as a verdict.
 */
import { spawnSync } from 'node:child_process';
import type { DiffCase, ExprCase, InequalityCase, StepCase, SystemCase, SystemStepCase } from './generate';

/** What Maxima says about one case. */
export type MaximaVerdict =
  | { readonly kind: 'expr'; readonly zero: boolean; readonly values: readonly (readonly [Value, Value])[] }
  | { readonly kind: 'step'; readonly from: RootSet; readonly to: RootSet }
  | { readonly kind: 'system'; readonly points: RootPoints }
  | {
      readonly kind: 'systemStep';
      /** The start's points, the points of the line's finite branches, whether a branch is infinite. */
      readonly start: RootPoints;
      readonly line: RootPoints;
      readonly infinite: boolean;
      /** How many of the start's points satisfy the line. */
      readonly holding: number;
    }
  | { readonly kind: 'ineq'; readonly from: IneqSet; readonly to: IneqSet }
  | { readonly kind: 'undecided'; readonly why: string };

/** A real value at a sample point, or why there is none (error, complex). */
export type Value = number | 'E' | 'C';

/** Real roots (verified in the equation by Maxima), or why they are unknown. */
export type RootSet = readonly number[] | 'INF' | 'ERR';

/** Real solution points of a system, or why they are unknown. */
export type RootPoints = readonly (readonly number[])[] | 'INF' | 'ERR';

/** A condition on x from `solve_rat_ineq`. */
export interface Condition {
  readonly op: '<' | '<=' | '>' | '>=' | '=';
  readonly value: number;
}

/** A set of reals: a union (over the outer list) of intersections of conditions; 'all' is ℝ. */
export type AtomSet = readonly (readonly Condition[])[] | 'all';

/** A side of an inequality step: a union of intersections of atoms, or why it is unknown. */
export type IneqSet = readonly (readonly AtomSet[])[] | 'ERR';

/** True when a `maxima` executable answers. */
export function maximaAvailable(): boolean {
  const r = spawnSync('maxima', ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return r.status === 0 && /Maxima/i.test(r.stdout);
}

const PRELUDE = String.raw`
display2d:false$ linel:100000$ ratprint:false$ debugmode(false)$ fpprec:60$
load(to_poly_solve)$ load(solve_rat_ineq)$
ri_(q) := block([r], r: errcatch(solve_rat_ineq(q)), if r = [] then "ERR" else string(r[1]))$
simp_(e, s) := if s = 'rat then ratsimp(e)
  else if s = 'rad then ratsimp(radcan(e))
  else if s = 'trig then block([r], r: trigsimp(trigexpand(e)), if r = 0 then 0 else ratsimp(trigreduce(trigexpand(e))))
  else if s = 'special then ratsimp(minfactorial(makefact(radcan(logarc(exponentialize(e))))))
  else if is(abs(bfloat(rectform(e))) < 1b-45) then 0 else 1$
val_(v) := if v = [] then "E" else if numberp(v[1]) then string(v[1]) else "C"$
ex_(id, a, b, s, pts) := block([z, vs: []],
  z: errcatch(simp_(a - b, s)),
  z: if z = [] then 1 else z[1],
  for p in pts do vs: endcons(sconcat(val_(errcatch(float(rectform(subst(p, a))))), ";",
                                       val_(errcatch(float(rectform(subst(p, b)))))), vs),
  print(sconcat("@@", id, "|", if z = 0 then "Z" else "N", "|", simplode(vs, "/"))))$
roots_(eqs) := catch(block([out: [], s, r, v, e],
  for q in eqs do (
    s: errcatch(to_poly_solve(q, x)),
    if s = [] then throw("ERR"),
    s: s[1],
    if atom(s) or op(s) # %union then throw("ERR"),
    for c in args(s) do (
      if length(c) # 1 then throw("ERR"),
      r: rhs(c[1]),
      if listofvars(r) # [] then throw("INF"),
      v: float(rectform(r)),
      if numberp(v) or abs(imagpart(v)) < 1e-9 then (
        v: realpart(v),
        e: errcatch(float(rectform(subst(x = v, lhs(q) - rhs(q))))),
        if e # [] and numberp(e[1]) and abs(e[1]) < 1e-7 * (1 + abs(v)) then out: cons(v, out)))),
  string(out)))$
st_(id, fr, tos) := print(sconcat("@@", id, "|", roots_([fr]), "|", roots_(tos)))$
pts_(eqs) := block([out: [], s, xv, yv, ok],
  s: errcatch(to_poly_solve(eqs, [x, y])),
  if s = [] then throw("ERR"),
  s: s[1],
  if atom(s) or op(s) # %union then throw("ERR"),
  for c in args(s) do (
    if length(c) # 2 then throw("ERR"),
    if listofvars(map(rhs, c)) # [] then throw("INF"),
    xv: float(rectform(rhs(c[1]))), yv: float(rectform(rhs(c[2]))),
    if numberp(xv) and numberp(yv) then (
      ok: true,
      for q in eqs do if not ho_([xv, yv], q) then ok: false,
      if ok then out: cons([xv, yv], out))),
  out)$
ho_(p, q) := block([e], e: errcatch(float(rectform(subst([x = p[1], y = p[2]], lhs(q) - rhs(q))))),
  is(e # [] and numberp(e[1]) and abs(e[1]) < 1e-7 * (1 + abs(p[1]) + abs(p[2]))))$
sy_(id, eqs) := print(sconcat("@@", id, "|", catch(string(pts_(eqs)))))$
ss_(id, eqs, disj) := print(sconcat("@@", id, "|", catch(block([st, ln: [], infb: 0, r, holding],
  st: pts_(eqs),
  for conj in disj do (
    r: catch(pts_(conj)),
    if r = "INF" then infb: 1 else if r = "ERR" then throw("ERR") else ln: append(ln, r)),
  holding: length(sublist(st, lambda([pt], some(lambda([conj], every(lambda([q], ho_(pt, q)), conj)), disj)))),
  sconcat(string(st), "|", string(ln), "|", infb, "|", holding)))))$
`;

/** Sample points of the variables (inside every domain the generator uses: positive, above 1). */
const POINTS: Record<string, readonly number[]> = {
  x: [1.3, 2.9, 0.7],
  y: [1.7, 3.3, 2.2],
  m: [2.5, 4.25, 3.7],
  j: [1.25, 0.75, 2.1],
};

function pointsOf(
  variables: readonly string[],
  chosen?: readonly Readonly<Record<string, number>>[],
): string {
  const pts = chosen
    ? chosen.map((p) => `[${variables.map((v) => `${v}=${p[v] ?? 1.1}`).join(',')}]`)
    : [0, 1, 2].map((i) => `[${variables.map((v) => `${v}=${POINTS[v]?.[i] ?? 1.1}`).join(',')}]`);
  return `[${pts.join(',')}]`;
}

function lineOf(c: DiffCase): string {
  switch (c.kind) {
    case 'expr':
      return `ex_(${c.id}, ${c.a.mx}, ${c.b.mx}, '${c.simplifier}, ${pointsOf(c.variables, c.points)})$`;
    case 'step':
      return `st_(${c.id}, ${c.from.mx}, [${c.to.map((t) => t.mx).join(',')}])$`;
    case 'system':
      return `sy_(${c.id}, [${c.equations.map((e) => e.mx).join(',')}])$`;
    case 'systemStep':
      return `ss_(${c.id}, [${c.equations.map((e) => e.mx).join(',')}], [${c.line
        .map((conj) => `[${conj.map((e) => e.mx).join(',')}]`)
        .join(',')}])$`;
    case 'ineq': {
      const side = (dnf: readonly (readonly string[])[]) =>
        dnf.map((conj) => conj.map((a) => `ri_(${a})`).join(', "&", ')).join(', "~", ');
      return `print(sconcat("@@", ${c.id}, "|", ${side(c.from.dnf)}, "|", ${side(c.to.dnf)}))$`;
    }
  }
}

function parseNumber(t: string): number {
  const m = /^\s*(-?\d+)(?:\/(\d+))?\s*$/.exec(t.replace(/[()]/g, ''));
  if (!m) return NaN;
  return Number(m[1]) / (m[2] ? Number(m[2]) : 1);
}

function parseAtom(t: string): AtomSet | null {
  const s = t.trim();
  if (s === 'all') return 'all';
  if (s === '[]') return [];
  if (!s.startsWith('[[') || !s.endsWith(']]')) return null;
  const out: Condition[][] = [];
  for (const conj of s.slice(2, -2).split('],[')) {
    const conds: Condition[] = [];
    for (const c of conj.split(',')) {
      const m = /^\s*x\s*(<=|>=|<|>|=)\s*(.+)$/.exec(c);
      if (!m) return null;
      const value = parseNumber(m[2]!);
      if (!Number.isFinite(value)) return null;
      conds.push({ op: m[1] as Condition['op'], value });
    }
    out.push(conds);
  }
  return out;
}

function parseIneqSide(t: string | undefined): IneqSet {
  if (t === undefined) return 'ERR';
  const out: AtomSet[][] = [];
  for (const conj of t.split('~')) {
    const atoms: AtomSet[] = [];
    for (const a of conj.split('&')) {
      const p = parseAtom(a);
      if (!p) return 'ERR';
      atoms.push(p);
    }
    out.push(atoms);
  }
  return out;
}

function parseValue(s: string): Value {
  if (s === 'E' || s === 'C') return s;
  const v = Number(s);
  return Number.isFinite(v) ? v : 'C';
}

function parseRoots(s: string | undefined): RootSet {
  if (s === undefined || s === 'ERR') return 'ERR';
  if (s === 'INF') return 'INF';
  try {
    return JSON.parse(s) as number[];
  } catch {
    return 'ERR';
  }
}

function parseLine(c: DiffCase, payload: string): MaximaVerdict {
  const parts = payload.split('|');
  switch (c.kind) {
    case 'expr': {
      const values = (parts[1] ?? '').split('/').map((pair) => {
        const [a, b] = pair.split(';');
        return [parseValue(a ?? 'E'), parseValue(b ?? 'E')] as const;
      });
      return { kind: 'expr', zero: parts[0] === 'Z', values };
    }
    case 'step':
      return { kind: 'step', from: parseRoots(parts[0]), to: parseRoots(parts[1]) };
    case 'system': {
      const r = parseRoots(parts[0]);
      return { kind: 'system', points: r as RootPoints };
    }
    case 'ineq':
      return { kind: 'ineq', from: parseIneqSide(parts[0]), to: parseIneqSide(parts[1]) };
    case 'systemStep': {
      if (parts.length < 4) return { kind: 'undecided', why: parts[0] ?? 'no output' };
      return {
        kind: 'systemStep',
        start: parseRoots(parts[0]) as RootPoints,
        line: parseRoots(parts[1]) as RootPoints,
        infinite: parts[2] === '1',
        holding: Number(parts[3]),
      };
    }
  }
}

/** Runs the cases through Maxima in batches (one process each, sequentially). */
export function runMaxima(
  cases: readonly DiffCase[],
  batch = 250,
  timeoutMs = 120_000,
): Map<number, MaximaVerdict> {
  const out = new Map<number, MaximaVerdict>();
  for (let i = 0; i < cases.length; i += batch) {
    const chunk = cases.slice(i, i + batch);
    const script = `${PRELUDE}\n${chunk.map(lineOf).join('\n')}\n`;
    const r = spawnSync('maxima', ['--very-quiet', '-q'], {
      input: script,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    const byId = new Map<number, string>();
    for (const line of (r.stdout ?? '').split('\n')) {
      const m = /^@@(\d+)\|(.*)$/.exec(line.trim());
      if (m) byId.set(Number(m[1]), m[2]!);
    }
    for (const c of chunk) {
      const payload = byId.get(c.id);
      out.set(
        c.id,
        payload === undefined
          ? { kind: 'undecided', why: r.error ? 'timeout' : 'no output' }
          : parseLine(c, payload),
      );
    }
  }
  return out;
}

export type { ExprCase, InequalityCase, StepCase, SystemCase, SystemStepCase };
