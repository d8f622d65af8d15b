import { StudentDetailSchema, formatDuration } from '@kib/core';
import { Fragment, useId, useMemo, useState } from 'react';
import { useDashboardData, type DashboardSource } from '../dashboard/dashboard-data';
import { dateText, scheduled } from '../dashboard/dashboard.logic';
import {
  DateTime,
  Deadline,
  LoadStatus,
  PercentMeter,
  ScrollTable,
  StatusMark,
} from '../dashboard/dashboard-parts';
import dashboardCss from '../dashboard/dashboard.css?inline';
import { ProgressSummary } from '../dashboard/progress-summary';
import { WeeklyChart } from '../dashboard/weekly-chart';
import { useT, widgetLanguage, type Translate } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { TabList, TabPanel, useTabs } from '../shared/tabs';
import css from './student-detail.css?inline';
import {
  studentName,
  summarizeAssignments,
  type AssignmentRow,
  type NumeralRow,
  withPhotosFrom,
} from './student-detail.logic';
import type { StudentDetailData, StudentDetailProps } from './student-detail.types';

type Tab = 'overview' | 'assignments';
const TABS: readonly Tab[] = ['overview', 'assignments'];

/**
 * One student of a classroom (spec 03, student detail): an Overview tab (e-mail, joined date,
 * progress split, total time, last attempt and weekly activity) and an Assignments tab (each
 * assignment with the deadline that applies to the student, marked once passed, progress, time,
 * and a detail of every problem and numeral). It shows `data`, or loads
 * `GET classrooms/{classroomId}/students/{studentId}/` from `apiBase` with `token`.
 */
export function StudentDetail({ data, lang, apiBase, token, classroomId, studentId }: StudentDetailProps) {
  const t = useT(lang);
  const language = widgetLanguage(lang);
  const source = useMemo<DashboardSource | null>(
    () =>
      apiBase && classroomId && studentId
        ? {
            apiBase,
            token,
            lang: language,
            key: JSON.stringify([apiBase, token ?? null, classroomId, studentId]),
            request: async (api) =>
              withPhotosFrom(
                await api.endpoints.studentDetail({
                  params: { id: String(classroomId), studentId: String(studentId) },
                }),
                apiBase,
              ),
          }
        : null,
    [apiBase, token, classroomId, studentId, language],
  );
  const { state, retry } = useDashboardData(StudentDetailSchema, data, source, 'student-detail.not-found');
  return (
    <div className="kib-root kib-student-detail" lang={language}>
      <WidgetStyles css={dashboardCss + css} />
      {state.status === 'ready' ? (
        <DetailView data={state.data} t={t} />
      ) : (
        <LoadStatus
          t={t}
          state={state}
          loading="student-detail.loading"
          empty="student-detail.no-data"
          invalid="student-detail.invalid-data"
          retry={retry}
        />
      )}
    </div>
  );
}

function DetailView({ data, t }: { data: StudentDetailData; t: Translate }) {
  const ids = useId();
  const now = useMemo(() => new Date(), []);
  const assignments = useMemo(() => summarizeAssignments(data.assignments, now), [data.assignments, now]);
  const name = studentName(data.student) || t('student-detail.unnamed');

  const tabs = useTabs(TABS, 'overview');

  const titleId = `${ids}-title`;
  const tabLabel: Record<Tab, string> = {
    overview: t('student-detail.tab-overview'),
    assignments: t('student-detail.tab-assignments', { count: assignments.length }),
  };

  return (
    <section className="kib-db" aria-labelledby={titleId}>
      <header className="kib-db-header">
        <div className="kib-db-heading">
          <p className="kib-db-eyebrow">{t('student-detail.label', { classroom: data.classroom.name })}</p>
          <h2 id={titleId} className="kib-db-title">
            {name}
          </h2>
        </div>
      </header>

      <TabList tabs={tabs} labels={tabLabel} label={t('student-detail.tabs-label')} />

      <TabPanel tabs={tabs} name="overview" className="kib-db-panel" tabIndex={0}>
        <dl className="kib-db-facts">
          <div>
            <dt>{t('student-detail.email')}</dt>
            <dd className="kib-sd-email">{data.student.email || t('common.dashboard.none')}</dd>
          </div>
          <div>
            <dt>{t('student-detail.joined')}</dt>
            <dd>
              <time dateTime={data.student.joinedAt}>{dateText(data.student.joinedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('student-detail.total-time')}</dt>
            <dd>{formatDuration(data.totalTime)}</dd>
          </div>
          <div>
            <dt>{t('student-detail.last-attempt')}</dt>
            <dd>
              <DateTime t={t} value={data.lastAttempt} />
            </dd>
          </div>
        </dl>
        <div className="kib-db-columns">
          <ProgressSummary
            t={t}
            progress={data.progress}
            title={t('student-detail.progress-title')}
            timeLabel={t('student-detail.total-time')}
            time={data.totalTime}
            note={t('student-detail.progress-note')}
          />
          <WeeklyChart t={t} weeks={data.weekly} withActiveStudents={false} />
        </div>
      </TabPanel>

      <TabPanel tabs={tabs} name="assignments" className="kib-db-panel" tabIndex={0}>
        {assignments.length === 0 ? (
          <p className="kib-db-empty">{t('student-detail.assignments-empty')}</p>
        ) : (
          <ul className="kib-sd-assignments">
            {assignments.map((assignment) => (
              <AssignmentCard key={assignment.moduleId} t={t} assignment={assignment} now={now} />
            ))}
          </ul>
        )}
      </TabPanel>
    </section>
  );
}

function AssignmentCard({ t, assignment, now }: { t: Translate; assignment: AssignmentRow; now: Date }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const nameId = `${ids}-name`;
  const detailId = `${ids}-detail`;
  return (
    <li className="kib-db-card kib-sd-assignment">
      <h3 id={nameId} className="kib-db-subheading kib-sd-assignment-name">
        {assignment.name}
      </h3>
      <dl className="kib-db-facts kib-db-facts--compact">
        <div>
          <dt>{t('student-detail.deadline')}</dt>
          <dd>
            <Deadline t={t} deadline={assignment.deadline} now={now} />
          </dd>
        </div>
        {scheduled(assignment.publishDate, now) && (
          <div>
            <dt>{t('student-detail.publish-date')}</dt>
            <dd>
              <span className="kib-db-deadline">
                <DateTime t={t} value={assignment.publishDate} />
                <span className="kib-db-tag kib-db-tag--scheduled">{t('common.dashboard.scheduled')}</span>
              </span>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('student-detail.progress')}</dt>
          <dd>
            <PercentMeter t={t} value={assignment.progress} />{' '}
            <span className="kib-db-muted">
              {t('student-detail.numerals-done', {
                completed: assignment.completedNumerals,
                count: assignment.numeralCount,
              })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('student-detail.time')}</dt>
          <dd>{formatDuration(assignment.totalTime)}</dd>
        </div>
        <div>
          <dt>{t('student-detail.last-attempt')}</dt>
          <dd>
            <DateTime t={t} value={assignment.lastAttempt} />
          </dd>
        </div>
      </dl>
      {assignment.problems.length === 0 ? (
        <p className="kib-db-empty">{t('student-detail.no-problems')}</p>
      ) : (
        <>
          <button
            type="button"
            className="kib-button kib-sd-toggle"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={t('student-detail.show-detail-of', { name: assignment.name })}
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true" className="kib-db-chevron" />
            {t('student-detail.show-detail')}
          </button>
          {open && (
            <div id={detailId} className="kib-sd-detail">
              <ProblemsTable t={t} assignment={assignment} />
            </div>
          )}
        </>
      )}
    </li>
  );
}

/**
 * The photos a student sent from their phone of their work on a numeral: each picture as a thumbnail
 * that opens the full picture, the LaTeX read from it (as text), and when it arrived.
 */
function NumeralPhotos({
  t,
  number,
  photos,
}: {
  t: Translate;
  number: number;
  photos: NumeralRow['photos'];
}) {
  return (
    <ul className="kib-sd-photos__list" aria-label={t('student-detail.photos', { number })}>
      {photos.map((photo, i) => (
        <li key={`${photo.receivedAt}-${i}`} className="kib-sd-photos__item">
          {photo.pictureUrl ? (
            <a href={photo.pictureUrl} target="_blank" rel="noreferrer">
              <img
                className="kib-sd-photos__thumbnail"
                src={photo.pictureUrl}
                alt={t('student-detail.photo', { index: i + 1, number })}
                loading="lazy"
              />
            </a>
          ) : null}
          {photo.latex ? (
            <span>
              {t('student-detail.photo-latex')} <code>{photo.latex}</code>
            </span>
          ) : null}
          <DateTime t={t} value={photo.receivedAt} />
        </li>
      ))}
    </ul>
  );
}

function ProblemsTable({ t, assignment }: { t: Translate; assignment: AssignmentRow }) {
  return (
    <ScrollTable
      caption={t('student-detail.detail-table', { name: assignment.name })}
      className="kib-sd-table"
    >
      <thead>
        <tr>
          <th scope="col">{t('student-detail.problem')}</th>
          <th scope="col">{t('student-detail.status')}</th>
          <th scope="col" className="kib-db-num">
            {t('student-detail.attempts')}
          </th>
          <th scope="col" className="kib-db-num">
            {t('student-detail.time')}
          </th>
          <th scope="col">{t('student-detail.last-attempt')}</th>
        </tr>
      </thead>
      <tbody>
        {assignment.problems.map((problem) => (
          <Fragment key={problem.id}>
            <tr className="kib-sd-problem">
              <th scope="row">{problem.label}</th>
              <td>
                <StatusMark t={t} status={problem.status} />{' '}
                <span className="kib-db-muted">
                  {t('student-detail.numerals-done', {
                    completed: problem.completed,
                    count: problem.numerals.length,
                  })}
                </span>
              </td>
              <td className="kib-db-num">{problem.attempts}</td>
              <td className="kib-db-num">{formatDuration(problem.answerTime)}</td>
              <td />
            </tr>
            {problem.numerals.map((numeral) => [
              <tr key={numeral.id} className="kib-sd-numeral">
                <th scope="row">{t('student-detail.numeral', { number: numeral.number })}</th>
                <td>
                  <StatusMark t={t} status={numeral.status} />
                </td>
                <td className="kib-db-num">{numeral.attempts}</td>
                <td className="kib-db-num">{formatDuration(numeral.answerTime)}</td>
                <td>
                  <DateTime t={t} value={numeral.lastAttemptDate} />
                </td>
              </tr>,
              numeral.photos.length > 0 ? (
                <tr key={`${numeral.id}-photos`} className="kib-sd-photos">
                  <td colSpan={5}>
                    <NumeralPhotos t={t} number={numeral.number} photos={numeral.photos} />
                  </td>
                </tr>
              ) : null,
            ])}
          </Fragment>
        ))}
      </tbody>
    </ScrollTable>
  );
}
