import { WEEKLY_CHART_WEEKS, type WeekActivity } from '@kib/core';
import { Suspense, lazy, useId, useState } from 'react';
import type { Translate } from '../shared/i18n';
import { Heading, ScrollTable } from './dashboard-parts';
import { dateText, weekLabel, type HeadingLevel } from './dashboard.logic';

/** Height of the chart's drawing, in CSS pixels. */
export const WEEKLY_CHART_HEIGHT = 240;

/** recharts (~150 kB gzipped) arrives after the dashboard, which shows its tables meanwhile. */
const WeeklyChartDrawing = lazy(() => import('./weekly-chart-drawing'));

/** Props of {@link WeeklyChart}. */
export interface WeeklyChartProps {
  t: Translate;
  /** The weeks, oldest first (spec 03 §9: the last eight). */
  weeks: readonly WeekActivity[];
  /** Draws the active students as a line over the bars (a class; a single student does not need it). */
  withActiveStudents?: boolean;
  /** The level of the section's heading (default 3). */
  headingLevel?: HeadingLevel;
}

/**
 * The weekly activity chart (spec 03 §9), drawn with recharts: bars of the answers sent each week
 * and, for a class, a line of the students active that week, on weeks labelled `Sem. 47` / `Wk 47`.
 * The drawing is one image whose name summarises it; a button shows a table with every number.
 */
export function WeeklyChart({ t, weeks, withActiveStudents = true, headingLevel = 3 }: WeeklyChartProps) {
  const headingId = useId();
  const tableId = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const attemptsName = t('common.dashboard.attempts-series');
  const studentsName = t('common.dashboard.active-students-series');
  return (
    <section className="kib-db-card kib-db-weekly" aria-labelledby={headingId}>
      <Heading level={headingLevel} id={headingId} className="kib-db-subheading">
        {t('common.dashboard.weekly-title')}
      </Heading>
      <p className="kib-db-muted kib-db-note">
        {t('common.dashboard.weekly-lead', { count: weeks.length || WEEKLY_CHART_WEEKS })}
      </p>
      {weeks.length === 0 ? (
        <p className="kib-db-empty">{t('common.dashboard.weekly-empty')}</p>
      ) : (
        <>
          <ul className="kib-db-legend kib-db-legend--chart" aria-hidden="true">
            <li>
              <span className="kib-db-swatch kib-db-swatch--attempts" />
              {attemptsName}
            </li>
            {withActiveStudents && (
              <li>
                <span className="kib-db-swatch kib-db-swatch--students" />
                {studentsName}
              </li>
            )}
          </ul>
          <div className="kib-db-chart" style={{ height: WEEKLY_CHART_HEIGHT }}>
            <Suspense fallback={<div className="kib-db-chart-loading" aria-hidden="true" />}>
              <WeeklyChartDrawing
                t={t}
                weeks={weeks}
                withActiveStudents={withActiveStudents}
                height={WEEKLY_CHART_HEIGHT}
              />
            </Suspense>
          </div>
          <button
            type="button"
            className="kib-button kib-db-table-toggle"
            aria-expanded={tableOpen}
            aria-controls={tableId}
            onClick={() => setTableOpen((open) => !open)}
          >
            {tableOpen ? t('common.dashboard.hide-table') : t('common.dashboard.show-table')}
          </button>
          <div id={tableId} hidden={!tableOpen}>
            <ScrollTable caption={t('common.dashboard.weekly-table')}>
              <thead>
                <tr>
                  <th scope="col">{t('common.dashboard.week')}</th>
                  <th scope="col">{t('common.dashboard.week-start')}</th>
                  <th scope="col" className="kib-db-num">
                    {attemptsName}
                  </th>
                  {withActiveStudents && (
                    <th scope="col" className="kib-db-num">
                      {studentsName}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.start}>
                    <th scope="row">{weekLabel(t, week.week)}</th>
                    <td>
                      <time dateTime={week.start}>{dateText(week.start) ?? week.start}</time>
                    </td>
                    <td className="kib-db-num">{week.attempts}</td>
                    {withActiveStudents && <td className="kib-db-num">{week.activeStudents}</td>}
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </div>
        </>
      )}
    </section>
  );
}
