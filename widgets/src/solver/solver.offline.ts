import type { NumeralCheckError } from '@kib/checker';
import { ProblemSchema, toPublicProblem, type Numeral, type Problem, type PublicProblem } from '@kib/core';
import {
  InvalidAnswerError,
  LocalProgress,
  safeLocalStorage,
  type CheckInput,
  type CheckOutput,
  type HintsOutput,
  type SolverBackend,
} from './solver.backend';

/**
 * The solver with no server: the problem's full data is in the page (an author deliberately shipped
 * it), answers are checked in the browser by the same checker the server uses, loaded on first use,
 * and progress is kept in localStorage.
 */
export class OfflineBackend implements SolverBackend {
  private readonly progress: LocalProgress;

  constructor(
    private readonly problem: Problem,
    storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage(),
    storageKey = `kib:solver:${problem.id}`,
  ) {
    this.progress = new LocalProgress(storage, storageKey);
  }

  async loadProblem(): Promise<PublicProblem> {
    return toPublicProblem(this.problem);
  }

  async completedNumerals(): Promise<number[]> {
    return this.progress.read().filter((id) => this.problem.numerals.some((n) => n.id === id));
  }

  async check(input: CheckInput): Promise<CheckOutput> {
    const { checkNumeral } = await import('@kib/checker');
    const numeral = this.numeral(input.numeralId);
    const checked = checkNumeral({ numeral, step: input.step, answer: input.answer });
    if (!checked.ok) throw refusal(checked.error, input);
    if (checked.numeralCompleted) this.progress.add(numeral.id);
    return {
      correct: checked.correct,
      numeralCompleted: checked.numeralCompleted,
      feedback: checked.result,
      recorded: true,
    };
  }

  async hints(input: CheckInput & { shown: number }): Promise<HintsOutput> {
    const { numeralHints } = await import('@kib/checker');
    const numeral = this.numeral(input.numeralId);
    const r = numeralHints({ numeral, step: input.step, answer: input.answer, shown: input.shown });
    if (!r.ok) throw refusal(r.error, input);
    return { hints: r.hints, picture: r.hintPicture, exhausted: r.exhausted };
  }

  private numeral(numeralId: number): Numeral {
    const numeral = this.problem.numerals.find((n) => n.id === numeralId);
    if (!numeral) throw new Error(`no numeral ${numeralId}`);
    return numeral;
  }
}

/** The error for an answer the checker could not check: the student's (a half-made answer) or the page's. */
function refusal(error: NumeralCheckError, input: CheckInput): Error {
  if (error === 'answer-invalid') return new InvalidAnswerError();
  if (error === 'step-not-found') return new Error(`no step ${input.step}`);
  return new Error('the numeral has no math-type data');
}

/**
 * The offline backend of a problem given as data (a `problem` prop or attribute), or null when the
 * data is not a valid problem. The solver loads this module only for such a problem, so a page that
 * solves through the API never downloads the problem's validation.
 */
export function offlineBackend(raw: unknown): OfflineBackend | null {
  const read = readOfflineProblem(raw);
  return 'backend' in read ? read.backend : null;
}

/**
 * {@link offlineBackend}, or where the data stops being a problem: the path of the first field that
 * is missing or wrong (`numerals[0].mathType`; empty for the whole value).
 */
export function readOfflineProblem(raw: unknown): { backend: OfflineBackend } | { field: string } {
  const parsed = ProblemSchema.safeParse(raw);
  if (parsed.success) return { backend: new OfflineBackend(parsed.data) };
  const path = parsed.error.issues[0]?.path ?? [];
  const field = path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('');
  return { field };
}
