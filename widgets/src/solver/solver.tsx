import { ApiClient } from '@kib/api-client';
import {
  ProblemSchema,
  isTextMathType,
  type PublicNumeral,
  type PublicProblem,
  type PublicStep,
} from '@kib/core';
import {
  type ComponentType,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { consoleData, consoleFor } from '../consoles';
import { useT, messageText, widgetLanguage } from '../shared/i18n';
import { MathText } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import {
  Calculator,
  ExerciseFinishedBanner,
  FinishDialog,
  HandwritingPad,
  NextQuestionDialog,
  QuestionFinishedBanner,
  ScrollCaret,
  scrollRatio,
  StepView,
  TimeTracker,
  VideoModal,
} from './parts/index';
import { ApiBackend, InvalidAnswerError, OfflineBackend, type SolverBackend } from './solver.backend';
import css from './solver.css?inline';
import {
  initialSolverState,
  nextOpenNumeral,
  solverReducer,
  type SolverState,
  type Target,
} from './solver.state';
import type { SolverProps } from './solver.types';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; problem: PublicProblem; completed: number[] };

/** Builds the backend the props ask for, or an error key when they ask for nothing usable. */
function backendFor(props: SolverProps): SolverBackend | { error: string } {
  if (props.backend) return props.backend;
  if (props.problem) {
    let raw: unknown = props.problem;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        return { error: 'solver.invalid-problem' };
      }
    }
    const parsed = ProblemSchema.safeParse(raw);
    return parsed.success ? new OfflineBackend(parsed.data) : { error: 'solver.invalid-problem' };
  }
  if (props.problemId && props.apiBase) {
    const api = new ApiClient({
      baseUrl: props.apiBase,
      token: props.token ?? null,
      lang: widgetLanguage(props.lang),
    });
    return new ApiBackend(api, props.problemId, {
      deadlinePassed: props.deadlinePassed ?? false,
      tempStudentId: props.tempStudentId ?? null,
    });
  }
  return { error: 'solver.no-problem' };
}

/**
 * The problem page as a component (spec 01 "Problem page"): numerals as tabs, the console of each
 * numeral or step, check answer, hints, steps, video, calculator, handwriting, time tracking, and
 * the dialogs and banners after a completed numeral. Online through the API or offline in the browser.
 */
export function Solver(props: SolverProps) {
  const t = useT(props.lang);
  const { problem: problemProp, problemId, apiBase, token, backend: given } = props;
  const backend = useMemo(
    () => backendFor(props),
    // The backend depends on these props only; callbacks may change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [problemProp, problemId, apiBase, token, given, props.deadlinePassed, props.tempStudentId, props.lang],
  );
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    if ('error' in backend) {
      setLoad({ status: 'error', message: backend.error });
      return;
    }
    let alive = true;
    setLoad({ status: 'loading' });
    Promise.all([backend.loadProblem(), backend.completedNumerals().catch(() => [])])
      .then(([problem, completed]) => alive && setLoad({ status: 'ready', problem, completed }))
      .catch(() => alive && setLoad({ status: 'error', message: 'solver.load-failed' }));
    return () => {
      alive = false;
    };
  }, [backend]);

  return (
    <div className="kib-root kib-solver" lang={widgetLanguage(props.lang)}>
      <WidgetStyles css={css} />
      {load.status === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.status === 'error' ? (
        <p role="alert" className="kib-solver__error">
          {t(load.message)}
        </p>
      ) : (
        <SolverPage
          {...props}
          backend={backend as SolverBackend}
          problem={load.problem}
          completed={load.completed}
        />
      )}
    </div>
  );
}

interface PageProps extends Omit<SolverProps, 'problem' | 'backend'> {
  backend: SolverBackend;
  problem: PublicProblem;
  completed: number[];
}

function SolverPage({ backend, problem, completed, lang, ...props }: PageProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [state, dispatch] = useReducer(solverReducer, undefined, () =>
    initialSolverState(problem, completed),
  );
  const [message, setMessage] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'calculator' | 'handwriting'>('none');
  const [videoOpen, setVideoOpen] = useState(false);
  const tracker = useRef(new TimeTracker());
  const stateRef = useRef<SolverState>(state);
  stateRef.current = state;
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const checkRef = useRef<HTMLDivElement | null>(null);
  const [ratio, setRatio] = useState(100);

  // The scroll-down caret (spec 01 "Problem page"): shown while the bottom of the page is out of view.
  useEffect(() => {
    const update = () => {
      const root = document.scrollingElement ?? document.documentElement;
      setRatio(
        scrollRatio({
          scrollTop: root.scrollTop,
          clientHeight: window.innerHeight,
          scrollHeight: root.scrollHeight,
        }),
      );
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const numeral = problem.numerals[state.current];
  const numeralState = numeral ? state.numerals[numeral.id] : undefined;

  useEffect(() => {
    if (numeral) tracker.current.open(String(numeral.id), Date.now());
  }, [numeral]);

  useEffect(() => {
    if (state.notice !== 'exercise-dialog') return;
    props.onComplete?.({ problemId: problem.id, numeralIds: problem.numerals.map((n) => n.id) });
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
      });
      const wasCompleted = stateRef.current.numerals[target.numeralId]?.completed ?? false;
      dispatch({
        type: 'checked',
        target,
        feedback: out.feedback,
        correct: out.correct,
        numeralCompleted: out.numeralCompleted,
      });
      if (!out.recorded) setMessage(t('solver.not-recorded'));
      announce(
        out.numeralCompleted
          ? t('solver.numeral-completed')
          : out.correct
            ? t('solver.step-correct')
            : t('solver.answer-wrong'),
      );
      if (out.numeralCompleted && !wasCompleted) {
        props.onNumeralComplete?.({
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
    const lines = ((currentAnswer() as { math: string; solNum?: number }[] | null) ?? []).map((l) => ({
      ...l,
    }));
    const last = lines.at(-1);
    if (mode === 'end-of-line' && last) last.math = `${last.math}${latex}`;
    else if (last && last.math.trim() === '') last.math = latex;
    else lines.push({ math: latex });
    setAnswer(target, lines);
  };

  const selectTab = (index: number) => {
    const count = problem.numerals.length;
    const i = ((index % count) + count) % count;
    dispatch({ type: 'select', index: i });
    setMessage(null);
    tabRefs.current[i]?.focus();
  };

  const onTabKey = (e: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: state.current + 1,
      ArrowLeft: state.current - 1,
      Home: 0,
      End: problem.numerals.length - 1,
    };
    const next = keys[e.key];
    if (next === undefined) return;
    e.preventDefault();
    selectTab(next);
  };

  const goToNext = () => {
    const next = nextOpenNumeral(problem, state, state.current);
    dispatch({ type: 'close-banner' });
    if (next !== null) selectTab(next);
  };

  const textTarget = targetContent !== undefined && isTextMathType(targetContent.mathType);
  const calculatorAllowed =
    problem.calculator || (numeral?.calculator ?? false) || (targetContent?.calculator ?? false);
  const videoId = targetContent?.videoS3 ?? numeral?.videoS3 ?? problem.videoS3 ?? null;

  return (
    <article className="kib-solver__page" aria-labelledby={`${baseId}-title`}>
      {region}
      <header className="kib-solver__header">
        <h2 id={`${baseId}-title`} className="kib-solver__title">
          {problem.title}
        </h2>
        {problem.description ? (
          <MathText className="kib-solver__description" text={problem.description} />
        ) : null}
        {problem.picture ? (
          <img className="kib-solver__picture" src={problem.picture} alt={t('solver.problem-picture')} />
        ) : null}
      </header>

      {state.notice === 'question-banner' ? (
        <QuestionFinishedBanner
          lang={lang}
          onClose={() => dispatch({ type: 'close-banner' })}
          onNext={nextOpenNumeral(problem, state, state.current) === null ? undefined : goToNext}
        />
      ) : null}
      {state.notice === 'exercise-banner' ? (
        <ExerciseFinishedBanner lang={lang} onClose={() => dispatch({ type: 'close-banner' })} />
      ) : null}

      <div
        role="tablist"
        aria-label={t('solver.questions')}
        className="kib-solver__tabs"
        onKeyDown={onTabKey}
      >
        {problem.numerals.map((n, i) => {
          const done = state.numerals[n.id]?.completed ?? false;
          return (
            <button
              key={n.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${n.id}`}
              aria-selected={i === state.current}
              aria-controls={`${baseId}-panel`}
              tabIndex={i === state.current ? 0 : -1}
              className="kib-solver__tab"
              onClick={() => selectTab(i)}
            >
              {t('solver.question', { number: i + 1 })}
              {done ? (
                <span className="kib-solver__done">
                  <span aria-hidden="true"> ✓</span>
                  <span className="kib-visually-hidden">{t('solver.completed')}</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      {numeral && numeralState ? (
        <section
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${numeral.id}`}
          className="kib-solver__panel"
        >
          <div className="kib-solver__question">
            <MathText text={numeral.question} />
            {numeral.picture ? <img src={numeral.picture} alt={t('solver.question-picture')} /> : null}
          </div>

          <div className="kib-toolbar" role="toolbar" aria-label={t('solver.tools')}>
            {numeral.steps.length > 0 && !numeralState.stepMode && !numeralState.completed ? (
              <button
                type="button"
                className="kib-button"
                onClick={() => dispatch({ type: 'start-steps', numeralId: numeral.id })}
              >
                {t('solver.step-by-step')}
              </button>
            ) : null}
            <button type="button" className="kib-button" onClick={() => setVideoOpen(true)}>
              {t('solver.video')}
            </button>
            {calculatorAllowed ? (
              <button
                type="button"
                className="kib-button"
                aria-pressed={panel === 'calculator'}
                onClick={() => setPanel(panel === 'calculator' ? 'none' : 'calculator')}
              >
                {t('solver.calculator')}
              </button>
            ) : null}
            {textTarget ? (
              <button
                type="button"
                className="kib-button kib-solver__handwriting-toggle"
                aria-pressed={panel === 'handwriting'}
                onClick={() => setPanel(panel === 'handwriting' ? 'none' : 'handwriting')}
              >
                {t('solver.handwriting')}
              </button>
            ) : null}
            <button type="button" className="kib-button" onClick={askHints} disabled={numeralState.completed}>
              {t('solver.hints')}
            </button>
          </div>

          {numeralState.stepMode ? (
            <ol className="kib-solver__steps">
              {numeral.steps
                .slice(0, numeralState.completed ? numeral.steps.length : numeralState.stepIndex + 1)
                .map((step, i) => {
                  const stepState = numeralState.steps[i];
                  const active = !numeralState.completed && i === numeralState.stepIndex;
                  return (
                    <li key={step.id} className="kib-solver__step">
                      <StepView step={step} pictureUrl={step.picture} lang={lang} defaultExpanded={active} />
                      <ConsoleSlot
                        content={step}
                        value={stepState?.answer}
                        feedback={stepState?.feedback}
                        disabled={!active || state.checking}
                        lang={lang}
                        label={t('solver.step-answer', { number: i + 1 })}
                        onAnswer={(a) => setAnswer({ numeralId: numeral.id, step: i }, a)}
                      />
                    </li>
                  );
                })}
            </ol>
          ) : (
            <ConsoleSlot
              content={numeral}
              value={numeralState.main.answer}
              feedback={numeralState.main.feedback}
              disabled={numeralState.completed || state.checking}
              lang={lang}
              label={t('solver.answer-to', { number: state.current + 1 })}
              onAnswer={(a) => setAnswer({ numeralId: numeral.id, step: null }, a)}
            />
          )}

          {numeralState.hints.visible ? (
            <section className="kib-solver__hints" aria-label={t('solver.hints')}>
              {numeralState.hints.texts.length === 0 ? (
                <p>{t('solver.no-hints')}</p>
              ) : (
                <ol>
                  {numeralState.hints.texts.map((text, i) => (
                    <li key={i}>
                      <MathText text={text} />
                    </li>
                  ))}
                </ol>
              )}
              {numeralState.hints.picture ? (
                <img src={numeralState.hints.picture} alt={t('solver.hint-picture')} />
              ) : null}
              {numeralState.hints.exhausted && numeralState.hints.texts.length > 0 ? (
                <p className="kib-solver__muted">{t('solver.no-more-hints')}</p>
              ) : null}
            </section>
          ) : null}

          {message ? (
            <p className="kib-solver__message" role="alert">
              {message}
            </p>
          ) : null}

          <div ref={checkRef} />
          {numeralState.completed ? (
            <p className="kib-solver__congrats">
              <span aria-hidden="true">👍 </span>
              {t('solver.well-done')}
            </p>
          ) : (
            <button
              type="button"
              className="kib-button kib-button--primary kib-solver__check"
              onClick={submit}
              disabled={state.checking}
              aria-busy={state.checking}
            >
              {state.checking ? t('solver.checking') : t('solver.check-answer')}
            </button>
          )}

          {panel === 'calculator' ? (
            <Calculator
              lang={lang}
              onClose={() => setPanel('none')}
              onInsert={textTarget ? (value: string) => appendToTextAnswer(value, 'end-of-line') : undefined}
            />
          ) : null}
          {panel === 'handwriting' ? (
            <HandwritingPad
              lang={lang}
              recognize={props.recognizeHandwriting}
              onLatex={(latex: string) => appendToTextAnswer(latex, 'new-line')}
            />
          ) : null}
        </section>
      ) : (
        <p>{t('solver.no-questions')}</p>
      )}

      <ScrollCaret ratio={ratio} target={checkRef} lang={lang} />
      <VideoModal
        open={videoOpen}
        onClose={() => setVideoOpen(false)}
        videoId={videoId}
        videoBaseUrl={props.videoBaseUrl ?? undefined}
        lang={lang}
      />
      <FinishDialog
        open={state.notice === 'exercise-dialog'}
        lang={lang}
        onClose={() => dispatch({ type: 'close-dialog' })}
      />
      <NextQuestionDialog
        open={state.notice === 'question-dialog'}
        lang={lang}
        onNext={goToNext}
        onStay={() => dispatch({ type: 'close-dialog' })}
      />
    </article>
  );
}

/** The console of a numeral or step, chosen by its math type; an unknown type renders nothing. */
function ConsoleSlot({
  content,
  value,
  feedback,
  disabled,
  lang,
  label,
  onAnswer,
}: {
  content: PublicNumeral | PublicStep;
  value: unknown;
  feedback: unknown;
  disabled: boolean;
  lang: SolverProps['lang'];
  label: string;
  onAnswer: (answer: unknown) => void;
}) {
  const t = useT(lang);
  const descriptor = consoleFor(content.mathType);
  if (!descriptor) return null;
  const Console = descriptor.component as unknown as ComponentType<Record<string, unknown>>;
  return (
    <div className="kib-solver__console">
      <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
        <Console
          data={consoleData(content)}
          value={value ?? null}
          feedback={feedback ?? null}
          disabled={disabled}
          lang={lang}
          label={label}
          onAnswer={onAnswer}
        />
      </Suspense>
    </div>
  );
}
