/**
 * Differential testing of Kib against Maxima: the same generated cases through both, agreement per
 * category where Maxima decides, and every disagreement written out. A false accept is a case Kib
 * accepts (equal expressions, an equivalent step, a complete answer) that Maxima rejects.
 */
import { writeFileSync } from 'node:fs';
import { equivalent } from '../../src/expr/equivalence';
import { parseLatex } from '../../src/expr/parse';
import { check } from '../../src/check';
import { classifyStep } from '../../src/solve/classify';
import { CATEGORIES, generateCases, type Category, type DiffCase } from './generate';
import {
  runMaxima,
  type Condition,
  type AtomSet,
  type IneqSet,
  type MaximaVerdict,
  type RootSet,
} from './maxima';

/** A verdict both sides can give. */
type Verdict = string;

/** The result of one case. */
export interface CaseResult {
  readonly id: number;
  readonly category: Category;
  readonly kib: Verdict;
  /** Maxima's verdict, or null where Maxima does not decide. */
  readonly maxima: Verdict | null;
  readonly agree: boolean;
  readonly falseAccept: boolean;
  /** Milliseconds Kib took. */
  readonly ms: number;
}

/** Agreement of one category. */
export interface CategoryRow {
  readonly category: Category;
  readonly cases: number;
  readonly decided: number;
  readonly agree: number;
  readonly falseAccepts: number;
  readonly kibP50: number;
  readonly kibP99: number;
}

/** A differential run. */
export interface DifferentialRun {
  readonly rows: readonly CategoryRow[];
  readonly results: readonly CaseResult[];
  readonly disagreements: readonly Record<string, unknown>[];
  readonly maximaMs: number;
}

const SYSTEM_NO_SOLUTION = '(x,y)\\in\\emptyset';

function kibVerdict(c: DiffCase): Verdict {
  switch (c.kind) {
    case 'expr': {
      const a = parseLatex(c.a.tex);
      const b = parseLatex(c.b.tex);
      if (!a.ok || !b.ok) return `unreadable:${a.ok ? '' : a.code}${b.ok ? '' : b.code}`;
      const r = equivalent(a.expr, b.expr);
      return r.verdict === 'equivalent' ? 'equal' : r.verdict === 'different' ? 'different' : 'unknown';
    }
    case 'step': {
      const data = solveRecord(c.from.tex);
      const r = classifyStep(data, c.to.map((t) => t.tex).join(' \\lor '));
      return r.ok ? r.class : `error:${r.code}`;
    }
    case 'ineq': {
      const r = classifyStep(solveRecord(c.from.tex), c.to.tex);
      return r.ok ? r.class : `error:${r.code}`;
    }
    case 'system': {
      const start = `\\begin{cases}${c.equations.map((e) => e.tex).join('\\\\')}\\end{cases}`;
      const answer =
        c.answer.length === 0
          ? SYSTEM_NO_SOLUTION
          : c.answer.map(([x, y]) => `(x,y)=(${x},${y})`).join(' \\lor ');
      const r = check({ mathType: 'solve', data: solveRecord(start), answer: [{ math: answer }] });
      return r.correct ? 'complete' : 'incomplete';
    }
    case 'systemStep': {
      const start = `\\begin{cases}${c.equations.map((e) => e.tex).join('\\\\')}\\end{cases}`;
      const r = check({ mathType: 'solve', data: solveRecord(start), answer: [{ math: c.tex }] });
      const line = r.lines[0]!;
      if (line.correct) return 'equivalent';
      const code = line.feedback?.key.replace(/^feedback\./, '') ?? '';
      if (code === 'extra-solutions' || code === 'gained-solutions' || code === 'extraneous-solution')
        return 'gained';
      if (code === 'lost-solution' || code === 'lost-solutions' || code === 'missing-solutions')
        return 'lost';
      return code === 'system-cannot-check' ? 'unknown' : 'unrelated';
    }
  }
}

function solveRecord(start: string) {
  return {
    unknownVariable: 'x',
    startingExpression: start,
    helpingExpression: null,
    constant: [],
    units: [],
    definedSymbols: [],
    functions: [],
    definedSolutions: [],
    convertToDegrees: false,
    interval: null,
  };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function uniq(xs: readonly number[]): number[] {
  const out: number[] = [];
  for (const x of xs) if (!out.some((y) => close(x, y))) out.push(x);
  return out;
}

function subset(a: readonly number[], b: readonly number[]): boolean {
  return a.every((x) => b.some((y) => close(x, y)));
}

function setClass(from: RootSet, to: RootSet): Verdict | null {
  if (typeof from === 'string' || typeof to === 'string') return null;
  const s1 = uniq(from);
  const s2 = uniq(to);
  const down = subset(s2, s1);
  const up = subset(s1, s2);
  if (down && up) return 'equivalent';
  if (up) return 'gained';
  if (down) return 'lost';
  return 'unrelated';
}

function maximaVerdict(c: DiffCase, m: MaximaVerdict | undefined): Verdict | null {
  if (!m || m.kind === 'undecided') return null;
  if (c.kind === 'expr' && m.kind === 'expr') {
    if (m.zero) return 'equal';
    for (const [a, b] of m.values) {
      if (typeof a === 'number' && typeof b === 'number') {
        if (Math.abs(a - b) > 1e-8 * Math.max(1, Math.abs(a), Math.abs(b))) return 'different';
      } else if ((typeof a === 'number') !== (typeof b === 'number')) return 'different';
    }
    return c.canonical ? 'different' : null;
  }
  if (c.kind === 'step' && m.kind === 'step') return setClass(m.from, m.to);
  if (c.kind === 'ineq' && m.kind === 'ineq') return ineqClass(m.from, m.to);
  if (c.kind === 'system' && m.kind === 'system') {
    if (typeof m.points === 'string') return null;
    const pts = m.points;
    const same = (p: readonly number[], q: readonly number[]) => close(p[0]!, q[0]!) && close(p[1]!, q[1]!);
    const complete =
      c.answer.every((p) => pts.some((q) => same(p, q))) &&
      pts.every((q) => c.answer.some((p) => same(p, q)));
    return complete ? 'complete' : 'incomplete';
  }
  if (c.kind === 'systemStep' && m.kind === 'systemStep') {
    if (typeof m.start === 'string' || typeof m.line === 'string') return null;
    const same = (p: readonly number[], q: readonly number[]) => close(p[0]!, q[0]!) && close(p[1]!, q[1]!);
    const start = m.start;
    const up = m.holding === start.length;
    const down = !m.infinite && m.line.every((p) => start.some((q) => same(p, q)));
    if (up && down) return 'equivalent';
    if (up) return 'gained';
    if (down) return 'lost';
    return 'unrelated';
  }
  return null;
}

function holdsCondition(x: number, c: Condition): boolean {
  switch (c.op) {
    case '<':
      return x < c.value;
    case '<=':
      return x <= c.value;
    case '>':
      return x > c.value;
    case '>=':
      return x >= c.value;
    case '=':
      return x === c.value;
  }
}

function inAtom(x: number, a: AtomSet): boolean {
  return a === 'all' || a.some((conj) => conj.every((c) => holdsCondition(x, c)));
}

function inSide(x: number, side: Exclude<IneqSet, 'ERR'>): boolean {
  return side.some((conj) => conj.every((a) => inAtom(x, a)));
}

/** The class of a step between two sets given by conditions: membership at every end, between and beyond. */
function ineqClass(from: IneqSet, to: IneqSet): Verdict | null {
  if (from === 'ERR' || to === 'ERR') return null;
  const ends = new Set<number>();
  for (const side of [from, to])
    for (const conj of side)
      for (const a of conj) if (a !== 'all') for (const cs of a) for (const c of cs) ends.add(c.value);
  const sorted = [...ends].sort((a, b) => a - b);
  const points = sorted.length === 0 ? [0] : [sorted[0]! - 1, sorted[sorted.length - 1]! + 1];
  sorted.forEach((v, i) => {
    points.push(v);
    if (i + 1 < sorted.length) points.push((v + sorted[i + 1]!) / 2);
  });
  let up = true;
  let down = true;
  for (const x of points) {
    const f = inSide(x, from);
    const t = inSide(x, to);
    if (f && !t) up = false;
    if (t && !f) down = false;
  }
  if (up && down) return 'equivalent';
  if (up) return 'gained';
  if (down) return 'lost';
  return 'unrelated';
}

const ACCEPTS = new Set(['equal', 'equivalent', 'complete']);

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Generates `count` cases from `seed`, runs both sides and compares; `out` receives the disagreements. */
export function runDifferential(seed: number, count: number, out?: string): DifferentialRun {
  const cases = generateCases(seed, count);
  const t0 = performance.now();
  const maxima = runMaxima(cases);
  const maximaMs = performance.now() - t0;
  for (const c of cases.slice(0, 20)) kibVerdict(c); // warm-up
  const results: CaseResult[] = [];
  const disagreements: Record<string, unknown>[] = [];
  for (const c of cases) {
    const s = performance.now();
    const kib = kibVerdict(c);
    const ms = performance.now() - s;
    const m = maxima.get(c.id);
    const mv = maximaVerdict(c, m);
    const agree = mv !== null && kib === mv;
    const falseAccept = mv !== null && ACCEPTS.has(kib) && !ACCEPTS.has(mv);
    results.push({ id: c.id, category: c.category, kib, maxima: mv, agree, falseAccept, ms });
    if (mv !== null && !agree) disagreements.push({ ...describe(c), kib, maxima: mv, maximaRaw: m });
  }
  const rows = CATEGORIES.map((category): CategoryRow => {
    const rs = results.filter((r) => r.category === category);
    const decided = rs.filter((r) => r.maxima !== null);
    const times = rs.map((r) => r.ms).sort((a, b) => a - b);
    return {
      category,
      cases: rs.length,
      decided: decided.length,
      agree: decided.filter((r) => r.agree).length,
      falseAccepts: decided.filter((r) => r.falseAccept).length,
      kibP50: percentile(times, 50),
      kibP99: percentile(times, 99),
    };
  });
  if (out) writeFileSync(out, `${JSON.stringify({ seed, count, disagreements }, null, 2)}\n`);
  return { rows, results, disagreements, maximaMs };
}

function describe(c: DiffCase): Record<string, unknown> {
  switch (c.kind) {
    case 'expr':
      return { id: c.id, category: c.category, a: c.a, b: c.b, simplifier: c.simplifier };
    case 'step':
      return { id: c.id, category: c.category, from: c.from, to: c.to };
    case 'ineq':
      return { id: c.id, category: c.category, from: c.from, to: c.to };
    case 'system':
      return { id: c.id, category: c.category, equations: c.equations, answer: c.answer };
    case 'systemStep':
      return { id: c.id, category: c.category, equations: c.equations, line: c.tex };
  }
}

/** The run as a Markdown table. */
export function formatRun(run: DifferentialRun, seed: number): string {
  const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);
  const lines = [
    `Differential run against Maxima — seed ${seed}, ${run.results.length} cases (Maxima ${(run.maximaMs / 1000).toFixed(1)} s)`,
    '',
    '| category | cases | Maxima decides | agreement | Kib false accepts | Kib p50 ms | Kib p99 ms |',
    '|---|---|---|---|---|---|---|',
  ];
  let decided = 0;
  let agree = 0;
  let fa = 0;
  for (const r of run.rows) {
    decided += r.decided;
    agree += r.agree;
    fa += r.falseAccepts;
    lines.push(
      `| ${r.category} | ${r.cases} | ${r.decided} | ${pct(r.agree, r.decided)} | ${r.falseAccepts} | ${r.kibP50.toFixed(2)} | ${r.kibP99.toFixed(2)} |`,
    );
  }
  // Every case is a distinct request (no answer repeats), so these are times without cache hits.
  const times = run.results.map((r) => r.ms).sort((a, b) => a - b);
  lines.push(
    `| all | ${run.results.length} | ${decided} | ${pct(agree, decided)} | ${fa} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`,
    '',
    `Distinct requests: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, worst ${(times.at(-1) ?? NaN).toFixed(2)} ms.`,
  );
  lines.push('', `${run.disagreements.length} disagreements written out.`);
  return lines.join('\n');
}
