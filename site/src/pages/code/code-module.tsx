import { formatDateDmy } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { isWrongCode, problemProgress, useStudentActivity } from './code-api';
import type { CodeNotice } from './code-entry';
import type { CodeSession } from './code-session';

/** The link that opens a problem of the activity in the solver. */
export function codeSolveHref(problemId: number): string {
  return `/code/student/solve?problem=${problemId}`;
}

/**
 * The registered student's module view (spec 03 §2): the module's name and description, a greeting
 * (or that they are anonymous), their progress, and the problems in numeration order, each opening
 * the solver, with a check mark once all its questions are completed. 'Salir' leaves the activity.
 * When the code has expired or the student was removed by the teacher, the activity ends.
 */
export function CodeModule({
  session,
  focusHeading,
  onLeave,
  onEnded,
}: {
  session: Extract<CodeSession, { role: 'student' }>;
  /** Move the focus to the heading (the reader just came from another screen of this page). */
  focusHeading: boolean;
  onLeave: () => void;
  onEnded: (notice: CodeNotice) => void;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const activity = useStudentActivity(session);
  const data = activity.data;
  const self = data?.studentsData.find((s) => s.id === session.tempStudentId);
  const ended: CodeNotice | null =
    activity.error && isWrongCode(activity.error) ? 'wrong-code' : data && !self ? 'session-ended' : null;

  useEffect(() => {
    if (ended) onEnded(ended);
  }, [ended, onEnded]);
  useEffect(() => {
    if (focusHeading && self) headingRef.current?.focus();
  }, [focusHeading, self]);
  useDocumentTitle(data && self ? data.moduleData.name : t('code.title'));

  if (activity.isPending || ended)
    return (
      <div className="container page code-page">
        <h1 className="visually-hidden">{t('code.title')}</h1>
        <Spinner label={t('code.loading')} />
      </div>
    );
  if (activity.isError || !data || !self)
    return (
      <div className="container page narrow code-page">
        <h1>{t('code.title')}</h1>
        <Alert tone="danger">{errorMessage(activity.error, t)}</Alert>
        <div className="form-actions code-actions">
          <button type="button" className="button button-primary" onClick={() => void activity.refetch()}>
            {t('code.retry')}
          </button>
          <button type="button" className="button button-secondary" onClick={onLeave}>
            {t('code.leave')}
          </button>
        </div>
      </div>
    );

  const problems = problemProgress(data);
  const done = problems.filter((p) => p.done).length;
  const name = [self.firstName, self.lastName].filter(Boolean).join(' ');
  return (
    <div className="container page code-page">
      <div className="code-module-header">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            {data.moduleData.name}
          </h1>
          <p className="code-lead">{name ? t('code.hello', { name }) : t('code.anonymous')}</p>
        </div>
        <button type="button" className="button button-secondary code-leave" onClick={onLeave}>
          {t('code.leave')}
        </button>
      </div>
      {data.moduleData.description && (
        <p>
          <MathText text={data.moduleData.description} />
        </p>
      )}
      <p className="code-meta">
        {t('code.progress', { completed: done, total: problems.length })}
        {data.moduleData.validUntil &&
          ` ${t('code.available-until', { date: formatDateDmy(new Date(data.moduleData.validUntil)) })}`}
      </p>
      <h2>{t('code.problems-title')}</h2>
      {problems.length === 0 ? (
        <p>{t('code.no-problems')}</p>
      ) : (
        <ol className="code-problems">
          {problems.map((problem, index) => (
            <li key={problem.id} className="code-problem">
              <span className="code-problem-position" aria-hidden="true">
                {problem.numeration ?? index + 1}
              </span>
              <span className="code-problem-main">
                <Link to={codeSolveHref(problem.id)} className="code-problem-title">
                  {problem.title}
                </Link>
                <span className="code-problem-count">
                  {t('code.problem-numerals', {
                    completed: problem.completed,
                    total: problem.numerals.length,
                  })}
                </span>
              </span>
              {problem.done && (
                <svg
                  className="code-done"
                  viewBox="0 0 24 24"
                  width="28"
                  height="28"
                  role="img"
                  aria-label={t('code.problem-done')}
                >
                  <circle cx="12" cy="12" r="11" fill="currentColor" />
                  <path
                    d="M6.5 12.5l3.5 3.5 7.5-8"
                    fill="none"
                    stroke="#fff"
                    strokeWidth="2.5"
                    strokeLinecap="round"
                  />
                </svg>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
