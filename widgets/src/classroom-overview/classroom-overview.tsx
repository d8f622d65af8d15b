import {
  ClassroomOverviewSchema,
  formatDuration,
  type ClassroomAssignment,
  type ClassroomStudentProgress,
} from '@kib/core';
import { useId, useMemo, useRef, useState } from 'react';
import { downloadWorkbook } from '../activity-results/activity-results.download';
import { toggleSort, type SortState } from '../activity-results/activity-results.logic';
import { useDashboardData, type DashboardSource } from '../dashboard/dashboard-data';
import { downloadCsv } from '../dashboard/dashboard.download';
import { headingLevel as levelOf, scheduled, type HeadingLevel } from '../dashboard/dashboard.logic';
import {
  DateTime,
  Deadline,
  Heading,
  LoadStatus,
  PercentMeter,
  RowLink,
  ScrollTable,
  SortHeader,
} from '../dashboard/dashboard-parts';
import dashboardCss from '../dashboard/dashboard.css?inline';
import { ProgressSummary } from '../dashboard/progress-summary';
import { WeeklyChart } from '../dashboard/weekly-chart';
import { useT, widgetLanguage, type Translate } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import css from './classroom-overview.css?inline';
import {
  CLASSROOM_SHEET_NAME,
  DEFAULT_STUDENT_SORT,
  classroomFileName,
  classroomSheetRows,
  gradebookRows,
  sortClassroomStudents,
  visibleSections,
  type ClassroomStudentSortKey,
} from './classroom-overview.logic';
import type { ClassroomOverviewData, ClassroomOverviewProps } from './classroom-overview.types';

const STUDENT_COLUMN_LABELS: Record<ClassroomStudentSortKey, string> = {
  lastName: 'classroom-overview.last-name',
  firstName: 'classroom-overview.first-name',
  progress: 'classroom-overview.progress',
  totalTime: 'classroom-overview.total-time',
  lastAttempt: 'classroom-overview.last-attempt',
};

/**
 * A classroom's dashboard (spec 03, classroom landing): its name and registration code, the class
 * progress (completed / attempted / not attempted and the average time per student), the weekly
 * activity of the last eight weeks, the assignments with their dates and progress, and a sortable
 * table of the students; an Excel export and a gradebook CSV. It shows `data`, or loads
 * `GET classrooms/{classroomId}/overview/` from `apiBase` with `token`. `sections` and `header`
 * pick what it shows, for a page that splits the classroom into tabs. Assignments and students are
 * real links with `assignmentHref` / `studentHref`, and buttons with only `onSelectAssignment` /
 * `onSelectStudent`, for the host to navigate.
 */
export function ClassroomOverview({
  data,
  lang,
  apiBase,
  token,
  classroomId,
  sections,
  header = true,
  headingLevel,
  onSelectAssignment,
  onSelectStudent,
  assignmentHref,
  studentHref,
  onDownload,
}: ClassroomOverviewProps) {
  const t = useT(lang);
  const language = widgetLanguage(lang);
  const source = useMemo<DashboardSource | null>(
    () =>
      apiBase && classroomId
        ? {
            apiBase,
            token,
            lang: language,
            key: JSON.stringify([apiBase, token ?? null, classroomId]),
            request: (api) => api.endpoints.classroomOverview({ params: { id: String(classroomId) } }),
          }
        : null,
    [apiBase, token, classroomId, language],
  );
  const { state, retry } = useDashboardData(
    ClassroomOverviewSchema,
    data,
    source,
    'classroom-overview.not-found',
  );
  return (
    <div className="kib-root kib-classroom-overview" lang={language}>
      <WidgetStyles css={dashboardCss + css} />
      {state.status === 'ready' ? (
        <OverviewView
          data={state.data}
          t={t}
          language={language}
          sections={sections}
          header={header !== false}
          headingLevel={headingLevel}
          onSelectAssignment={onSelectAssignment}
          onSelectStudent={onSelectStudent}
          assignmentHref={assignmentHref}
          studentHref={studentHref}
          onDownload={onDownload}
        />
      ) : (
        <LoadStatus
          t={t}
          state={state}
          loading="classroom-overview.loading"
          empty="classroom-overview.no-data"
          invalid="classroom-overview.invalid-data"
          retry={retry}
        />
      )}
    </div>
  );
}

interface OverviewViewProps extends Pick<
  ClassroomOverviewProps,
  | 'sections'
  | 'headingLevel'
  | 'onSelectAssignment'
  | 'onSelectStudent'
  | 'assignmentHref'
  | 'studentHref'
  | 'onDownload'
> {
  data: ClassroomOverviewData;
  t: Translate;
  language: string;
  header: boolean;
}

function OverviewView({
  data,
  t,
  language,
  sections,
  header,
  headingLevel,
  onSelectAssignment,
  onSelectStudent,
  assignmentHref,
  studentHref,
  onDownload,
}: OverviewViewProps) {
  const ids = useId();
  const hostRef = useRef<HTMLElement>(null);
  const { announce, region } = useAnnouncer();
  const now = useMemo(() => new Date(), []);

  const [sort, setSort] = useState<SortState<ClassroomStudentSortKey>>(DEFAULT_STUDENT_SORT);
  const students = useMemo(
    () => sortClassroomStudents(data.students, sort, language),
    [data.students, sort, language],
  );
  const onSort = (key: ClassroomStudentSortKey) => {
    const next = toggleSort(sort, key);
    setSort(next);
    announce(
      t('common.dashboard.sorted', {
        column: t(STUDENT_COLUMN_LABELS[key]),
        direction: t(`common.dashboard.${next.direction}`),
      }),
    );
  };

  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = async (kind: 'xlsx' | 'csv') => {
    const host = hostRef.current;
    if (downloading || !host) return;
    const fileName = classroomFileName(data.classroom.name, t('classroom-overview.file-fallback'), kind);
    setDownloading(kind);
    setDownloadFailed(false);
    try {
      if (kind === 'xlsx')
        await downloadWorkbook(host, classroomSheetRows(data, t, language), fileName, CLASSROOM_SHEET_NAME);
      else downloadCsv(host, gradebookRows(data, t, language), fileName);
      onDownload?.(fileName);
      announce(t('classroom-overview.downloaded', { file: fileName }));
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(null);
    }
  };

  const titleId = `${ids}-title`;
  const assignmentsId = `${ids}-assignments`;
  const studentsId = `${ids}-students`;
  const { classroom } = data;
  const shown = visibleSections(sections);
  // The sections sit one level below the title; without it they take its place in the outline.
  const level = levelOf(headingLevel, header ? 3 : 2, header ? 2 : 1);
  const titleLevel = (level - 1) as HeadingLevel;

  return (
    <section className="kib-db" aria-labelledby={header ? titleId : undefined} ref={hostRef}>
      <header className="kib-db-header">
        {header && (
          <div className="kib-db-heading">
            <p className="kib-db-eyebrow">{t('classroom-overview.label')}</p>
            <Heading level={titleLevel} id={titleId} className="kib-db-title">
              {classroom.name}
            </Heading>
            {classroom.description.trim() && (
              <p className="kib-db-muted kib-co-description">{classroom.description}</p>
            )}
            <p className="kib-co-code">
              {t('classroom-overview.code')}: <strong className="kib-co-code-value">{classroom.code}</strong>
            </p>
          </div>
        )}
        <div
          className="kib-toolbar kib-co-downloads"
          role="group"
          aria-label={t('classroom-overview.downloads')}
        >
          <button
            type="button"
            className="kib-button kib-button--primary"
            aria-disabled={downloading !== null || undefined}
            onClick={() => void download('xlsx')}
          >
            <span aria-hidden="true">⤓</span>{' '}
            {downloading === 'xlsx'
              ? t('classroom-overview.downloading')
              : t('classroom-overview.download-excel')}
          </button>
          <button
            type="button"
            className="kib-button"
            aria-disabled={downloading !== null || undefined}
            aria-describedby={`${ids}-csv-hint`}
            onClick={() => void download('csv')}
          >
            <span aria-hidden="true">⤓</span> {t('classroom-overview.download-csv')}
          </button>
          <p id={`${ids}-csv-hint`} className="kib-db-muted kib-co-csv-hint">
            {t('classroom-overview.csv-hint')}
          </p>
        </div>
      </header>
      {downloadFailed && (
        <p role="alert" className="kib-db-error">
          {t('classroom-overview.download-failed')}
        </p>
      )}

      {(shown.includes('progress') || shown.includes('weekly')) && (
        <div className="kib-db-columns">
          {shown.includes('progress') && (
            <ProgressSummary
              t={t}
              progress={data.progress}
              title={t('classroom-overview.progress-title')}
              timeLabel={t('classroom-overview.average-time')}
              time={data.progress.averageTime}
              note={t('classroom-overview.progress-note')}
              headingLevel={level}
            />
          )}
          {shown.includes('weekly') && <WeeklyChart t={t} weeks={data.weekly} headingLevel={level} />}
        </div>
      )}

      {shown.includes('assignments') && (
        <section className="kib-db-section" aria-labelledby={assignmentsId}>
          <Heading level={level} id={assignmentsId} className="kib-db-subheading">
            {t('classroom-overview.assignments-title', { count: data.assignments.length })}
          </Heading>
          {data.assignments.length === 0 ? (
            <p className="kib-db-empty">{t('classroom-overview.assignments-empty')}</p>
          ) : (
            <AssignmentsTable
              t={t}
              rows={data.assignments}
              now={now}
              onSelect={onSelectAssignment}
              href={assignmentHref}
            />
          )}
        </section>
      )}

      {shown.includes('students') && (
        <section className="kib-db-section" aria-labelledby={studentsId}>
          <Heading level={level} id={studentsId} className="kib-db-subheading">
            {t('classroom-overview.students-title', { count: data.students.length })}
          </Heading>
          {students.length === 0 ? (
            <p className="kib-db-empty">{t('classroom-overview.students-empty')}</p>
          ) : (
            <StudentsTable
              t={t}
              rows={students}
              sort={sort}
              onSort={onSort}
              onSelect={onSelectStudent}
              href={studentHref}
            />
          )}
        </section>
      )}
      {region}
    </section>
  );
}

function AssignmentsTable({
  t,
  rows,
  now,
  onSelect,
  href,
}: {
  t: Translate;
  rows: readonly ClassroomAssignment[];
  now: Date;
  onSelect?: (moduleId: number) => void;
  href?: (moduleId: number) => string;
}) {
  return (
    <ScrollTable caption={t('classroom-overview.assignments-table')}>
      <thead>
        <tr>
          <th scope="col">{t('classroom-overview.assignment')}</th>
          <th scope="col">{t('classroom-overview.publish-date')}</th>
          <th scope="col">{t('classroom-overview.deadline')}</th>
          <th scope="col" className="kib-db-num">
            {t('classroom-overview.student-count')}
          </th>
          <th scope="col" className="kib-db-num">
            {t('classroom-overview.progress')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.moduleId}>
            <th scope="row" className="kib-db-name">
              <span className="kib-co-assignment">
                <RowLink href={href?.(row.moduleId)} onSelect={onSelect && (() => onSelect(row.moduleId))}>
                  {row.name}
                </RowLink>
                {row.individualStudents && (
                  <span className="kib-db-tag kib-db-tag--individual">
                    {t('classroom-overview.individual')}
                    <span className="kib-visually-hidden">{t('classroom-overview.individual-hint')}</span>
                  </span>
                )}
              </span>
            </th>
            <td>
              <span className="kib-db-deadline">
                <DateTime t={t} value={row.publishDate} empty={t('classroom-overview.published-always')} />
                {scheduled(row.publishDate, now) && (
                  <span className="kib-db-tag kib-db-tag--scheduled">{t('common.dashboard.scheduled')}</span>
                )}
              </span>
            </td>
            <td>
              <Deadline t={t} deadline={row.deadline} now={now} />
            </td>
            <td className="kib-db-num">{row.studentCount}</td>
            <td className="kib-db-num">
              <PercentMeter t={t} value={row.progress} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function StudentsTable({
  t,
  rows,
  sort,
  onSort,
  onSelect,
  href,
}: {
  t: Translate;
  rows: readonly ClassroomStudentProgress[];
  sort: SortState<ClassroomStudentSortKey>;
  onSort: (key: ClassroomStudentSortKey) => void;
  onSelect?: (studentId: number) => void;
  href?: (studentId: number) => string;
}) {
  const header = (key: ClassroomStudentSortKey, numeric = false) => (
    <SortHeader
      column={key}
      label={t(STUDENT_COLUMN_LABELS[key])}
      sort={sort}
      onSort={onSort}
      numeric={numeric}
    />
  );
  return (
    <ScrollTable caption={t('classroom-overview.students-table')}>
      <thead>
        <tr>
          {header('lastName')}
          {header('firstName')}
          {header('progress', true)}
          {header('totalTime', true)}
          {header('lastAttempt')}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const lastName = row.lastName.trim() || t('classroom-overview.no-last-name');
          return (
            <tr key={row.id}>
              <th scope="row" className="kib-db-name">
                <RowLink
                  href={href?.(row.id)}
                  onSelect={onSelect && (() => onSelect(row.id))}
                  label={row.firstName.trim() ? `${lastName}, ${row.firstName.trim()}` : undefined}
                >
                  {lastName}
                </RowLink>
              </th>
              <td className="kib-db-name">{row.firstName}</td>
              <td className="kib-db-num">
                <PercentMeter t={t} value={row.progress} />
              </td>
              <td className="kib-db-num">{formatDuration(row.totalTime)}</td>
              <td>
                <DateTime t={t} value={row.lastAttempt} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
