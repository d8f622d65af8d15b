import type { PublicNumeral, PublicProblem, PublicStep } from '@kib/core';
import type { Language } from '@kib/i18n';
import { Suspense, useMemo, type ComponentType, type KeyboardEvent, type RefObject } from 'react';
import { consoleData, consoleFor } from '../consoles';
import { useT } from '../shared/i18n';
import { MathText } from '../shared/math-text';
import {
  Calculator,
  ExerciseFinishedBanner,
  FinishDialog,
  HandwritingPad,
  NextQuestionDialog,
  Picture,
  QuestionFinishedBanner,
  StepView,
} from './parts/index';
import { choicesWithPictures, mediaUrl } from './media';
import type { SolverPanel } from './solver.controller';
import type { HintsState, NumeralState, SolverState, Target } from './solver.state';

/** The problem's title (the page's heading), its description and its picture. */
export function ProblemHeader({
  problem,
  titleId,
  pictureBaseUrl,
  lang,
}: {
  problem: PublicProblem;
  titleId: string;
  pictureBaseUrl?: string | null;
  lang?: Language;
}) {
  const t = useT(lang);
  return (
    <header className="kib-solver__header">
      <h2 id={titleId} className="kib-solver__title">
        {problem.title}
      </h2>
      {problem.description ? (
        <MathText className="kib-solver__description" text={problem.description} />
      ) : null}
      <Picture
        className="kib-solver__picture"
        src={mediaUrl(pictureBaseUrl, problem.picture)}
        alt={t('solver.problem-picture')}
      />
    </header>
  );
}

/** The banner left after a completed numeral's dialog: the question's (with 'next' when one is open) or the exercise's. */
export function CompletionBanner({
  notice,
  lang,
  onClose,
  onNext,
}: {
  notice: SolverState['notice'];
  lang?: Language;
  onClose(): void;
  /** Absent when every other numeral is completed. */
  onNext: (() => void) | undefined;
}) {
  return (
    <>
      {notice === 'question-banner' ? (
        <QuestionFinishedBanner lang={lang} onClose={onClose} onNext={onNext} />
      ) : null}
      {notice === 'exercise-banner' ? <ExerciseFinishedBanner lang={lang} onClose={onClose} /> : null}
    </>
  );
}

/** The numeral tabs ("Pregunta 1", …), a completed one marked; one tab stop, arrows move along. */
export function NumeralTabs({
  numerals,
  state,
  baseId,
  lang,
  onSelect,
  onKeyDown,
  registerTab,
}: {
  numerals: readonly PublicNumeral[];
  state: SolverState;
  baseId: string;
  lang?: Language;
  onSelect(index: number): void;
  onKeyDown(event: KeyboardEvent): void;
  registerTab(index: number, element: HTMLButtonElement | null): void;
}) {
  const t = useT(lang);
  return (
    <div role="tablist" aria-label={t('solver.questions')} className="kib-solver__tabs" onKeyDown={onKeyDown}>
      {numerals.map((n, i) => {
        const done = state.numerals[n.id]?.completed ?? false;
        return (
          <button
            key={n.id}
            ref={(el) => {
              registerTab(i, el);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${n.id}`}
            aria-selected={i === state.current}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === state.current ? 0 : -1}
            className="kib-solver__tab"
            onClick={() => onSelect(i)}
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
  );
}

/** The numeral's question and its picture. */
export function NumeralQuestion({
  numeral,
  index,
  pictureBaseUrl,
  lang,
}: {
  numeral: PublicNumeral;
  /** The numeral's position among the tabs. */
  index: number;
  pictureBaseUrl?: string | null;
  lang?: Language;
}) {
  const t = useT(lang);
  return (
    <div className="kib-solver__question">
      <MathText text={numeral.question} />
      <Picture
        className="kib-solver__picture"
        src={mediaUrl(pictureBaseUrl, numeral.picture)}
        alt={t('solver.question-picture-of', { number: index + 1 })}
      />
    </div>
  );
}

/** The numeral's tools: step by step (while it can start), video, calculator, handwriting, hints. */
export function NumeralTools({
  numeral,
  numeralState,
  panel,
  calculatorAllowed,
  textTarget,
  lang,
  onStartSteps,
  onVideo,
  onTogglePanel,
  onHints,
  onPhonePhoto,
}: {
  numeral: PublicNumeral;
  numeralState: NumeralState;
  panel: SolverPanel;
  calculatorAllowed: boolean;
  textTarget: boolean;
  lang?: Language;
  onStartSteps(): void;
  onVideo(): void;
  onTogglePanel(panel: Exclude<SolverPanel, 'none'>): void;
  onHints(): void;
  /** Opens the phone-photo dialog; absent: the site offers no phone photo. */
  onPhonePhoto?: () => void;
}) {
  const t = useT(lang);
  /** The tools that show and hide a panel, each pressed while its panel is shown. */
  const panelTools = [
    {
      panel: 'calculator',
      offered: calculatorAllowed,
      className: 'kib-button',
      label: t('solver.calculator'),
    },
    {
      panel: 'handwriting',
      offered: textTarget,
      className: 'kib-button kib-solver__handwriting-toggle',
      label: t('solver.handwriting'),
    },
  ] as const;
  return (
    <div className="kib-toolbar" role="toolbar" aria-label={t('solver.tools')}>
      {numeral.steps.length > 0 && !numeralState.stepMode && !numeralState.completed ? (
        <button type="button" className="kib-button" onClick={onStartSteps}>
          {t('solver.step-by-step')}
        </button>
      ) : null}
      <button type="button" className="kib-button" onClick={onVideo}>
        {t('solver.video')}
      </button>
      {panelTools.map((tool) =>
        tool.offered ? (
          <button
            key={tool.panel}
            type="button"
            className={tool.className}
            aria-pressed={panel === tool.panel}
            onClick={() => onTogglePanel(tool.panel)}
          >
            {tool.label}
          </button>
        ) : null,
      )}
      <button type="button" className="kib-button" onClick={onHints} disabled={numeralState.completed}>
        {t('solver.hints')}
      </button>
      {onPhonePhoto && !numeralState.completed ? (
        <button
          type="button"
          className="kib-button kib-solver__phone-photo"
          aria-haspopup="dialog"
          onClick={onPhonePhoto}
        >
          <span aria-hidden="true">📷 </span>
          {t('phone-photo.open')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Where the numeral is answered: its console, or step by step the steps reached so far, each with
 * its console (only the step being answered is enabled; every step once the numeral is completed).
 */
export function NumeralAnswer({
  numeral,
  numeralState,
  index,
  checking,
  pictureBaseUrl,
  lang,
  onAnswer,
}: {
  numeral: PublicNumeral;
  numeralState: NumeralState;
  /** The numeral's position among the tabs. */
  index: number;
  checking: boolean;
  pictureBaseUrl?: string | null;
  lang?: Language;
  onAnswer(target: Target, answer: unknown): void;
}) {
  const t = useT(lang);
  if (!numeralState.stepMode) {
    return (
      <ConsoleSlot
        content={numeral}
        value={numeralState.main.answer}
        feedback={numeralState.main.feedback}
        disabled={numeralState.completed || checking}
        pictureBaseUrl={pictureBaseUrl}
        lang={lang}
        label={t('solver.answer-to', { number: index + 1 })}
        onAnswer={(a) => onAnswer({ numeralId: numeral.id, step: null }, a)}
      />
    );
  }
  return (
    <ol className="kib-solver__steps">
      {numeral.steps
        .slice(0, numeralState.completed ? numeral.steps.length : numeralState.stepIndex + 1)
        .map((step, i) => {
          const stepState = numeralState.steps[i];
          const active = !numeralState.completed && i === numeralState.stepIndex;
          return (
            <li key={step.id} className="kib-solver__step">
              <StepView
                step={step}
                pictureUrl={mediaUrl(pictureBaseUrl, step.picture)}
                lang={lang}
                defaultExpanded={active}
              />
              <ConsoleSlot
                content={step}
                value={stepState?.answer}
                feedback={stepState?.feedback}
                disabled={!active || checking}
                pictureBaseUrl={pictureBaseUrl}
                lang={lang}
                label={t('solver.step-answer', { number: i + 1 })}
                onAnswer={(a) => onAnswer({ numeralId: numeral.id, step: i }, a)}
              />
            </li>
          );
        })}
    </ol>
  );
}

/** The console's data, multiple-choice pictures as addresses. */
function slotData(content: PublicNumeral | PublicStep, pictureBaseUrl: string | null | undefined): unknown {
  if (content.mathType !== 'multipleChoice') return consoleData(content);
  return {
    choices: choicesWithPictures(content.choices, pictureBaseUrl),
    multipleSelection: content.multipleSelection,
  };
}

/**
 * The console of a numeral or step, chosen by its math type; an unknown type renders nothing. The
 * one being answered is marked `data-active` (the scroll-down caret leads to it).
 */
export function ConsoleSlot({
  content,
  value,
  feedback,
  disabled,
  pictureBaseUrl,
  lang,
  label,
  onAnswer,
}: {
  content: PublicNumeral | PublicStep;
  value: unknown;
  feedback: unknown;
  disabled: boolean;
  /** Where the choices' pictures are served from. */
  pictureBaseUrl?: string | null;
  lang?: Language;
  label: string;
  onAnswer: (answer: unknown) => void;
}) {
  const t = useT(lang);
  const data = useMemo(() => slotData(content, pictureBaseUrl), [content, pictureBaseUrl]);
  const descriptor = consoleFor(content.mathType);
  if (!descriptor) return null;
  const Console = descriptor.component as unknown as ComponentType<Record<string, unknown>>;
  return (
    <div className="kib-solver__console" data-active={disabled ? undefined : ''}>
      <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
        <Console
          data={data}
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

/** The hints shown so far, the hint picture, and a note once there are no more. */
export function HintsArea({
  hints,
  index,
  pictureBaseUrl,
  lang,
}: {
  hints: HintsState;
  /** The numeral's position among the tabs. */
  index: number;
  pictureBaseUrl?: string | null;
  lang?: Language;
}) {
  const t = useT(lang);
  return (
    <section className="kib-solver__hints" aria-label={t('solver.hints')}>
      {hints.texts.length === 0 ? (
        <p>{t('solver.no-hints')}</p>
      ) : (
        <ol>
          {hints.texts.map((text, i) => (
            <li key={i}>
              <MathText text={text} />
            </li>
          ))}
        </ol>
      )}
      <Picture
        className="kib-solver__picture"
        src={mediaUrl(pictureBaseUrl, hints.picture)}
        alt={t('solver.hint-picture-of', { number: index + 1 })}
      />
      {hints.exhausted && hints.texts.length > 0 ? (
        <p className="kib-solver__muted">{t('solver.no-more-hints')}</p>
      ) : null}
    </section>
  );
}

/**
 * The scroll-down caret's target, the check button (busy while a check is in flight) or, once the
 * numeral is completed, the congratulation that replaces it, and under them the message of the last
 * action: a message arriving never moves the button.
 */
export function CheckArea({
  message,
  completed,
  checking,
  scrollTarget,
  lang,
  onCheck,
}: {
  message: string | null;
  completed: boolean;
  checking: boolean;
  scrollTarget: RefObject<HTMLDivElement | null>;
  lang?: Language;
  onCheck(): void;
}) {
  const t = useT(lang);
  return (
    <>
      <div ref={scrollTarget} />
      {completed ? (
        <p className="kib-solver__congrats">
          <span aria-hidden="true">👍 </span>
          {t('solver.well-done')}
        </p>
      ) : (
        <button
          type="button"
          className="kib-button kib-button--primary kib-solver__check"
          onClick={onCheck}
          disabled={checking}
          aria-busy={checking}
        >
          {checking ? t('solver.checking') : t('solver.check-answer')}
        </button>
      )}
      {message ? (
        <p className="kib-solver__message" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}

/**
 * The open tool panel: the calculator (its result goes to the end of the math console's last line
 * when the answer is typed) or the handwriting pad (its LaTeX becomes a new line).
 */
export function ToolPanel({
  panel,
  textTarget,
  lang,
  recognize,
  onClose,
  onAppend,
}: {
  panel: SolverPanel;
  textTarget: boolean;
  lang?: Language;
  recognize: ((image: File) => Promise<string>) | undefined;
  onClose(): void;
  onAppend(latex: string, mode: 'new-line' | 'end-of-line'): void;
}) {
  return (
    <>
      {panel === 'calculator' ? (
        <Calculator
          lang={lang}
          onClose={onClose}
          onInsert={textTarget ? (value: string) => onAppend(value, 'end-of-line') : undefined}
        />
      ) : null}
      {panel === 'handwriting' ? (
        <HandwritingPad
          lang={lang}
          recognize={recognize}
          onLatex={(latex: string) => onAppend(latex, 'new-line')}
        />
      ) : null}
    </>
  );
}

/** The modal dialogs after a completed numeral: the finished exercise, or 'next question'. */
export function CompletionDialogs({
  notice,
  lang,
  onClose,
  onNext,
}: {
  notice: SolverState['notice'];
  lang?: Language;
  onClose(): void;
  onNext(): void;
}) {
  return (
    <>
      <FinishDialog open={notice === 'exercise-dialog'} lang={lang} onClose={onClose} />
      <NextQuestionDialog open={notice === 'question-dialog'} lang={lang} onNext={onNext} onStay={onClose} />
    </>
  );
}
