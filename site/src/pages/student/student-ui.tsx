import { formatDateTimeDmy, type StudentClassrooms } from '@kib/core';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useStudentClassrooms, type ModuleProblemProgress } from './student-data';

/**
 * The moment the page was opened: deadlines and publication are judged against one instant per visit,
 * so a module does not change state while the student reads it.
 */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}

/**
 * Loads the student's classrooms and renders `children` with them; meanwhile a spinner, and on
 * failure the reason with a retry button.
 */
export function StudentDataGate({ children }: { children: (data: StudentClassrooms) => ReactNode }) {
  const t = useT();
  const query = useStudentClassrooms();
  if (query.data) return children(query.data);
  if (query.isError)
    return (
      <Alert tone="danger">
        <p className="student-alert-text">
          {t('student.area-load-failed')} {errorMessage(query.error, t)}
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void query.refetch()}
          disabled={query.isFetching}
        >
          {t('student.area-retry')}
        </button>
      </Alert>
    );
  return (
    <p className="student-loading">
      <Spinner label={t('student.area-loading')} />
      <span aria-hidden="true">{t('student.area-loading')}</span>
    </p>
  );
}

/** One step of a breadcrumb: a link, or the current page when `to` is absent. */
export interface Crumb {
  /** Visible text. */
  label: ReactNode;
  /** Where it leads; the last crumb has none. */
  to?: string;
}

/** A breadcrumb trail (my classrooms > classroom > …) with the current page marked for screen readers. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const t = useT();
  return (
    <nav className="student-breadcrumb" aria-label={t('student.area-breadcrumb')}>
      <ol>
        {items.map((item, index) => (
          <li key={index}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * A module's status: 'active', or 'deadline passed' with its explanation in a tooltip. The tooltip is
 * the badge's accessible description (read by screen readers), opens on hover, on keyboard focus and
 * on tap, stays while hovered, and Escape closes it (WCAG 1.4.13).
 */
export function DeadlineStatus({ active }: { active: boolean }) {
  const t = useT();
  const tooltipId = useId();
  const [dismissed, setDismissed] = useState(false);
  const [pinned, setPinned] = useState(false);
  if (active)
    return <span className="student-status student-status-active">{t('student.module-status-active')}</span>;
  return (
    <span
      className="student-tooltip"
      data-open={pinned || undefined}
      data-dismissed={dismissed || undefined}
      onMouseLeave={() => setDismissed(false)}
    >
      <button
        type="button"
        className="student-status student-status-passed"
        aria-describedby={tooltipId}
        onClick={() => {
          setPinned((open) => !open);
          setDismissed(false);
        }}
        onFocus={() => setDismissed(false)}
        onBlur={() => setPinned(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setDismissed(true);
            setPinned(false);
          }
        }}
      >
        <WarningIcon />
        {t('student.module-status-passed')}
      </button>
      <span role="tooltip" id={tooltipId} className="student-tooltip-text">
        {t('student.module-passed-tooltip')}
      </span>
    </span>
  );
}

/** A deadline as the student area shows it (DD-MM-YYYY HH:mm), or 'no deadline'. */
export function DeadlineText({ deadline }: { deadline: Date | null }) {
  const t = useT();
  return (
    <span className="student-deadline">
      {deadline
        ? t('student.module-deadline', { date: formatDateTimeDmy(deadline) })
        : t('student.module-no-deadline')}
    </span>
  );
}

/** The address of a problem solved inside a module. */
export function solveHref(problemId: number, moduleId: number, classroomId: number): string {
  return `/student/solve?${new URLSearchParams({
    problem: String(problemId),
    module: String(moduleId),
    classroom: String(classroomId),
  })}`;
}

/** The address of a module view. */
export function moduleHref(moduleId: number, classroomId: number): string {
  return `/student/rendermodule?${new URLSearchParams({ module: String(moduleId), classroom: String(classroomId) })}`;
}

/**
 * The problems of a module in order: position, title (a link to solve it), completed numerals over
 * numerals as text and bar, and a done mark when every numeral is complete.
 */
export function ProblemList({
  problems,
  moduleId,
  classroomId,
}: {
  problems: ModuleProblemProgress[];
  moduleId: number;
  classroomId: number;
}) {
  const t = useT();
  if (problems.length === 0) return <p className="student-empty">{t('student.module-no-problems')}</p>;
  return (
    <ol className="student-problems">
      {problems.map((problem) => (
        <li key={problem.id} className="student-problem">
          <span className="student-problem-position" aria-hidden="true">
            {problem.position}
          </span>
          <span className="student-problem-main">
            <Link to={solveHref(problem.id, moduleId, classroomId)} className="student-problem-title">
              {problem.title}
            </Link>
            <span className="student-problem-progress">
              <span className="student-bar" aria-hidden="true">
                <span
                  className="student-bar-fill"
                  style={{
                    width: `${problem.numerals ? (problem.completed / problem.numerals) * 100 : 0}%`,
                  }}
                />
              </span>
              <span className="student-problem-count">
                {t('student.module-problem-progress', {
                  completed: problem.completed,
                  total: problem.numerals,
                })}
              </span>
            </span>
          </span>
          {problem.done && <DoneIcon label={t('student.module-done')} />}
        </li>
      ))}
    </ol>
  );
}

/** A check mark in a circle, announced with `label`. */
export function DoneIcon({ label }: { label: string }) {
  return (
    <svg className="student-done" viewBox="0 0 24 24" width="28" height="28" role="img" aria-label={label}>
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 2L1 21h22L12 2z" fill="currentColor" />
      <path d="M12 9v5M12 17v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
