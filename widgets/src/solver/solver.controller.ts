import { ApiClient } from '@kib/api-client';
import {
  isTextMathType,
  type PublicNumeral,
  type PublicProblem,
  type PublicStep,
  type TextAnswerLine,
} from '@kib/core';
import type { Language } from '@kib/i18n';
import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { preloadConsoles } from '../consoles';
import { messageText, useT, widgetLanguage, type Translate } from '../shared/i18n';
import { rovingTarget } from '../shared/roving-focus';
import { useAnnouncer } from '../shared/use-announcer';
import { TimeTracker } from './parts/index';
import { ApiBackend, InvalidAnswerError, type SolverBackend } from './solver.backend';
import {
  appendLatex,
  initialSolverState,
  nextOpenNumeral,
  solverReducer,
  type NumeralState,
  type SolverState,
  type Target,
} from './solver.state';
import type { SolverProps } from './solver.types';

/** The problem of a solver while it loads: loading, a failure (an i18n key), or ready to solve. */
export type SolverLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string; params?: Record<string, string> }
  | { status: 'ready'; backend: SolverBackend; problem: PublicProblem; completed: number[] };

/**
 * The backend the props ask for: one given or made at once, a problem given as data (whose offline
 * backend loads with its validation, see `solver.offline.ts`), or an error key when they ask for
 * nothing usable.
 */
type BackendChoice = { backend: SolverBackend } | { offline: unknown } | { error: string };

/** A problem given as data that is not one: the message key and the field it names. */
interface LoadError {
  message: string;
  params?: Record<string, string>;
}

function backendFor(props: SolverProps): BackendChoice {
  if (props.backend) return { backend: props.backend };
  if (props.problem) {
    if (typeof props.problem !== 'string') return { offline: props.problem };
    try {
      return { offline: JSON.parse(props.problem) as unknown };
    } catch {
      return { error: 'solver.invalid-json' };
    }
  }
  if (props.problemId && props.apiBase) {
    const api = new ApiClient({
      baseUrl: props.apiBase,
      token: props.token ?? null,
      lang: widgetLanguage(props.lang),
    });
    return {
      backend: new ApiBackend(api, props.problemId, {
        deadlinePassed: props.deadlinePassed ?? false,
        tempStudentId: props.tempStudentId ?? null,
      }),
    };
  }
  return { error: 'solver.no-problem' };
}

/** The backend of a choice, or why a problem given as data is not a problem (naming the field). */
async function readyBackend(
  choice: Exclude<BackendChoice, { error: string }>,
): Promise<SolverBackend | LoadError> {
  if ('backend' in choice) return choice.backend;
  const { readOfflineProblem } = await import('./solver.offline');
  const read = readOfflineProblem(choice.offline);
  if ('backend' in read) return read.backend;
  return read.field
    ? { message: 'solver.invalid-problem-field', params: { field: read.field } }
    : { message: 'solver.invalid-problem' };
}

/**
 * Loads the problem the solver's props name, with its completed numerals (none when they cannot be
 * read), again whenever those props change; a backend that fails to load gives `solver.load-failed`.
 */
export function useSolverLoad(props: SolverProps): SolverLoad {
  const { problem: problemProp, problemId, apiBase, token, backend: given } = props;
  const choice = useMemo(
    () => backendFor(props),
    // The backend depends on these props only; callbacks may change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [problemProp, problemId, apiBase, token, given, props.deadlinePassed, props.tempStudentId, props.lang],
  );
  const [load, setLoad] = useState<SolverLoad>({ status: 'loading' });

  useEffect(() => {
    if ('error' in choice) {
      setLoad({ status: 'error', message: choice.error });
      return;
    }
    let alive = true;
    setLoad({ status: 'loading' });
    readyBackend(choice)
      .then(async (backend) => {
        if ('message' in backend) return { status: 'error', ...backend } as const;
        const loading = backend.loadProblem().then((problem) => {
          preloadConsoles(problem);
          return problem;
        });
        const [problem, completed] = await Promise.all([
          loading,
          backend.completedNumerals().catch(() => []),
        ]);
        return { status: 'ready', backend, problem, completed } as const;
      })
      .catch(() => ({ status: 'error', message: 'solver.load-failed' }) as const)
      .then((next) => alive && setLoad(next));
    return () => {
      alive = false;
    };
  }, [choice]);

  return load;
}

/** What the solver page is given: a loaded problem, its backend and the page's callbacks. */
export interface SolverOptions {
  backend: SolverBackend;
  problem: PublicProblem;
  /** Ids of the numerals completed before (from the server or storage). */
  completed: readonly number[];
  /** The numeral to open at (`SolverProps.numeralId`). */
  startAt?: number | null;
  lang?: Language;
  onComplete?: SolverProps['onComplete'];
  onNumeralComplete?: SolverProps['onNumeralComplete'];
}

/** The tool panel open below the answer. */
export type SolverPanel = 'none' | 'calculator' | 'handwriting';

/** Everything the solver page shows, and everything the student can do on it. */
export interface SolverController {
  problem: PublicProblem;
  state: SolverState;
  /** The numeral of the tab shown, and its state (absent for a problem without numerals). */
  numeral: PublicNumeral | undefined;
  numeralState: NumeralState | undefined;
  /** The message under the answer (an empty answer, a failed check, an attempt not recorded). */
  message: string | null;
  panel: SolverPanel;
  videoOpen: boolean;
  /** The video of the step, numeral or problem, the nearest first. */
  videoId: string | null;
  /** The problem, the numeral or the step allows the calculator. */
  calculatorAllowed: boolean;
  /** The answer is typed in the math console (handwriting and calculator results can go in it). */
  textTarget: boolean;
  /** Some numeral after the current one is still open ('next question' is offered). */
  hasNextOpen: boolean;
  /** Where the scroll-down caret scrolls to: just above the check button. */
  scrollTarget: RefObject<HTMLDivElement | null>;
  /** The polite live region that announces checks and hints: rendered once in the page. */
  region: ReactNode;
  /** Checks the answer on the console in use (one check at a time). */
  submit(): Promise<void>;
  /** Shows one hint more for the answer in use. */
  askHints(): Promise<void>;
  setAnswer(target: Target, answer: unknown): void;
  /** Adds LaTeX to the math console's answer (calculator: end of the last line; handwriting: a new line). */
  appendToTextAnswer(latex: string, mode: 'new-line' | 'end-of-line'): void;
  /** Shows the numeral tab at `index` (wrapping around) and focuses it. */
  selectTab(index: number): void;
  /** The tab list's keys: arrows move between tabs, Home and End go to the first and last. */
  onTabKey(event: KeyboardEvent): void;
  /** Keeps a tab's element, to focus it when the keyboard selects it. */
  registerTab(index: number, element: HTMLButtonElement | null): void;
  /** Closes the banner and shows the next numeral still open, if any. */
  goToNext(): void;
  /** Starts answering the current numeral step by step. */
  startSteps(): void;
  /** Opens a tool panel, or closes it when it is open. */
  togglePanel(panel: Exclude<SolverPanel, 'none'>): void;
  closePanel(): void;
  openVideo(): void;
  closeVideo(): void;
  /** Closes the dialog after a completed numeral; its banner takes its place. */
  closeDialog(): void;
  closeBanner(): void;
}

/**
 * The problem page's state and behaviour: the numeral tabs, answers per numeral and step, checks
 * (one at a time, with the time spent since the last attempt), hints, tool panels, the dialogs and
 * banners after a completed numeral, and the callbacks `onNumeralComplete` (a numeral newly
 * completed) and `onComplete` (every numeral completed).
 */
export function useSolver({
  backend,
  problem,
  completed,
  startAt = null,
  lang,
  onComplete,
  onNumeralComplete,
}: SolverOptions): SolverController {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [state, dispatch] = useReducer(solverReducer, undefined, () =>
    initialSolverState(problem, completed, startAt),
  );
  const [message, setMessage] = useState<string | null>(null);
  const [panel, setPanel] = useState<SolverPanel>('none');
  const [videoOpen, setVideoOpen] = useState(false);
  const tracker = useRef(new TimeTracker());
  const stateRef = useRef<SolverState>(state);
  stateRef.current = state;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const scrollTarget = useRef<HTMLDivElement | null>(null);

  const numeral = problem.numerals[state.current];
  const numeralState = numeral ? state.numerals[numeral.id] : undefined;

  useEffect(() => {
    if (numeral) tracker.current.open(String(numeral.id), Date.now());
  }, [numeral]);

  useEffect(() => {
    if (state.notice !== 'exercise-dialog') return;
    onComplete?.({ problemId: problem.id, numeralIds: problem.numerals.map((n) => n.id) });
    // Only when the exercise becomes finished.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.notice]);

  const target: Target | null =
    numeral && numeralState
      ? {
          numeralId: numeral.id,
          step: numeralState.stepMode && !numeralState.completed ? numeralState.stepIndex : null,
        }
      : null;
  const targetContent: PublicNumeral | PublicStep | undefined =
    numeral && target ? (target.step === null ? numeral : numeral.steps[target.step]) : undefined;

  // Submitting closes the interval (spec 01 "Time tracking"); the attempt carries the time since the
  // last attempt on this numeral, and timing starts again.
  const secondsSinceLastAttempt = (numeralId: number): number => {
    const now = Date.now();
    const id = String(numeralId);
    tracker.current.close(now);
    const seconds = tracker.current.total(id, now);
    tracker.current.reset(id);
    tracker.current.open(id, now);
    return seconds;
  };

  const currentAnswer = (): unknown => {
    if (!target || !numeralState) return null;
    return target.step === null ? numeralState.main.answer : numeralState.steps[target.step]?.answer;
  };

  const submit = async () => {
    if (!target || !targetContent || stateRef.current.checking) return;
    const answer = currentAnswer() ?? (isTextMathType(targetContent.mathType) ? [] : null);
    if (
      answer === null ||
      (Array.isArray(answer) && answer.length === 0 && isTextMathType(targetContent.mathType))
    ) {
      setMessage(t('solver.empty-answer'));
      return;
    }
    setMessage(null);
    dispatch({ type: 'check-started' });
    announce(t('solver.checking'));
    try {
      const out = await backend.check({
        numeralId: target.numeralId,
        step: target.step,
        answer,
        totalTime: secondsSinceLastAttempt(target.numeralId),
        hintsShown: numeralState?.hints.texts.length ?? 0,
      });
      const wasCompleted = stateRef.current.numerals[target.numeralId]?.completed ?? false;
      dispatch({
        type: 'checked',
        target,
        feedback: out.feedback,
        correct: out.correct,
        numeralCompleted: out.numeralCompleted,
      });
      if (!out.recorded)
        setMessage(t(out.notRecordedBecause === 'demo' ? 'solver.demo-not-recorded' : 'solver.not-recorded'));
      announce(checkedText(t, out));
      if (out.numeralCompleted && !wasCompleted) {
        onNumeralComplete?.({
          problemId: problem.id,
          numeralId: target.numeralId,
          recorded: out.recorded,
        });
      }
    } catch (error) {
      dispatch({ type: 'check-failed' });
      setMessage(t(error instanceof InvalidAnswerError ? 'solver.incomplete-answer' : 'solver.check-failed'));
    }
  };

  const askHints = async () => {
    if (!target || !numeral || !numeralState) return;
    const shown = numeralState.hints.visible ? numeralState.hints.texts.length : 0;
    try {
      const out = await backend.hints({
        numeralId: target.numeralId,
        step: target.step,
        answer:
          currentAnswer() ?? (targetContent && isTextMathType(targetContent.mathType) ? [{ math: '' }] : []),
        totalTime: 0,
        shown,
      });
      const texts = out.hints.map((h) => messageText(t, h));
      dispatch({
        type: 'hints',
        numeralId: numeral.id,
        texts,
        picture: out.picture,
        exhausted: out.exhausted,
      });
      announce(texts.length > 0 ? (texts.at(-1) ?? '') : t('solver.no-hints'));
    } catch {
      setMessage(t('solver.hints-failed'));
    }
  };

  const setAnswer = useCallback(
    (target: Target, answer: unknown) => dispatch({ type: 'answer', target, answer }),
    [],
  );

  const appendToTextAnswer = (latex: string, mode: 'new-line' | 'end-of-line') => {
    if (!target || !targetContent || !isTextMathType(targetContent.mathType)) return;
    setAnswer(target, appendLatex(currentAnswer() as TextAnswerLine[] | null, latex, mode));
  };

  const selectTab = (index: number) => {
    const count = problem.numerals.length;
    const i = ((index % count) + count) % count;
    dispatch({ type: 'select', index: i });
    setMessage(null);
    tabRefs.current[i]?.focus();
  };

  const onTabKey = (e: KeyboardEvent) => {
    const next = rovingTarget(e.key, state.current, problem.numerals.length, 'horizontal');
    if (next === null) return;
    e.preventDefault();
    selectTab(next);
  };

  const goToNext = () => {
    const next = nextOpenNumeral(problem, state, state.current);
    dispatch({ type: 'close-banner' });
    if (next !== null) selectTab(next);
  };

  return {
    problem,
    state,
    numeral,
    numeralState,
    message,
    panel,
    videoOpen,
    videoId: targetContent?.videoS3 ?? numeral?.videoS3 ?? problem.videoS3 ?? null,
    calculatorAllowed:
      problem.calculator || (numeral?.calculator ?? false) || (targetContent?.calculator ?? false),
    textTarget: targetContent !== undefined && isTextMathType(targetContent.mathType),
    hasNextOpen: nextOpenNumeral(problem, state, state.current) !== null,
    scrollTarget,
    region,
    submit,
    askHints,
    setAnswer,
    appendToTextAnswer,
    selectTab,
    onTabKey,
    registerTab: (index, element) => {
      tabRefs.current[index] = element;
    },
    goToNext,
    startSteps: () => {
      if (numeral) dispatch({ type: 'start-steps', numeralId: numeral.id });
    },
    togglePanel: (next) => setPanel(panel === next ? 'none' : next),
    closePanel: () => setPanel('none'),
    openVideo: () => setVideoOpen(true),
    closeVideo: () => setVideoOpen(false),
    closeDialog: () => dispatch({ type: 'close-dialog' }),
    closeBanner: () => dispatch({ type: 'close-banner' }),
  };
}

/** What is announced after a check: a completed numeral, a right step, or a wrong answer. */
function checkedText(t: Translate, out: { correct: boolean; numeralCompleted: boolean }): string {
  if (out.numeralCompleted) return t('solver.numeral-completed');
  return out.correct ? t('solver.step-correct') : t('solver.answer-wrong');
}
