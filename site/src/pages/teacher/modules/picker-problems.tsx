import { MathText } from '@kib/widgets';
import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { useModuleDraft, useModuleDraftStore, type DraftProblem } from './module-draft.store';
import { HiddenName } from './modules-ui';
import type { ShownProblem } from './problem-dialogs';

/** A list that could not be loaded: why, and a retry. */
export function LoadFailed({
  query,
  message,
}: {
  query: Pick<UseQueryResult, 'isFetching'> & { error: unknown; refetch: () => Promise<unknown> };
  message: string;
}) {
  const t = useT();
  return (
    <Alert tone="danger">
      <p className="teacher-alert-text">
        {message} {errorMessage(query.error, t)}
      </p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        {t('teacher.retry')}
      </button>
    </Alert>
  );
}

/** What the builder's parts do with a problem besides adding it: preview it, try it, say what happened. */
export interface ProblemActions {
  onPreview: (problem: ShownProblem) => void;
  onTry: (problem: ShownProblem) => void;
  announce: (message: string) => void;
}

/** A list of problems (a subtopic's, or found by competences), each with Add, Preview and Try. */
export function PickerProblems({
  problems,
  onPreview,
  onTry,
  announce,
}: ProblemActions & { problems: DraftProblem[] }) {
  const t = useT();
  const store = useModuleDraftStore();
  const chosen = useModuleDraft((state) => state.problems);
  const inModule = useMemo(() => new Set(chosen.map((p) => p.id)), [chosen]);
  if (problems.length === 0) return <p className="modules-hint">{t('teacher-modules.no-problems')}</p>;
  return (
    <>
      <p className="modules-hint">{t('teacher-modules.problem-count', { count: problems.length })}</p>
      <ul className="modules-problem-list" aria-label={t('teacher-modules.picker-list')}>
        {problems.map((problem) => (
          <li key={problem.id} className="modules-problem">
            <div className="modules-problem-text">
              <span className="modules-problem-title">
                <MathText text={problem.title} />
              </span>
              <span className="modules-problem-meta">
                {t('teacher-modules.question-count', { count: problem.numeralCount })}
                {inModule.has(problem.id) && (
                  <span className="modules-in-module"> · {t('teacher-modules.in-module')}</span>
                )}
              </span>
            </div>
            <div className="modules-problem-actions">
              <button
                type="button"
                className="button button-primary modules-small"
                onClick={() => {
                  const added = store.getState().addProblem(problem);
                  announce(
                    t(added ? 'teacher-modules.added' : 'teacher-modules.already-added', {
                      title: problem.title,
                    }),
                  );
                }}
              >
                {t('teacher-modules.add')}
                <HiddenName name={problem.title} />
              </button>
              <button
                type="button"
                className="button button-secondary modules-small"
                onClick={() => onPreview(problem)}
              >
                {t('teacher-modules.preview')}
                <HiddenName name={problem.title} />
              </button>
              <button
                type="button"
                className="button button-secondary modules-small"
                onClick={() => onTry(problem)}
              >
                {t('teacher-modules.try')}
                <HiddenName name={problem.title} />
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
