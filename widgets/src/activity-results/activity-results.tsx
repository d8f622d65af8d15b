import { formatDuration } from '@kib/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT, widgetLanguage, type Translate } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { TabList, TabPanel, useTabs } from '../shared/tabs';
import { useAnnouncer } from '../shared/use-announcer';
import dashboardCss from '../dashboard/dashboard.css?inline';
import { downloadCsv } from '../dashboard/dashboard.download';
import css from './activity-results.css?inline';
import { downloadWorkbook } from './activity-results.download';
import {
  excelFileName,
  resultRows,
  sortProblems,
  sortStudents,
  summarizeResults,
  toggleSort,
  type ProblemSortKey,
  type SortState,
  type StudentResult,
  type StudentSortKey,
} from './activity-results.logic';
import { ProblemsTable, StudentsTable, displayName } from './activity-results.tables';
import { parseActivityResultsData, type ActivityResultsData } from './activity-results.types';

/** Props of {@link ActivityResults}. */
export interface ActivityResultsProps {
  /** The results: validated with `ActivityResultsDataSchema` (an object or its JSON text). */
  data: ActivityResultsData;
  /** Interface language, `es` (default) or `en`. */
  lang?: string;
  /**
   * Removes a student from the activity after the teacher confirms. Returning (or resolving to)
   * `false`, or throwing, means it failed: the student stays. Without it no remove buttons show.
   */
  onRemoveStudent?: (studentId: number) => void | boolean | Promise<void | boolean>;
  /** Called with the file name once the Excel file has been handed to the browser. */
  onDownload?: (fileName: string) => void;
}

type Tab = 'students' | 'problems';
const TABS: readonly Tab[] = ['students', 'problems'];

const STUDENT_COLUMN_LABELS: Record<StudentSortKey, string> = {
  number: 'activity-results.number',
  firstName: 'activity-results.first-name',
  lastName: 'activity-results.last-name',
  code: 'activity-results.code',
  progress: 'activity-results.progress',
  totalTime: 'activity-results.total-time',
};

const PROBLEM_COLUMN_LABELS: Record<ProblemSortKey, string> = {
  numeration: 'activity-results.number',
  title: 'activity-results.problem',
  numeralCount: 'activity-results.numerals',
  completedStudents: 'activity-results.students-completed',
  progress: 'activity-results.progress',
  averageTime: 'activity-results.time-per-student',
};

function toggled(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

/**
 * The teacher's activity results (spec 03, code-based results view): the assignment name, class
 * progress split into completed / attempted / not attempted, the average time per student, and
 * Students and Problems tabs with sortable, expandable tables; an Excel download; and, when
 * `onRemoveStudent` is given, removal of a student after a confirmation dialog.
 */
export function ActivityResults({ data, lang, onRemoveStudent, onDownload }: ActivityResultsProps) {
  const t = useT(lang);
  const language = widgetLanguage(lang);
  const parsed = useMemo(() => (data == null ? null : parseActivityResultsData(data)), [data]);
  let body;
  if (parsed === null) body = <p role="status">{t('activity-results.no-data')}</p>;
  else if (!parsed.ok)
    body = (
      <p role="alert" className="kib-db-error">
        {t('activity-results.invalid-data')}
      </p>
    );
  else
    body = (
      <ResultsView
        data={parsed.data}
        t={t}
        language={language}
        onRemoveStudent={onRemoveStudent}
        onDownload={onDownload}
      />
    );
  return (
    <div className="kib-root kib-activity-results" lang={language}>
      <WidgetStyles css={dashboardCss + css} />
      {body}
    </div>
  );
}

interface ResultsViewProps extends Omit<ActivityResultsProps, 'lang'> {
  t: Translate;
  language: string;
}

function ResultsView({ data, t, language, onRemoveStudent, onDownload }: ResultsViewProps) {
  const ids = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const { announce, region } = useAnnouncer();

  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());
  const visibleData = useMemo(
    () =>
      removed.size === 0 ? data : { ...data, students: data.students.filter((s) => !removed.has(s.id)) },
    [data, removed],
  );
  const summary = useMemo(() => summarizeResults(visibleData), [visibleData]);

  // Tabs
  const tabs = useTabs(TABS, 'students');
  const studentsPanelRef = useRef<HTMLDivElement>(null);

  // Sorting and expanding
  const [studentSort, setStudentSort] = useState<SortState<StudentSortKey>>({
    key: 'number',
    direction: 'ascending',
  });
  const [problemSort, setProblemSort] = useState<SortState<ProblemSortKey>>({
    key: 'numeration',
    direction: 'ascending',
  });
  const [openStudents, setOpenStudents] = useState<ReadonlySet<number>>(() => new Set());
  const [openProblems, setOpenProblems] = useState<ReadonlySet<number>>(() => new Set());
  const students = useMemo(
    () => sortStudents(summary.students, studentSort, language),
    [summary.students, studentSort, language],
  );
  const problems = useMemo(
    () => sortProblems(summary.problems, problemSort, language),
    [summary.problems, problemSort, language],
  );
  const announceSort = (label: string, sort: SortState<string>) =>
    announce(
      t('activity-results.sorted', { column: t(label), direction: t(`activity-results.${sort.direction}`) }),
    );
  const onSortStudents = (key: StudentSortKey) => {
    const next = toggleSort(studentSort, key);
    setStudentSort(next);
    announceSort(STUDENT_COLUMN_LABELS[key], next);
  };
  const onSortProblems = (key: ProblemSortKey) => {
    const next = toggleSort(problemSort, key);
    setProblemSort(next);
    announceSort(PROBLEM_COLUMN_LABELS[key], next);
  };

  // Removing a student
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<StudentResult | null>(null);
  const [dialogName, setDialogName] = useState('');
  const [removing, setRemoving] = useState(false);
  const focusPanelAfterRemoval = useRef(false);
  const askRemoval = useCallback(
    (student: StudentResult) => {
      setPending(student);
      setDialogName(displayName(t, student));
    },
    [t],
  );
  useEffect(() => {
    const dialog = dialogRef.current;
    if (pending && dialog && !dialog.open) dialog.showModal();
  }, [pending]);
  useEffect(() => {
    if (!focusPanelAfterRemoval.current) return;
    focusPanelAfterRemoval.current = false;
    studentsPanelRef.current?.focus();
  }, [removed]);
  const confirmRemoval = async () => {
    if (!pending || !onRemoveStudent || removing) return;
    const student = pending;
    const name = displayName(t, student);
    setRemoving(true);
    let ok: boolean;
    try {
      ok = (await onRemoveStudent(student.id)) !== false;
    } catch {
      ok = false;
    }
    setRemoving(false);
    if (ok) {
      focusPanelAfterRemoval.current = true;
      setRemoved((prev) => new Set(prev).add(student.id));
      announce(t('activity-results.removed', { name }));
    } else {
      announce(t('activity-results.remove-failed', { name }));
    }
    dialogRef.current?.close();
  };

  // Excel and CSV downloads (the CSV for LMS gradebooks: the same columns, as plain text)
  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const download = async (kind: 'xlsx' | 'csv') => {
    const host = hostRef.current;
    if (downloading || !host) return;
    const excelName = excelFileName(data.assignment.name, t('activity-results.file-fallback'));
    const fileName = kind === 'xlsx' ? excelName : excelName.replace(/\.xlsx$/, '.csv');
    setDownloading(kind);
    setDownloadFailed(false);
    try {
      const rows = resultRows(visibleData, t);
      if (kind === 'xlsx') await downloadWorkbook(host, rows, fileName);
      else downloadCsv(host, rows, fileName);
      onDownload?.(fileName);
      announce(t('activity-results.downloaded', { file: fileName }));
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(null);
    }
  };

  const { totals } = summary;
  const segments = [
    { key: 'completed', count: totals.completed, percent: totals.completedPercent },
    { key: 'attempted', count: totals.attempted, percent: totals.attemptedPercent },
    { key: 'not-attempted', count: totals.notAttempted, percent: totals.notAttemptedPercent },
  ] as const;
  const titleId = `${ids}-title`;
  const progressId = `${ids}-progress`;
  const tabLabels = {
    students: t('activity-results.tab-students', { count: summary.students.length }),
    problems: t('activity-results.tab-problems', { count: summary.problems.length }),
  };

  return (
    <section className="kib-db" aria-labelledby={titleId} ref={hostRef}>
      <header className="kib-db-header">
        <div className="kib-db-heading">
          <p className="kib-db-eyebrow">{t('activity-results.label')}</p>
          <h2 id={titleId} className="kib-db-title">
            {data.assignment.name}
          </h2>
        </div>
        <div className="kib-ar-downloads">
          <button
            type="button"
            className="kib-button kib-button--primary kib-ar-download"
            aria-disabled={downloading !== null || undefined}
            onClick={() => void download('xlsx')}
          >
            <span aria-hidden="true">⤓</span>{' '}
            {downloading === 'xlsx' ? t('activity-results.downloading') : t('activity-results.download')}
          </button>
          <button
            type="button"
            className="kib-button kib-ar-download"
            aria-disabled={downloading !== null || undefined}
            aria-describedby={`${ids}-csv-hint`}
            onClick={() => void download('csv')}
          >
            <span aria-hidden="true">⤓</span>{' '}
            {downloading === 'csv' ? t('activity-results.downloading') : t('activity-results.download-csv')}
          </button>
          <span id={`${ids}-csv-hint`} className="kib-visually-hidden">
            {t('activity-results.csv-hint')}
          </span>
        </div>
      </header>
      {downloadFailed && (
        <p role="alert" className="kib-db-error">
          {t('activity-results.download-failed')}
        </p>
      )}

      <section className="kib-db-card" aria-labelledby={progressId}>
        <h3 id={progressId} className="kib-db-subheading">
          {t('activity-results.progress-heading')}
        </h3>
        <div className="kib-db-bar" aria-hidden="true">
          {segments.map(
            (segment) =>
              segment.count > 0 && (
                <span
                  key={segment.key}
                  className={`kib-db-bar-part kib-db-bar-part--${segment.key}`}
                  style={{ flexGrow: segment.count }}
                />
              ),
          )}
        </div>
        <ul className="kib-db-legend">
          {segments.map((segment) => (
            <li key={segment.key}>
              <span className={`kib-db-swatch kib-db-bar-part--${segment.key}`} aria-hidden="true" />
              {t('activity-results.legend-item', {
                label: t(`activity-results.${segment.key}`),
                percent: t('activity-results.percent', { value: segment.percent }),
                count: segment.count,
                total: totals.totalSlots,
              })}
            </li>
          ))}
        </ul>
        <p className="kib-db-muted kib-db-note">
          {t('activity-results.slots-note', {
            numerals: summary.totalNumerals,
            students: summary.students.length,
            total: totals.totalSlots,
          })}
        </p>
        <p className="kib-ar-average">
          {t('activity-results.average-time')}: <strong>{formatDuration(summary.averageTime)}</strong>
        </p>
      </section>

      <TabList tabs={tabs} labels={tabLabels} label={t('activity-results.tabs-label')} />

      <TabPanel
        ref={studentsPanelRef}
        tabs={tabs}
        name="students"
        className="kib-db-panel"
        tabIndex={students.length === 0 ? 0 : -1}
      >
        {students.length === 0 ? (
          <p className="kib-db-empty">{t('activity-results.no-students')}</p>
        ) : (
          <StudentsTable
            t={t}
            rows={students}
            problems={summary.problems}
            sort={studentSort}
            onSort={onSortStudents}
            expanded={openStudents}
            onToggle={(id) => setOpenStudents((open) => toggled(open, id))}
            onRemove={onRemoveStudent ? askRemoval : undefined}
          />
        )}
      </TabPanel>
      <TabPanel
        tabs={tabs}
        name="problems"
        className="kib-db-panel"
        tabIndex={problems.length === 0 ? 0 : -1}
      >
        {problems.length === 0 ? (
          <p className="kib-db-empty">{t('activity-results.no-problems')}</p>
        ) : (
          <ProblemsTable
            t={t}
            rows={problems}
            studentCount={summary.students.length}
            sort={problemSort}
            onSort={onSortProblems}
            expanded={openProblems}
            onToggle={(id) => setOpenProblems((open) => toggled(open, id))}
          />
        )}
      </TabPanel>

      {onRemoveStudent && (
        <dialog
          ref={dialogRef}
          className="kib-ar-dialog"
          aria-labelledby={`${ids}-dialog-title`}
          aria-describedby={`${ids}-dialog-text`}
          onCancel={(event) => {
            if (removing) event.preventDefault();
          }}
          onClose={() => setPending(null)}
        >
          <h3 id={`${ids}-dialog-title`} className="kib-db-subheading">
            {t('activity-results.confirm-remove-title')}
          </h3>
          <p id={`${ids}-dialog-text`}>{t('activity-results.confirm-remove', { name: dialogName })}</p>
          <div className="kib-toolbar kib-ar-dialog-actions">
            <button
              type="button"
              className="kib-button"
              disabled={removing}
              onClick={() => dialogRef.current?.close()}
            >
              {t('activity-results.confirm-no')}
            </button>
            <button
              type="button"
              className="kib-button kib-button--primary"
              aria-disabled={removing || undefined}
              onClick={() => void confirmRemoval()}
            >
              {removing ? t('activity-results.removing') : t('activity-results.confirm-yes')}
            </button>
          </div>
        </dialog>
      )}
      {region}
    </section>
  );
}
