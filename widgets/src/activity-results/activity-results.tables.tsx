import { formatDuration } from '@kib/core';
import { Fragment, useId } from 'react';
import {
  DateTime,
  PercentMeter,
  ScrollTable,
  SortHeader,
  STATUS_ICON,
  StatusMark,
} from '../dashboard/dashboard-parts';
import type { Translate } from '../shared/i18n';
import type {
  NumeralProgress,
  ProblemResult,
  ProblemSortKey,
  SortState,
  StudentResult,
  StudentSortKey,
} from './activity-results.logic';

/** The name shown for a student: full name, else personal code, else "unnamed student". */
export function displayName(t: Translate, student: { fullName: string; code: string }): string {
  return student.fullName || student.code || t('activity-results.anonymous');
}

/** A problem as `numeration. title` (the position stands in for a missing numeration). */
export function problemLabel(problem: Pick<ProblemResult, 'numeration' | 'position' | 'title'>): string {
  const numeration = String(problem.numeration ?? '').trim() || String(problem.position);
  return `${numeration}. ${problem.title}`;
}

function Numerals({ t, numerals }: { t: Translate; numerals: readonly NumeralProgress[] }) {
  if (numerals.length === 0) return <span>{t('activity-results.none')}</span>;
  return (
    <ul className="kib-ar-numerals">
      {numerals.map((numeral) => (
        <li key={numeral.numeralId} className={`kib-ar-numeral kib-ar-numeral--${numeral.status}`}>
          <span aria-hidden="true">
            {numeral.number}
            {STATUS_ICON[numeral.status]}
          </span>
          <span className="kib-visually-hidden">
            {t('activity-results.numeral-status', {
              number: numeral.number,
              status: t(`activity-results.${numeral.status}`),
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The attempts, time and last-attempt columns of a detail row. */
function ActivityCells({
  t,
  activity,
}: {
  t: Translate;
  activity: { attempts: number; answerTime: number; lastAttemptDate: string | null };
}) {
  return (
    <>
      <td className="kib-db-num">{activity.attempts}</td>
      <td className="kib-db-num">{formatDuration(activity.answerTime)}</td>
      <td>
        <DateTime t={t} value={activity.lastAttemptDate} />
      </td>
    </>
  );
}

/** The headers of {@link ActivityCells}. */
function ActivityHeaders({ t }: { t: Translate }) {
  return (
    <>
      <th scope="col" className="kib-db-num">
        {t('activity-results.attempts')}
      </th>
      <th scope="col" className="kib-db-num">
        {t('activity-results.time')}
      </th>
      <th scope="col">{t('activity-results.last-attempt')}</th>
    </>
  );
}

function Code({ t, code }: { t: Translate; code: string }) {
  if (code) return <>{code}</>;
  return (
    <>
      <span aria-hidden="true" className="kib-db-muted">
        —
      </span>
      <span className="kib-visually-hidden">{t('activity-results.no-code')}</span>
    </>
  );
}

function ToggleButton({
  expanded,
  controls,
  label,
  onToggle,
}: {
  expanded: boolean;
  controls: string;
  label: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="kib-ar-toggle"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="kib-db-chevron" />
      <span className="kib-visually-hidden">{label}</span>
    </button>
  );
}

/** Props of {@link StudentsTable}. */
export interface StudentsTableProps {
  t: Translate;
  rows: readonly StudentResult[];
  problems: readonly ProblemResult[];
  sort: SortState<StudentSortKey>;
  onSort: (key: StudentSortKey) => void;
  expanded: ReadonlySet<number>;
  onToggle: (studentId: number) => void;
  /** Present when students may be removed: opens the confirmation for one. */
  onRemove?: (student: StudentResult) => void;
}

/** The Students tab: a sortable table whose rows expand to the student's per-problem progress. */
export function StudentsTable({
  t,
  rows,
  problems,
  sort,
  onSort,
  expanded,
  onToggle,
  onRemove,
}: StudentsTableProps) {
  const baseId = useId();
  const columns = onRemove ? 7 : 6;
  const header = (key: StudentSortKey, label: string, numeric = false) => (
    <SortHeader column={key} label={t(label)} sort={sort} onSort={onSort} numeric={numeric} />
  );
  return (
    <ScrollTable caption={t('activity-results.students-table')} className="kib-ar-table">
      <thead>
        <tr>
          {header('number', 'activity-results.number', true)}
          {header('firstName', 'activity-results.first-name')}
          {header('lastName', 'activity-results.last-name')}
          {header('code', 'activity-results.code')}
          {header('progress', 'activity-results.progress', true)}
          {header('totalTime', 'activity-results.total-time', true)}
          {onRemove && <th scope="col">{t('activity-results.remove')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const name = displayName(t, row);
          const detailId = `${baseId}-student-${row.id}`;
          const open = expanded.has(row.id);
          return (
            <Fragment key={row.id}>
              <tr className={open ? 'kib-ar-row kib-ar-row--open' : 'kib-ar-row'}>
                <td className="kib-db-num">
                  <span className="kib-ar-numcell">
                    <ToggleButton
                      expanded={open}
                      controls={detailId}
                      label={t('activity-results.show-student', { name })}
                      onToggle={() => onToggle(row.id)}
                    />
                    {row.number}
                  </span>
                </td>
                <th scope="row" className="kib-ar-name">
                  {row.fullName ? row.firstName : t('activity-results.anonymous')}
                </th>
                <td className="kib-ar-name">{row.lastName}</td>
                <td>
                  <Code t={t} code={row.code} />
                </td>
                <td className="kib-db-num">
                  <PercentMeter t={t} value={row.progress} />
                </td>
                <td className="kib-db-num">{formatDuration(row.totalTime)}</td>
                {onRemove && (
                  <td>
                    <button
                      type="button"
                      className="kib-button kib-ar-remove"
                      aria-label={t('activity-results.remove-student', { name })}
                      onClick={() => onRemove(row)}
                    >
                      <span aria-hidden="true">✕</span> {t('activity-results.remove')}
                    </button>
                  </td>
                )}
              </tr>
              {open && (
                <tr id={detailId} className="kib-ar-detail">
                  <td colSpan={columns}>
                    <table className="kib-ar-subtable">
                      <caption>{t('activity-results.student-detail', { name })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('activity-results.problem')}</th>
                          <th scope="col">{t('activity-results.status')}</th>
                          <th scope="col">{t('activity-results.numerals')}</th>
                          <ActivityHeaders t={t} />
                        </tr>
                      </thead>
                      <tbody>
                        {row.problems.map((progress, index) => (
                          <tr key={progress.problemId}>
                            <th scope="row">{problems[index] ? problemLabel(problems[index]) : ''}</th>
                            <td>
                              <StatusMark t={t} status={progress.status} className="kib-ar-status" />
                            </td>
                            <td>
                              <span className="kib-ar-numerals-line">
                                <Numerals t={t} numerals={progress.numerals} />
                                <span className="kib-db-muted">
                                  {t('activity-results.numerals-done', {
                                    completed: progress.completed,
                                    total: progress.numerals.length,
                                  })}
                                </span>
                              </span>
                            </td>
                            <ActivityCells t={t} activity={progress} />
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}

/** Props of {@link ProblemsTable}. */
export interface ProblemsTableProps {
  t: Translate;
  rows: readonly ProblemResult[];
  studentCount: number;
  sort: SortState<ProblemSortKey>;
  onSort: (key: ProblemSortKey) => void;
  expanded: ReadonlySet<number>;
  onToggle: (problemId: number) => void;
}

/** The Problems tab: a sortable table whose rows expand to every student's status on the problem. */
export function ProblemsTable({
  t,
  rows,
  studentCount,
  sort,
  onSort,
  expanded,
  onToggle,
}: ProblemsTableProps) {
  const baseId = useId();
  const header = (key: ProblemSortKey, label: string, numeric = false) => (
    <SortHeader column={key} label={t(label)} sort={sort} onSort={onSort} numeric={numeric} />
  );
  return (
    <ScrollTable caption={t('activity-results.problems-table')} className="kib-ar-table">
      <thead>
        <tr>
          {header('numeration', 'activity-results.number', true)}
          {header('title', 'activity-results.problem')}
          {header('numeralCount', 'activity-results.numerals', true)}
          {header('completedStudents', 'activity-results.students-completed', true)}
          {header('progress', 'activity-results.progress', true)}
          {header('averageTime', 'activity-results.time-per-student', true)}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const detailId = `${baseId}-problem-${row.id}`;
          const open = expanded.has(row.id);
          const numeration = String(row.numeration ?? '').trim() || String(row.position);
          return (
            <Fragment key={row.id}>
              <tr className={open ? 'kib-ar-row kib-ar-row--open' : 'kib-ar-row'}>
                <td className="kib-db-num">
                  <span className="kib-ar-numcell">
                    <ToggleButton
                      expanded={open}
                      controls={detailId}
                      label={t('activity-results.show-problem', { title: row.title })}
                      onToggle={() => onToggle(row.id)}
                    />
                    {numeration}
                  </span>
                </td>
                <th scope="row" className="kib-ar-title">
                  {row.title}
                </th>
                <td className="kib-db-num">{row.numeralCount}</td>
                <td className="kib-db-num">
                  {t('activity-results.numerals-done', {
                    completed: row.completedStudents,
                    total: studentCount,
                  })}
                </td>
                <td className="kib-db-num">
                  <PercentMeter t={t} value={row.progress} />
                </td>
                <td className="kib-db-num">{formatDuration(row.averageTime)}</td>
              </tr>
              {open && (
                <tr id={detailId} className="kib-ar-detail">
                  <td colSpan={6}>
                    {row.students.length === 0 ? (
                      <p className="kib-db-empty">{t('activity-results.no-students')}</p>
                    ) : (
                      <table className="kib-ar-subtable">
                        <caption>
                          {t('activity-results.problem-detail', { title: problemLabel(row) })}
                        </caption>
                        <thead>
                          <tr>
                            <th scope="col">{t('activity-results.student')}</th>
                            <th scope="col">{t('activity-results.code')}</th>
                            <th scope="col">{t('activity-results.status')}</th>
                            <th scope="col">{t('activity-results.numerals')}</th>
                            <ActivityHeaders t={t} />
                          </tr>
                        </thead>
                        <tbody>
                          {row.students.map((student) => (
                            <tr key={student.studentId}>
                              <th scope="row">
                                {student.number}. {displayName(t, student)}
                              </th>
                              <td>
                                <Code t={t} code={student.code} />
                              </td>
                              <td>
                                <StatusMark t={t} status={student.status} className="kib-ar-status" />
                              </td>
                              <td>
                                <Numerals t={t} numerals={student.numerals} />
                              </td>
                              <ActivityCells t={t} activity={student} />
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </ScrollTable>
  );
}
