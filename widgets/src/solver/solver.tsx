import type { PublicProblem } from '@kib/core';
import { useId } from 'react';
import { useT, widgetLanguage } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { ScrollCaret, VideoModal } from './parts/index';
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
          {t(load.message)}
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
    lang,
    onComplete: props.onComplete,
    onNumeralComplete: props.onNumeralComplete,
  });
  const { state, numeral, numeralState } = solver;
  const t = useT(lang);

  return (
    <article className="kib-solver__page" aria-labelledby={`${baseId}-title`}>
      {solver.region}
      <ProblemHeader problem={problem} titleId={`${baseId}-title`} lang={lang} />
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
          <NumeralQuestion numeral={numeral} lang={lang} />
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
          />
          <NumeralAnswer
            numeral={numeral}
            numeralState={numeralState}
            index={state.current}
            checking={state.checking}
            lang={lang}
            onAnswer={solver.setAnswer}
          />
          {numeralState.hints.visible ? <HintsArea hints={numeralState.hints} lang={lang} /> : null}
          <CheckArea
            message={solver.message}
            completed={numeralState.completed}
            checking={state.checking}
            scrollTarget={solver.scrollTarget}
            lang={lang}
            onCheck={solver.submit}
          />
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

      <ScrollCaret ratio={solver.scrollRatio} target={solver.scrollTarget} lang={lang} />
      <VideoModal
        open={solver.videoOpen}
        onClose={solver.closeVideo}
        videoId={solver.videoId}
        videoBaseUrl={props.videoBaseUrl ?? undefined}
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
