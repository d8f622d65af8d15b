import type { Language } from '@kib/i18n';
import { useId, useState } from 'react';
import { useT } from '../../shared/i18n';
import { MathText } from '../../shared/math-text';
import { WidgetStyles } from '../../shared/styles';
import { Picture } from './picture';
import css from './step-view.css?inline';

/** What a step row shows: the fields of a public step (spec 02 §3 "Step (explanation view)"). */
export interface StepViewStep {
  /** Numbered from 0; shown as number + 1. */
  number: number;
  /** Text with `$…$` math; empty or absent: only the step label is shown. */
  instruction?: string | null;
  /** Text with `$…$` math, shown when the row is expanded. */
  explanation?: string | null;
}

/** Props of {@link StepView}. */
export interface StepViewProps {
  step: StepViewStep;
  /** The address of the step's picture (already resolved from its file key). */
  pictureUrl?: string | null;
  /** The heading level of the row (3 unless the page needs another). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Controlled expansion; leave undefined to let the row keep its own state. */
  expanded?: boolean;
  /** Initial expansion when uncontrolled. */
  defaultExpanded?: boolean;
  /** Called with the new expansion when the disclosure button is pressed. */
  onExpandedChange?: (expanded: boolean) => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

/**
 * A step as a collapsible row (spec 02 §2): a disclosure button with the step label, its number
 * (number + 1) and instruction; expanded, the explanation and an optional picture. A step without an
 * instruction shows only its label.
 */
export function StepView({
  step,
  pictureUrl,
  headingLevel = 3,
  expanded,
  defaultExpanded = false,
  onExpandedChange,
  lang,
}: StepViewProps) {
  const t = useT(lang);
  const panelId = useId();
  const [ownExpanded, setOwnExpanded] = useState(defaultExpanded);
  const isExpanded = expanded ?? ownExpanded;
  const label = t('solver.parts.step', { number: step.number + 1 });
  const instruction = step.instruction?.trim() ?? '';
  const explanation = step.explanation?.trim() ?? '';
  const Heading = `h${headingLevel}` as const;

  if (instruction === '') {
    return (
      <div className="kib-root kib-step">
        <WidgetStyles css={css} />
        <Heading className="kib-step__heading">
          <span className="kib-step__label kib-step__label--alone">{label}</span>
        </Heading>
      </div>
    );
  }

  const toggle = () => {
    const next = !isExpanded;
    if (expanded === undefined) setOwnExpanded(next);
    onExpandedChange?.(next);
  };

  return (
    <div className="kib-root kib-step" data-expanded={isExpanded}>
      <WidgetStyles css={css} />
      <Heading className="kib-step__heading">
        <button
          type="button"
          className="kib-step__toggle"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={toggle}
        >
          <span className="kib-step__caret" aria-hidden="true" />
          <span className="kib-step__label">{label}</span>
          <MathText className="kib-step__instruction" text={instruction} />
        </button>
      </Heading>
      <div id={panelId} className="kib-step__panel" hidden={!isExpanded}>
        {explanation ? <MathText className="kib-step__explanation" text={explanation} /> : null}
        <Picture
          className="kib-step__picture"
          src={pictureUrl ?? null}
          alt={t('solver.parts.step-picture', { number: step.number + 1 })}
        />
      </div>
    </div>
  );
}
