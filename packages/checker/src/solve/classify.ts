import type { SolveData } from '@kib/core';
import { readLine } from './line-reader';
import { BudgetExceeded } from './numeric-roots';
import { CHECK_BUDGET, functionNames, prepareProblem, unknownsOf } from './problem';
import { relate, type SetRelation, type SolutionSet } from './solution-set';
import { NotAStatement, solveNode } from './solve-line';

/** How a step changes the solution set over the reals (multiplicity ignored). */
export type StepClass = 'equivalent' | 'gained' | 'lost' | 'unrelated';

/** The class of a step, or why it has none (an unreadable line, not a statement, over budget). */
export type StepClassification =
  { readonly ok: true; readonly class: StepClass } | { readonly ok: false; readonly code: string };

/** The class of the relations of the step's sets to the previous line's, one per sample. */
export function classOf(relations: readonly SetRelation[]): StepClass {
  if (relations.every((r) => r === 'equal')) return 'equivalent';
  if (relations.every((r) => r === 'equal' || r === 'superset')) return 'gained';
  if (relations.every((r) => r === 'equal' || r === 'subset')) return 'lost';
  return 'unrelated';
}

/**
 * Classifies the step from the problem's starting expression to `line` in its unknown: equivalent
 * (the same solution set), gained solutions (a superset: squaring, multiplying by an expression),
 * lost solutions (a subset: dividing by something that can be 0, dropping a case) or unrelated.
 * Parameters are sampled as the solve checker samples them, each one also at 0. Never throws for
 * the line; throws for a malformed problem, as `checkSolve` does.
 */
export function classifyStep(data: SolveData, line: string): StepClassification {
  const variable = unknownsOf(data)[0] ?? 'x';
  const read = readLine(line, { variable, functions: functionNames(data) });
  if (!read.ok) return { ok: false, code: read.code };
  const problem = prepareProblem(data, [read.node]);
  if (problem.mode !== 'single') return { ok: false, code: 'system' };
  problem.ctx.budget.left = CHECK_BUDGET;
  const samples = [...problem.samples, ...problem.zeroSamples];
  const truth: SolutionSet[] = [...problem.truth, ...problem.zeroTruth];
  try {
    const sets = samples.map((s) => solveNode(read.node, read.cases, problem.ctx, s));
    return { ok: true, class: classOf(sets.map((s, k) => relate(s, truth[k]!))) };
  } catch (err) {
    if (err instanceof NotAStatement) return { ok: false, code: err.code };
    if (err instanceof BudgetExceeded) return { ok: false, code: 'too-large' };
    throw err;
  }
}
