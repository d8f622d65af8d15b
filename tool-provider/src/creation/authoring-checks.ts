import { check, isCorrect, type CheckResult } from '@kib/checker';
import { ANSWER_TEST_TYPES, intervalsLatex } from '@kib/core';
import { ce, exactLatex, numeric, readFunction } from './authoring-math';
import { contradiction } from './self-checks';
import type {
  AnswerOf,
  AnswerTest,
  AuthoringCheck,
  CartesianPoint,
  ChoiceDraft,
  MathType,
  MathTypeDataOf,
  NumeralDraft,
  ProblemDraft,
  TextAnswer,
} from '@kib/core';

/** The longest the authoring checks of one save may take, in ms; items not reached by then fail. */
export const AUTHORING_CHECK_BUDGET_MS = 8_000;

type Params = Record<string, string | number>;

/** What one item's own answer is, or why there is none to check. */
type OwnAnswer<K extends MathType = MathType> =
  | { ok: true; answer: AnswerOf<K>; partial?: boolean; shown: string }
  | { ok: false; reason: string; params?: Params };

/** What a numeral or step asks, as the checks read it. */
interface Asked {
  mathType: MathType;
  data: unknown;
  choices: ChoiceDraft[];
  answerTests?: AnswerTest[];
}

/**
 * Whether `equation` (`lhs=rhs`) holds with each symbol of `values` replaced by its LaTeX, for
 * every value of the other symbols (sampled), numerically. Null when it cannot be evaluated.
 */
function equationHolds(equation: string, values: Record<string, string>): boolean | null {
  const sides = equation.split('=');
  if (sides.length !== 2 || !sides[0]!.trim() || !sides[1]!.trim()) return null;
  let difference = ce().parse(`(${sides[0]})-(${sides[1]})`);
  difference = difference.subs(
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, ce().parse(v)])),
  );
  const free = difference.unknowns.filter((u) => !['Pi', 'ExponentialE', 'ImaginaryUnit'].includes(u));
  const samples = [0.7, 1.3, 2.1, 2.9, 0.45];
  for (let i = 0; i < samples.length; i++) {
    const at = Object.fromEntries(
      free.map((u, j) => [u, ce().number(samples[(i + j) % samples.length]! + j * 0.17)]),
    );
    const value = difference.subs(at).N();
    const re = Number(value.re);
    const im = Number(value.im ?? 0);
    if (!Number.isFinite(re)) return null;
    if (Math.abs(re) > 1e-7 || Math.abs(im) > 1e-7) return false;
  }
  return true;
}

/** Points along the graph of `latex` on [-6, 6], the longest stretch without a jump or a gap. */
function graphPoints(latex: string, variable = 'x'): CartesianPoint[] {
  const stretches: CartesianPoint[][] = [[]];
  for (let i = -120; i <= 120; i++) {
    const x = i / 20;
    const y = numeric(latex, { [variable]: x });
    const current = stretches[stretches.length - 1]!;
    const last = current[current.length - 1];
    if (y === null || Math.abs(y) > 1e6 || (last && Math.abs(y - last.y) > 5)) {
      if (current.length > 0) stretches.push([]);
      if (y !== null && Math.abs(y) <= 1e6) stretches[stretches.length - 1]!.push({ x, y });
      continue;
    }
    current.push({ x, y });
  }
  return stretches.reduce((a, b) => (b.length > a.length ? b : a), []);
}

const text = (lines: string[]): TextAnswer => lines.map((math) => ({ math }));

/** The record's own answer, in the shape its console sends (core answers.ts). */
function ownAnswer(asked: Asked): OwnAnswer {
  const { mathType } = asked;
  if (mathType === 'multipleChoice') {
    if (asked.choices.length < 2) return { ok: false, reason: 'authoring.no-choices' };
    const correct = asked.choices.map((c, i) => ({ id: c.id ?? i + 1, correct: c.correct }));
    const ids = correct.filter((c) => c.correct).map((c) => c.id);
    if (ids.length === 0) return { ok: false, reason: 'authoring.no-correct-choice' };
    const positions = asked.choices.flatMap((c, i) => (c.correct ? [String(i + 1)] : []));
    return { ok: true, answer: ids, shown: positions.join(', ') };
  }
  if (asked.data === null || asked.data === undefined)
    return { ok: false, reason: 'authoring.record-missing' };
  switch (mathType) {
    case 'simplify': {
      const d = asked.data as MathTypeDataOf<'simplify'>;
      return { ok: true, answer: text([d.target]), shown: d.target };
    }
    case 'solve': {
      const d = asked.data as MathTypeDataOf<'solve'>;
      if (d.definedSolutions.length === 0) return { ok: false, reason: 'authoring.solutions-missing' };
      const answer = d.definedSolutions.map((s, i) => ({ math: s.latex, solNum: i }));
      return { ok: true, answer, shown: d.definedSolutions.map((s) => s.latex).join(', ') };
    }
    case 'findExpression': {
      const d = asked.data as MathTypeDataOf<'findExpression'>;
      const line = `${d.unknownVariable}=${d.targetExpression}`;
      return { ok: true, answer: text([line]), shown: line };
    }
    case 'functions': {
      const d = asked.data as MathTypeDataOf<'functions'>;
      const f = readFunction(d.functionExpr);
      if (d.xValue !== null && d.xValue !== undefined) {
        const x = numeric(d.xValue);
        const substituted = ce()
          .parse(f.body)
          .subs({ [f.variable]: ce().parse(d.xValue) });
        const value = x === null ? null : exactLatex(substituted.latex);
        if (value === null) return { ok: false, reason: 'authoring.answer-not-computable' };
        return { ok: true, answer: text([value]), shown: value };
      }
      // With yValue the solutions are the student's to find: the equation itself must read as true.
      const line = `${f.body}=${d.yValue ?? ''}`;
      return { ok: true, answer: text([line]), partial: true, shown: line };
    }
    case 'equationOfALine': {
      const d = asked.data as MathTypeDataOf<'equationOfALine'>;
      const [x1, y1, x2, y2] = [d.x1, d.y1, d.x2, d.y2].map((v) => numeric(v));
      if (x1 == null || y1 == null || x2 == null || y2 == null)
        return { ok: false, reason: 'authoring.answer-not-computable' };
      const lines: string[] = [];
      if (Math.abs(x2 - x1) < 1e-12) {
        lines.push(`${d.xSymbol}=${d.x1}`);
      } else {
        const m = exactLatex(`\\frac{(${d.y2})-(${d.y1})}{(${d.x2})-(${d.x1})}`);
        const b = m === null ? null : exactLatex(`(${d.y1})-(${m})\\cdot(${d.x1})`);
        if (m === null || b === null) return { ok: false, reason: 'authoring.answer-not-computable' };
        if (d.findM) lines.push(`${d.mSymbol}=${m}`);
        if (d.findB) lines.push(`${d.bSymbol}=${b}`);
        if (d.findEquation || lines.length === 0) {
          const rhs = ce().parse(`(${m})${d.xSymbol}+(${b})`).simplify().latex;
          lines.push(`${d.ySymbol}=${rhs}`);
        }
      }
      return { ok: true, answer: text(lines), shown: lines.join('; ') };
    }
    case 'plotFunction': {
      const d = asked.data as MathTypeDataOf<'plotFunction'>;
      const f = readFunction(d.function);
      const points = graphPoints(f.body, f.variable);
      if (points.length < 2) return { ok: false, reason: 'authoring.answer-not-computable' };
      return { ok: true, answer: { points, inRadians: false }, shown: d.function };
    }
    case 'plotLinearEquation': {
      const d = asked.data as MathTypeDataOf<'plotLinearEquation'>;
      const m = numeric(d.m);
      const b = numeric(d.b);
      if (m === null || b === null) return { ok: false, reason: 'authoring.answer-not-computable' };
      return {
        ok: true,
        answer: [
          { x: 0, y: b },
          { x: 1, y: m + b },
        ],
        shown: `y=${d.m}x+${d.b}`,
      };
    }
    case 'setPointCartesianPlane': {
      const d = asked.data as MathTypeDataOf<'setPointCartesianPlane'>;
      return { ok: true, answer: [{ x: d.x, y: d.y }], shown: `(${d.x},${d.y})` };
    }
    case 'setMultiPointPlane': {
      const d = asked.data as MathTypeDataOf<'setMultiPointPlane'>;
      const points: CartesianPoint[] = [];
      for (const line of d.pointsList
        .split(/\n+/)
        .map((l) => l.trim())
        .filter(Boolean)) {
        const match = /^\(?\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)?$/.exec(line);
        const x = match ? numeric(match[1]!) : null;
        const y = match ? numeric(match[2]!) : null;
        if (x === null || y === null) return { ok: false, reason: 'authoring.points-invalid' };
        points.push({ x, y });
      }
      if (points.length === 0) return { ok: false, reason: 'authoring.points-invalid' };
      return { ok: true, answer: points, shown: d.pointsList.replace(/\s+/g, ' ') };
    }
    case 'intervals': {
      const d = asked.data as MathTypeDataOf<'intervals'>;
      return { ok: true, answer: d.intervals, shown: intervalsLatex(d.intervals) };
    }
    case 'numberlinePoints': {
      const d = asked.data as MathTypeDataOf<'numberlinePoints'>;
      return { ok: true, answer: d.points, shown: d.points.join(', ') };
    }
    case 'tableSimple': {
      const d = asked.data as MathTypeDataOf<'tableSimple'>;
      const cells = d.tableData
        .filter((c) => c.cellType === 'mathAns')
        .map((c) => ({ rIndex: c.rIndex, cIndex: c.cIndex, cellAns: c.cellContent }));
      if (cells.length === 0) return { ok: false, reason: 'authoring.table-no-answers' };
      return { ok: true, answer: cells, shown: cells.map((c) => c.cellAns).join(', ') };
    }
    case 'primeDecomposition': {
      const d = asked.data as MathTypeDataOf<'primeDecomposition'>;
      const problem = primeDecompositionProblem(d);
      if (problem) return { ok: false, reason: problem };
      const answer = primeDecompositionTable(
        d.numbers.map((n) => Number(n.latex.trim())),
        d.decompType,
      );
      return answer
        ? { ok: true, answer, shown: answer.mathText }
        : { ok: false, reason: 'authoring.answer-not-computable' };
    }
  }
}

/** The decomposition's numbers must be whole numbers from 2 up (the table is the student's to fill). */
function primeDecompositionProblem(data: MathTypeDataOf<'primeDecomposition'>): string | null {
  const values = data.numbers.map((n) => Number(n.latex.trim()));
  const fine = values.length > 0 && values.every((v) => Number.isSafeInteger(v) && v >= 2);
  if (!fine) return 'authoring.numbers-invalid';
  if (data.decompType !== 'Decomp' && values.length < 2) return 'authoring.numbers-invalid';
  return null;
}

/** The smallest prime factor of n (n ≥ 2), by trial division: up to 10⁶ steps for 12 digits. */
function smallestPrimeFactor(n: number): number {
  if (n % 2 === 0) return 2;
  for (let p = 3; p * p <= n; p += 2) if (n % p === 0) return p;
  return n;
}

/** The prime factorization of n as a product of prime powers, `2^{3}\cdot3^{2}\cdot5`. */
function factorizationLatex(n: number): string {
  const powers: string[] = [];
  while (n > 1) {
    const p = smallestPrimeFactor(n);
    let e = 0;
    while (n % p === 0) {
      n /= p;
      e++;
    }
    powers.push(e === 1 ? String(p) : `${p}^{${e}}`);
  }
  return powers.join('\\cdot');
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A prime decomposition's own answer: the division table a student fills, each row divided by the
 * smallest prime that divides one of its numbers (all of them for a GCD), until every number is 1 (or
 * the numbers are coprime), and the final answer: the factorizations, the LCM or the GCD. Null when
 * the LCM is past exact integers.
 */
function primeDecompositionTable(
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
    const divisor = Math.min(...candidates.map(smallestPrimeFactor));
    table.push({ rIndex: r, cIndex: k, cellType: 'Math', cellContent: String(divisor) });
    if (type === 'GCD') common *= divisor;
    row = row.map((n) => (n % divisor === 0 ? n / divisor : n));
    row.forEach((n, c) => table.push({ rIndex: r + 1, cIndex: c, cellType: 'Math', cellContent: String(n) }));
  }
  if (type === 'Decomp') return { table, mathText: numbers.map(factorizationLatex).join(',') };
  if (type === 'GCD') return { table, mathText: String(common) };
  const lcm = numbers.reduce((a, b) => (a / gcd(a, b)) * b);
  return Number.isSafeInteger(lcm) ? { table, mathText: String(lcm) } : null;
}

/**
 * Why the record's own answer is not right, said to its author: for simplify and solve what is wrong
 * with the target or the solutions, otherwise the answer that failed. Never the student's feedback
 * (that says "check the marked number" to someone who wrote the answer key).
 */
function failure(asked: Asked, result: CheckResult, shown: string): { reason: string; params: Params } {
  const generic = { reason: 'authoring.answer-rejected', params: { answer: shown.slice(0, 300) } };
  const lines = Array.isArray(result)
    ? undefined
    : (result as { lines?: { correct: boolean; feedback?: { key: string } }[] }).lines;
  if (!lines) return generic;
  if (asked.mathType === 'simplify' && asked.data) {
    const d = asked.data as MathTypeDataOf<'simplify'>;
    const target = d.target.slice(0, 300);
    // The target itself is the answer's only line: wrong, or right but not in the required form.
    if (lines.some((l) => !l.correct))
      return {
        reason: 'authoring.target-not-equivalent',
        params: { target, start: d.startingExpression.slice(0, 300) },
      };
    return { reason: 'authoring.target-not-in-form', params: { target } };
  }
  if (asked.mathType === 'solve') {
    const lost = ['feedback.missing-solutions', 'feedback.lost-solution', 'feedback.lost-solutions'];
    const missing = lines.some((l) => lost.includes(l.feedback?.key ?? ''));
    if (missing || lines.every((l) => l.correct))
      return { reason: 'authoring.solutions-incomplete', params: generic.params };
    return { reason: 'authoring.solutions-wrong', params: generic.params };
  }
  return generic;
}

type Verdict = { ok: boolean; reason: string | null; params: Params };

/**
 * A solve's defined solutions are what the checker holds a student to, so they are judged against
 * the equation itself: by the checker, with the solutions it finds on its own; when it cannot find
 * them, each `x=value` is put back into the equation.
 */
function checkSolve(data: MathTypeDataOf<'solve'>): Verdict {
  if (data.definedSolutions.length === 0)
    return { ok: false, reason: 'authoring.solutions-missing', params: {} };
  const answer = data.definedSolutions.map((s, i) => ({ math: s.latex, solNum: i }));
  const shown = data.definedSolutions.map((s) => s.latex).join(', ');
  try {
    const result = check({ mathType: 'solve', data: { ...data, definedSolutions: [] }, answer });
    if (isCorrect('solve', result)) return { ok: true, reason: null, params: {} };
    if (!cannotSolve(result))
      return { ok: false, ...failure({ mathType: 'solve', data } as Asked, result, shown) };
  } catch {
    // The checker cannot solve it by itself: each solution must satisfy the equation.
  }
  for (const solution of data.definedSolutions) {
    const match = /^\s*([A-Za-z](?:_\{?\w+\}?)?)\s*=(.+)$/s.exec(solution.latex);
    const holds = match ? equationHolds(data.startingExpression, { [match[1]!]: match[2]! }) : null;
    if (holds === null) return { ok: false, reason: 'authoring.definition-unreadable', params: {} };
    if (!holds)
      return { ok: false, reason: 'authoring.solution-wrong', params: { solution: solution.latex } };
  }
  return { ok: true, reason: null, params: {} };
}

/** The checker's answer when it can solve neither the system nor read its defined solutions. */
function cannotSolve(result: CheckResult<'solve'>): boolean {
  return result.lines.some((l) => l.feedback?.key === 'feedback.system-cannot-check');
}

/** A findExpression's target must satisfy its defining equation, whatever the other symbols are. */
function checkFindExpression(data: MathTypeDataOf<'findExpression'>): Verdict {
  const holds = equationHolds(data.definingEquation, { [data.unknownVariable]: data.targetExpression });
  if (holds === null) return { ok: false, reason: 'authoring.definition-unreadable', params: {} };
  if (!holds)
    return {
      ok: false,
      reason: 'authoring.target-wrong',
      params: { answer: `${data.unknownVariable}=${data.targetExpression}` },
    };
  return { ok: true, reason: null, params: {} };
}

/** A simplify whose starting expression is already a complete answer asks the student nothing. */
function startIsAnswer(data: MathTypeDataOf<'simplify'>): boolean {
  const result = check({ mathType: 'simplify', data, answer: text([data.startingExpression]) });
  return isCorrect('simplify', result);
}

/**
 * Runs one item's own answer through the checker; the verdict carries the answer as read
 * (`answer`, null when the item has none), for whoever reviews the item.
 */
function checkItem(asked: Asked): Verdict & { answer: string | null } {
  let own: OwnAnswer | null;
  try {
    own = ownAnswer(asked);
  } catch {
    own = null;
  }
  return { ...judgeItem(asked, own), answer: own?.ok ? own.shown.slice(0, 2_000) : null };
}

/** The verdict on one item, given its own answer (null: it could not be computed). */
function judgeItem(asked: Asked, own: OwnAnswer | null): Verdict {
  try {
    if (asked.mathType === 'solve' && asked.data) return checkSolve(asked.data as MathTypeDataOf<'solve'>);
    if (asked.mathType === 'findExpression' && asked.data)
      return checkFindExpression(asked.data as MathTypeDataOf<'findExpression'>);
  } catch {
    return { ok: false, reason: 'authoring.definition-unreadable', params: {} };
  }
  if (own === null) return { ok: false, reason: 'authoring.answer-not-computable', params: {} };
  if (!own.ok) return { ok: false, reason: own.reason, params: own.params ?? {} };
  const data =
    asked.mathType === 'multipleChoice'
      ? { choices: asked.choices.map((c, i) => ({ id: c.id ?? i + 1, correct: c.correct })) }
      : asked.data;
  let result: CheckResult;
  try {
    result = check({ mathType: asked.mathType, data, answer: own.answer } as Parameters<typeof check>[0]);
  } catch {
    return { ok: false, reason: 'authoring.definition-unreadable', params: {} };
  }
  const right = own.partial
    ? ((result as { lines?: { correct: boolean }[] }).lines ?? []).every((l) => l.correct)
    : isCorrect(asked.mathType, result);
  if (right && asked.mathType === 'simplify' && startIsAnswer(asked.data as MathTypeDataOf<'simplify'>))
    return { ok: false, reason: 'authoring.nothing-to-simplify', params: {} };
  if (right) return { ok: true, reason: null, params: {} };
  return { ok: false, ...failure(asked, result, own.shown) };
}

/** The feedback keys of a checked answer: its lines' and its own. */
function feedbackKeys(result: CheckResult): string[] {
  const r = result as {
    feedback?: { key?: string } | null;
    lines?: { feedback?: { key?: string } | null }[];
  };
  return [r.feedback?.key, ...(r.lines ?? []).map((l) => l.feedback?.key)].filter(
    (key): key is string => typeof key === 'string',
  );
}

/**
 * The first of an item's question tests the checker does not pass: an answer to accept that it
 * rejects, one to reject that it accepts, or one rejected with another feedback than the one
 * expected; each answer is read as a student's lines, one per line of text. Null when all pass.
 */
function failingTest(asked: Asked): { reason: string; params: Params } | null {
  const tests = asked.answerTests ?? [];
  if (tests.length === 0 || !(ANSWER_TEST_TYPES as readonly string[]).includes(asked.mathType)) return null;
  for (const test of tests) {
    const lines = test.answer
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const answer = lines.join('; ').slice(0, 300);
    let result: CheckResult;
    try {
      result = check({ mathType: asked.mathType, data: asked.data, answer: text(lines) } as Parameters<
        typeof check
      >[0]);
    } catch {
      return { reason: 'authoring.test-unreadable', params: { answer } };
    }
    const accepted = isCorrect(asked.mathType, result);
    if (test.expect === 'accept' && !accepted)
      return { reason: 'authoring.test-rejected', params: { answer } };
    if (test.expect === 'reject' && accepted)
      return { reason: 'authoring.test-accepted', params: { answer } };
    if (test.expect === 'reject' && test.feedback && !feedbackKeys(result).includes(test.feedback))
      return {
        reason: 'authoring.test-feedback',
        params: { answer, expected: test.feedback, given: feedbackKeys(result)[0] ?? '' },
      };
  }
  return null;
}

/**
 * The authoring checks of a draft: for every numeral and step, its own answer (the target of
 * simplify, the defined solutions of solve, the computed value or line of functions and
 * equationOfALine, the graphs' and points' own answers, the correct choices, the table's answer
 * cells, the prime decomposition's division table and final answer) run through the checker,
 * which must judge it complete. A numeral without a question, or any item without its record, fails. Items
 * not reached within `budgetMs` fail with `authoring.check-timeout`.
 */
export function authoringChecks(
  draft: Pick<ProblemDraft, 'numerals'>,
  options: { budgetMs?: number; now?: () => number } = {},
): AuthoringCheck[] {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + (options.budgetMs ?? AUTHORING_CHECK_BUDGET_MS);
  const checks: AuthoringCheck[] = [];
  const run = (
    numeral: number,
    step: number | null,
    key: string,
    asked: Asked,
    statement: string,
    question?: string,
  ) => {
    const base = { numeral, step, key, mathType: asked.mathType };
    if (question !== undefined && question.trim() === '') {
      checks.push({ ...base, ok: false, reason: 'authoring.question-missing', params: {}, answer: null });
      return;
    }
    if (now() > deadline) {
      checks.push({ ...base, ok: false, reason: 'authoring.check-timeout', params: {}, answer: null });
      return;
    }
    const verdict = checkItem(asked);
    // An answer the checker accepts can still contradict the item: the table's own function, the
    // graph its statement names.
    let against: ReturnType<typeof contradiction> = null;
    try {
      against = verdict.ok ? contradiction(asked, statement) : null;
    } catch {
      against = null;
    }
    const failedTest = verdict.ok && !against ? failingTest(asked) : null;
    checks.push({
      ...base,
      ...verdict,
      ...(against ? { ok: false, ...against } : {}),
      ...(failedTest ? { ok: false, ...failedTest } : {}),
    });
  };
  draft.numerals.forEach((numeral: NumeralDraft, i) => {
    run(i + 1, null, numeral.key, numeral, numeral.question, numeral.question);
    numeral.steps.forEach((step, j) => run(i + 1, j + 1, step.key, step, step.instruction));
  });
  return checks;
}
