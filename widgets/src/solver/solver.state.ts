import type { PublicNumeral, PublicProblem, TextAnswerLine } from '@kib/core';

/** Where an answer goes: the numeral itself (`step` null) or one of its steps. */
export interface Target {
  numeralId: number;
  step: number | null;
}

/** What the student has done on one console: the answer, the last feedback, whether it is right. */
export interface ConsoleState {
  answer: unknown;
  feedback: unknown;
  correct: boolean;
}

/** Hints shown for a numeral (spec 01 "Hints"): one more per press; hidden again after an attempt. */
export interface HintsState {
  texts: string[];
  picture: string | null;
  exhausted: boolean;
  visible: boolean;
}

/** The state of one numeral on the problem page. */
export interface NumeralState {
  main: ConsoleState;
  /** Step by step: started with the step button; `stepIndex` is the step being answered. */
  stepMode: boolean;
  stepIndex: number;
  steps: ConsoleState[];
  completed: boolean;
  hints: HintsState;
}

/** The state of the problem page. */
export interface SolverState {
  numerals: Record<number, NumeralState>;
  /** Index of the numeral tab shown. */
  current: number;
  /** A check is in flight: submitting is blocked (spec 01 "After each attempt"). */
  checking: boolean;
  /**
   * After a completed numeral: first a dialog (next question, or the finished exercise), then, once
   * it is closed, the banner that stays until it is closed too.
   */
  notice: 'none' | 'question-dialog' | 'question-banner' | 'exercise-dialog' | 'exercise-banner';
}

const EMPTY_CONSOLE: ConsoleState = { answer: null, feedback: null, correct: false };
const NO_HINTS: HintsState = { texts: [], picture: null, exhausted: false, visible: false };

function initialNumeral(numeral: PublicNumeral, completed: boolean): NumeralState {
  return {
    main: { ...EMPTY_CONSOLE, correct: completed },
    stepMode: false,
    stepIndex: 0,
    steps: numeral.steps.map(() => ({ ...EMPTY_CONSOLE })),
    completed,
    hints: NO_HINTS,
  };
}

/**
 * The page before any answer: completed numerals (from the server or storage) already marked, open
 * at `startAt` when the problem has that numeral (practice chose it), else at the first open one.
 */
export function initialSolverState(
  problem: PublicProblem,
  completedIds: readonly number[] = [],
  startAt: number | null = null,
): SolverState {
  const done = new Set(completedIds);
  const numerals: Record<number, NumeralState> = {};
  for (const n of problem.numerals) numerals[n.id] = initialNumeral(n, done.has(n.id));
  const chosen = problem.numerals.findIndex((n) => n.id === startAt);
  const firstOpen = problem.numerals.findIndex((n) => !done.has(n.id));
  return {
    numerals,
    current: Math.max(0, chosen >= 0 ? chosen : firstOpen),
    checking: false,
    notice: 'none',
  };
}

/** Everything that changes the page. */
export type SolverAction =
  | { type: 'select'; index: number }
  | { type: 'answer'; target: Target; answer: unknown }
  | { type: 'start-steps'; numeralId: number }
  | { type: 'check-started' }
  | { type: 'check-failed' }
  | {
      type: 'checked';
      target: Target;
      feedback: unknown;
      correct: boolean;
      numeralCompleted: boolean;
    }
  | { type: 'hints'; numeralId: number; texts: string[]; picture: string | null; exhausted: boolean }
  | { type: 'hide-hints'; numeralId: number }
  | { type: 'close-dialog' }
  | { type: 'close-banner' };

function updateNumeral(state: SolverState, id: number, f: (n: NumeralState) => NumeralState): SolverState {
  const numeral = state.numerals[id];
  return numeral ? { ...state, numerals: { ...state.numerals, [id]: f(numeral) } } : state;
}

function updateConsole(
  n: NumeralState,
  step: number | null,
  f: (c: ConsoleState) => ConsoleState,
): NumeralState {
  if (step === null) return { ...n, main: f(n.main) };
  return { ...n, steps: n.steps.map((c, i) => (i === step ? f(c) : c)) };
}

/**
 * The rules of spec 01 "Numeral correctness" and "After each attempt": a new answer keeps the last
 * feedback (each console clears its own marks as the student edits); a right step reveals the next; the last right step (or a right answer to
 * the numeral) completes the numeral; after every attempt the hints are hidden again.
 */
export function solverReducer(state: SolverState, action: SolverAction): SolverState {
  switch (action.type) {
    case 'select':
      return { ...state, current: action.index, notice: 'none' };
    case 'answer':
      return updateNumeral(state, action.target.numeralId, (n) =>
        updateConsole(n, action.target.step, (c) => ({ ...c, answer: action.answer })),
      );
    case 'start-steps':
      return updateNumeral(state, action.numeralId, (n) => ({ ...n, stepMode: true, stepIndex: 0 }));
    case 'check-started':
      return { ...state, checking: true };
    case 'check-failed':
      return { ...state, checking: false };
    case 'checked': {
      const { target } = action;
      let next = updateNumeral(state, target.numeralId, (n) => {
        let updated = updateConsole(n, target.step, (c) => ({
          ...c,
          feedback: action.feedback,
          correct: action.correct,
        }));
        if (target.step !== null && action.correct && target.step + 1 < n.steps.length) {
          updated = { ...updated, stepIndex: target.step + 1 };
        }
        if (action.numeralCompleted) {
          updated = { ...updated, completed: true, main: { ...updated.main, correct: true } };
        }
        return { ...updated, hints: NO_HINTS };
      });
      next = { ...next, checking: false };
      if (action.numeralCompleted && !state.numerals[target.numeralId]?.completed) {
        const all = Object.values(next.numerals).every((n) => n.completed);
        next = { ...next, notice: all ? 'exercise-dialog' : 'question-dialog' };
      }
      return next;
    }
    case 'hints':
      return updateNumeral(state, action.numeralId, (n) => ({
        ...n,
        hints: { texts: action.texts, picture: action.picture, exhausted: action.exhausted, visible: true },
      }));
    case 'hide-hints':
      return updateNumeral(state, action.numeralId, (n) => ({ ...n, hints: { ...n.hints, visible: false } }));
    case 'close-dialog':
      if (state.notice === 'question-dialog') return { ...state, notice: 'question-banner' };
      if (state.notice === 'exercise-dialog') return { ...state, notice: 'exercise-banner' };
      return state;
    case 'close-banner':
      return { ...state, notice: 'none' };
  }
}

/** The index of the next numeral not yet completed after `from` (wrapping), or null when all are. */
export function nextOpenNumeral(problem: PublicProblem, state: SolverState, from: number): number | null {
  const count = problem.numerals.length;
  for (let k = 1; k <= count; k++) {
    const i = (from + k) % count;
    const n = problem.numerals[i];
    if (n && !state.numerals[n.id]?.completed) return i;
  }
  return null;
}

/**
 * A text answer with LaTeX from the calculator or the handwriting pad added: at the end of the last
 * line (`end-of-line`), or as a new line (`new-line`, written into the last line when that is blank).
 */
export function appendLatex(
  answer: readonly TextAnswerLine[] | null,
  latex: string,
  mode: 'new-line' | 'end-of-line',
): TextAnswerLine[] {
  const lines = (answer ?? []).map((l) => ({ ...l }));
  const last = lines.at(-1);
  if (mode === 'end-of-line' && last) last.math = `${last.math}${latex}`;
  else if (last && last.math.trim() === '') last.math = latex;
  else lines.push({ math: latex });
  return lines;
}
