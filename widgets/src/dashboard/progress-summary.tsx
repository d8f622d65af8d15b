import { formatDuration, type Progress } from '@kib/core';
import { useId, type ReactNode } from 'react';
import type { Translate } from '../shared/i18n';
import { Heading } from './dashboard-parts';
import { progressParts, type HeadingLevel } from './dashboard.logic';

/** Props of {@link ProgressSummary}. */
export interface ProgressSummaryProps {
  t: Translate;
  /** The class's or the student's progress split (rounded percents) and average time. */
  progress: Pick<Progress, 'completed' | 'attempted' | 'notAttempted'>;
  /** The section's heading. */
  title: string;
  /** What the time is ("average time per student", "total time"). */
  timeLabel: string;
  /** The time shown, in seconds. */
  time: number;
  /** A line below the time (what the percents count). */
  note?: ReactNode;
  /** The level of the section's heading (default 3). */
  headingLevel?: HeadingLevel;
}

/**
 * A progress split as the dashboards show it (spec 03 §5): a stacked bar of completed, attempted
 * and not attempted (patterned as well as coloured), a legend with the three percents (the text
 * equivalent of the bar, which is hidden from screen readers), and a time as h/min/s.
 */
export function ProgressSummary({
  t,
  progress,
  title,
  timeLabel,
  time,
  note,
  headingLevel = 3,
}: ProgressSummaryProps) {
  const headingId = useId();
  const parts = progressParts(progress);
  const empty = parts.every((part) => part.percent === 0);
  return (
    <section className="kib-db-card kib-db-progress" aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} className="kib-db-subheading">
        {title}
      </Heading>
      <div className="kib-db-bar" aria-hidden="true">
        {parts.map(
          (part) =>
            part.percent > 0 && (
              <span
                key={part.key}
                className={`kib-db-bar-part kib-db-bar-part--${part.key}`}
                style={{ flexGrow: part.percent }}
              />
            ),
        )}
      </div>
      {empty ? (
        <p className="kib-db-muted kib-db-note">{t('common.dashboard.no-progress')}</p>
      ) : (
        <ul className="kib-db-legend">
          {parts.map((part) => (
            <li key={part.key}>
              <span className={`kib-db-swatch kib-db-bar-part--${part.key}`} aria-hidden="true" />
              {t('common.dashboard.legend-item', {
                label: t(`common.dashboard.${part.key}`),
                percent: t('common.dashboard.percent', { value: part.percent }),
              })}
            </li>
          ))}
        </ul>
      )}
      <p className="kib-db-time">
        {timeLabel}: <strong>{formatDuration(time)}</strong>
      </p>
      {note && <p className="kib-db-muted kib-db-note">{note}</p>}
    </section>
  );
}
