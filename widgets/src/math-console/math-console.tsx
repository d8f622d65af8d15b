import { useId } from 'react';
import { FeedbackBadge, longestText } from '../shared/feedback-badge/feedback-badge';
import { useT } from '../shared/i18n';
import { MathLatex, MathText } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { useMathConsole } from './math-console.controller';
import css from './math-console.css?inline';
import type { MathConsoleProps } from './math-console.types';
import { ConsoleToolbar, LineList } from './math-console.view';

/**
 * The text/math-field console (spec 01 "Answer lines in the math editor"; spec 02 §2 for solve,
 * simplify, functions, equationOfALine and findExpression): lines of math typed in MathLive fields,
 * each untouched, correct (smile) or wrong (marker, feedback and the wrong part boxed). Enter adds a
 * line after the current one, Shift+Enter one at the end, Backspace twice on an empty line removes
 * it (never the last one), Ctrl+M switches a line to raw LaTeX and back; a Basic and a Special
 * virtual keyboard open on demand. Reports the whole answer through `onAnswer` after every edit.
 */
export function MathConsole(props: MathConsoleProps) {
  const { data, disabled = false, lang, label } = props;
  const t = useT(lang);
  const labelId = useId();
  const controller = useMathConsole(props);
  const { mathLive } = controller;

  return (
    <div className="kib-root kib-math-console" role="group" aria-labelledby={labelId}>
      <WidgetStyles css={css} />
      <span id={labelId} className="kib-visually-hidden">
        {label ? <MathText text={label} /> : t('math-console.label')}
      </span>
      {data.startingExpression ? (
        <p className="kib-math-console__start">
          <span>{t('math-console.starting-expression')}</span> <MathLatex latex={data.startingExpression} />
        </p>
      ) : null}
      {controller.loadFailed ? (
        <p role="alert">{t('common.error')}</p>
      ) : !mathLive ? (
        <p className="kib-math-console__loading">{t('common.loading')}</p>
      ) : (
        <LineList controller={controller} mathLive={mathLive} disabled={disabled} lang={lang} />
      )}
      <ConsoleToolbar controller={controller} disabled={disabled} lang={lang} />
      <p className="kib-math-console__hint">{t('math-console.keys-hint')}</p>
      <FeedbackBadge
        badge={controller.badge}
        visible={controller.badgeVisible}
        room={longestText([t('common.correct'), t('common.try-again')])}
      />
      {controller.region}
    </div>
  );
}
