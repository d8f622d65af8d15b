import type { PublicProblem } from '@kib/core';
import { lazy, Suspense, useId, useRef, useState, type CSSProperties } from 'react';
import { useT, widgetLanguage } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { ScrollCaret, VideoModal, type ScrollCaretDestination } from './parts/index';
import type { SolverBackend } from './solver.backend';
import { useSolver, useSolverLoad } from './solver.controller';
import css from './solver.css?inline';
import {
  CheckArea,
  CompletionBanner,
  CompletionDialogs,
  HintsArea,
  NumeralAnswer,
  NumeralQuestion,
  NumeralTabs,
  NumeralTools,
  ProblemHeader,
  ToolPanel,
} from './solver.view';
import type { SolverProps } from './solver.types';
import { useKeyboardInset } from './use-keyboard-inset';
import { scrollContainerOf, useScrollRatio } from './use-scroll-ratio';
import { useTwoColumns } from './use-two-columns';

/**
 * The phone-photo dialog, with the schemas of its socket's messages, loads when a student first asks
 * for it: most visits never do.
 */
const PhonePhotoDialog = lazy(() =>
  import('./parts/phone-photo-dialog').then((module) => ({ default: module.PhonePhotoDialog })),
);

/**
 * The problem page as a component (spec 01 "Problem page"): numerals as tabs, the console of each
 * numeral or step, check answer, hints, steps, video, calculator, handwriting, time tracking, and
 * the dialogs and banners after a completed numeral. Online through the API or offline in the browser.
 */
export function Solver(props: SolverProps) {
  const t = useT(props.lang);
  const load = useSolverLoad(props);
  return (
    <div className="kib-root kib-solver" lang={widgetLanguage(props.lang)}>
      <WidgetStyles css={css} />
      {load.status === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.status === 'error' ? (
        <p role="alert" className="kib-solver__error">
          {t(load.message, load.params)}
        </p>
      ) : (
        <SolverPage {...props} backend={load.backend} problem={load.problem} completed={load.completed} />
      )}
    </div>
  );
}

interface PageProps extends Omit<SolverProps, 'problem' | 'backend'> {
  backend: SolverBackend;
  problem: PublicProblem;
  completed: number[];
}

/** The loaded problem page: the view of `useSolver`. */
function SolverPage({ backend, problem, completed, lang, ...props }: PageProps) {
  const baseId = useId();
  const solver = useSolver({
    backend,
    problem,
    completed,
    startAt: props.numeralId ?? null,
    lang,
    onComplete: props.onComplete,
    onNumeralComplete: props.onNumeralComplete,
  });
  const { state, numeral, numeralState } = solver;
  const t = useT(lang);
  const page = useRef<HTMLElement | null>(null);
  const columns = useTwoColumns();
  const keyboard = useKeyboardInset(page);
  const ratio = useScrollRatio(page);
  // 'unused' until the student first asks for the phone-photo dialog, which is mounted from then on.
  const [photo, setPhoto] = useState<'unused' | 'open' | 'closed'>('unused');

  return (
    <article
      ref={page}
      className="kib-solver__page"
      aria-labelledby={`${baseId}-title`}
      data-layout={columns.layout ?? undefined}
      style={{ '--kib-keyboard-inset': `${keyboard.inset}px` } as CSSProperties}
    >
      {solver.region}
      <div ref={columns.container} className="kib-solver__columns">
        <div ref={columns.left} className="kib-solver__statement">
          <ProblemHeader
            problem={problem}
            titleId={`${baseId}-title`}
            pictureBaseUrl={props.pictureBaseUrl}
            lang={lang}
          />
        </div>
        <div ref={columns.right} className="kib-solver__work">
          <CompletionBanner
            notice={state.notice}
            lang={lang}
            onClose={solver.closeBanner}
            onNext={solver.hasNextOpen ? solver.goToNext : undefined}
          />
          <NumeralTabs
            numerals={problem.numerals}
            state={state}
            baseId={baseId}
            lang={lang}
            onSelect={solver.selectTab}
            onKeyDown={solver.onTabKey}
            registerTab={solver.registerTab}
          />

          {numeral && numeralState ? (
            <section
              role="tabpanel"
              id={`${baseId}-panel`}
              aria-labelledby={`${baseId}-tab-${numeral.id}`}
              className="kib-solver__panel"
            >
              <NumeralQuestion
                numeral={numeral}
                index={state.current}
                pictureBaseUrl={props.pictureBaseUrl}
                lang={lang}
              />
              <NumeralTools
                numeral={numeral}
                numeralState={numeralState}
                panel={solver.panel}
                calculatorAllowed={solver.calculatorAllowed}
                textTarget={solver.textTarget}
                lang={lang}
                onStartSteps={solver.startSteps}
                onVideo={solver.openVideo}
                onTogglePanel={solver.togglePanel}
                onHints={solver.askHints}
                onPhonePhoto={props.phonePhoto ? () => setPhoto('open') : undefined}
              />
              <NumeralAnswer
                numeral={numeral}
                numeralState={numeralState}
                index={state.current}
                checking={state.checking}
                pictureBaseUrl={props.pictureBaseUrl}
                lang={lang}
                onAnswer={solver.setAnswer}
              />
              {numeralState.hints.visible ? (
                <HintsArea
                  hints={numeralState.hints}
                  index={state.current}
                  pictureBaseUrl={props.pictureBaseUrl}
                  lang={lang}
                />
              ) : null}
              <CheckArea
                message={solver.message}
                completed={numeralState.completed}
                checking={state.checking}
                scrollTarget={solver.scrollTarget}
                lang={lang}
                onCheck={solver.submit}
              />
              {props.phonePhoto && photo !== 'unused' ? (
                <Suspense fallback={null}>
                  <PhonePhotoDialog
                    open={photo === 'open'}
                    numeralId={numeral.id}
                    phonePhoto={props.phonePhoto}
                    lang={lang}
                    onLatex={
                      solver.textTarget
                        ? (latex: string) => solver.appendToTextAnswer(latex, 'new-line')
                        : undefined
                    }
                    onClose={() => setPhoto('closed')}
                  />
                </Suspense>
              ) : null}
              <ToolPanel
                panel={solver.panel}
                textTarget={solver.textTarget}
                lang={lang}
                recognize={props.recognizeHandwriting}
                onClose={solver.closePanel}
                onAppend={solver.appendToTextAnswer}
              />
            </section>
          ) : (
            <p>{t('solver.no-questions')}</p>
          )}
        </div>
      </div>

      <div className="kib-solver__caret">
        <ScrollCaret
          ratio={ratio}
          target={() => nextDestination(columns.right.current, solver.scrollTarget.current, keyboard.inset)}
          lang={lang}
        />
      </div>
      <VideoModal
        open={solver.videoOpen}
        onClose={solver.closeVideo}
        videoId={solver.videoId}
        videoBaseUrl={props.videoBaseUrl}
        lang={lang}
      />
      <CompletionDialogs
        notice={state.notice}
        lang={lang}
        onClose={solver.closeDialog}
        onNext={solver.goToNext}
      />
    </article>
  );
}

/** An answer line not typed in yet: an empty math field of the console being answered. */
function emptyLine(slot: Element): HTMLElement | null {
  for (const field of slot.querySelectorAll<HTMLElement & { value?: string }>('math-field')) {
    if (!field.value) return field;
  }
  return null;
}

/**
 * Where the scroll-down caret leads (spec 01 §2): the next unanswered line of the console being
 * answered (or that console) and then the check button, whichever is first still below the visible
 * part of the window (above an on-screen keyboard `keyboardInset` px high) or of the box that scrolls
 * the solver; the end of the problem
 * page when both are in view. Pressed from the keyboard, the focus goes there too.
 */
function nextDestination(
  work: Element | null,
  checkArea: HTMLElement | null,
  keyboardInset: number,
): ScrollCaretDestination | null {
  const view = work?.ownerDocument.defaultView;
  if (!work || !view) return null;
  const container = scrollContainerOf(work);
  const visibleBottom = Math.min(
    view.innerHeight - keyboardInset,
    container ? container.getBoundingClientRect().bottom : Infinity,
  );
  const active = work.querySelector('.kib-solver__console[data-active]');
  const line = active ? emptyLine(active) : null;
  const check = work.querySelector<HTMLElement>('.kib-solver__check');
  const candidates: ScrollCaretDestination[] = [];
  if (active) {
    candidates.push(
      line
        ? { element: line, block: 'center', focus: line }
        : { element: active, block: 'center', focus: active.querySelector<HTMLElement>(FOCUSABLE) },
    );
  }
  if (checkArea) candidates.push({ element: checkArea, block: 'start', focus: check });
  const next = candidates.find((c) => c.element.getBoundingClientRect().bottom > visibleBottom);
  if (next) return next;
  return { element: work.closest('.kib-solver__page') ?? work, block: 'end', focus: check };
}

/** What a keyboard user can type in or press in a console. */
const FOCUSABLE =
  'math-field, input:not([disabled]), button:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
