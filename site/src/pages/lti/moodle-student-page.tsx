import type { LtiModuleView } from '@kib/core';
import { progressPercent } from '@kib/core';
import { ApiBackend, MathText, Solver } from '@kib/widgets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useMediaAddresses } from '../../app/public-config';
import { useRecognizeHandwriting } from '../../app/handwriting';
import { usePhonePhoto } from '../../app/phone-photo';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { idParam, LtiGate, LtiMain } from './lti-session';

const moduleKey = (moduleId: number | null) => ['lti-module', moduleId] as const;

/**
 * /moodlestudent?module={id} (spec 03 "Moodle student: shows the assignment solver"): the module an
 * LMS launch opened, its problems with the student's progress, and `&problem={id}` the solver.
 */
export function MoodleStudentPage() {
  return (
    <LtiGate>
      <StudentActivity />
    </LtiGate>
  );
}

function StudentActivity() {
  const t = useT();
  const api = useApi();
  const [params] = useSearchParams();
  const moduleId = idParam(params, 'module');
  const problemId = idParam(params, 'problem');
  const module = useQuery({
    queryKey: moduleKey(moduleId),
    queryFn: () => api.endpoints.ltiModule({ params: { id: String(moduleId) } }),
    enabled: moduleId !== null,
  });
  const problem = module.data?.problems.find((p) => p.id === problemId);
  useDocumentTitle(problem?.title ?? module.data?.name ?? t('lti.student-title'));

  if (moduleId === null)
    return (
      <LtiMain>
        <h1>{t('lti.student-title')}</h1>
        <Alert tone="info">{t('lti.student-no-module')}</Alert>
      </LtiMain>
    );
  if (module.isPending)
    return (
      <LtiMain>
        <h1>{t('lti.student-title')}</h1>
        <p>
          <Spinner label={t('lti.student-loading')} />{' '}
          <span aria-hidden="true">{t('lti.student-loading')}</span>
        </p>
      </LtiMain>
    );
  if (module.isError)
    return (
      <LtiMain>
        <h1>{t('lti.student-title')}</h1>
        <Alert tone="danger">
          <p>
            {(module.error as { status?: number }).status === 404
              ? t('lti.student-not-found')
              : errorMessage(module.error, t)}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void module.refetch()}
            disabled={module.isFetching}
          >
            {t('lti.student-retry')}
          </button>
        </Alert>
      </LtiMain>
    );
  if (problemId !== null) return <SolveProblem moduleId={moduleId} problemId={problemId} />;
  return <ModuleProblems module={module.data} />;
}

function ModuleProblems({ module }: { module: LtiModuleView }) {
  const t = useT();
  const completed = module.problems.reduce((sum, p) => sum + p.completed, 0);
  const total = module.problems.reduce((sum, p) => sum + p.numerals, 0);
  return (
    <LtiMain>
      <h1>{module.name}</h1>
      {module.description && (
        <p className="lti-lead">
          <MathText text={module.description} />
        </p>
      )}
      <p>{t('lti.student-progress', { completed, total, percent: progressPercent(completed, total) })}</p>
      <h2>{t('lti.student-problems')}</h2>
      {module.problems.length === 0 ? (
        <p>{t('lti.student-no-problems')}</p>
      ) : (
        <ol className="lti-problems">
          {module.problems.map((p) => (
            <li key={p.id} className="lti-problem">
              <span className="lti-problem-main">
                <Link className="lti-problem-title" to={`/moodlestudent?module=${module.id}&problem=${p.id}`}>
                  {p.title}
                </Link>
                <span className="lti-problem-count">
                  {t('lti.student-problem-progress', { completed: p.completed, total: p.numerals })}
                </span>
              </span>
              {p.numerals > 0 && p.completed >= p.numerals && (
                <svg
                  className="lti-done"
                  viewBox="0 0 24 24"
                  width="28"
                  height="28"
                  role="img"
                  aria-label={t('lti.student-problem-done')}
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
    </LtiMain>
  );
}

function SolveProblem({ moduleId, problemId }: { moduleId: number; problemId: number }) {
  const t = useT();
  const api = useApi();
  const { language } = useLanguage();
  const media = useMediaAddresses();
  const recognizeHandwriting = useRecognizeHandwriting();
  const queryClient = useQueryClient();
  const backend = useMemo(() => new ApiBackend(api, problemId), [api, problemId]);
  const phonePhoto = usePhonePhoto(api);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: moduleKey(moduleId) });
  }, [queryClient, moduleId]);
  return (
    <LtiMain>
      <h1 className="visually-hidden">{t('lti.student-title')}</h1>
      <Link className="lti-back" to={`/moodlestudent?module=${moduleId}`}>
        <span aria-hidden="true">←</span>
        {t('lti.student-back')}
      </Link>
      <Solver
        key={problemId}
        backend={backend}
        lang={language}
        pictureBaseUrl={media.pictureBaseUrl}
        videoBaseUrl={media.videoBaseUrl}
        onNumeralComplete={refresh}
        recognizeHandwriting={recognizeHandwriting}
        phonePhoto={phonePhoto}
        onComplete={refresh}
      />
    </LtiMain>
  );
}
