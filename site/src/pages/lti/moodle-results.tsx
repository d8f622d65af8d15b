import { ActivityResults } from '@kib/widgets';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../app/api';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { resultsData } from '../../ui/results-data';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { GradeFailures } from './grade-failures';
import { LtiMain } from './lti-session';

/** The cache key of a link's results. */
export const linkResultsKey = (linkId: number) => ['lti-link-results', linkId] as const;

/**
 * /moodleteacher?link={id}: what an instructor's launch of a Kib activity opens (spec 03 "Teacher
 * activity results view", in the LMS): the results of the link's learners in the widgets'
 * dashboard, the course's whole roster when the platform shares it, and a way to try the activity.
 * LMS students are managed in the LMS, so there is no removal here.
 */
export function MoodleResults({ linkId }: { linkId: number }) {
  const t = useT();
  const api = useApi();
  const { language } = useLanguage();
  const results = useQuery({
    queryKey: linkResultsKey(linkId),
    queryFn: () => api.endpoints.ltiLinkResults({ params: { id: String(linkId) } }),
  });
  const answer = results.data;
  useDocumentTitle(answer?.moduleData.name ?? t('lti.results-title'));
  const data = useMemo(() => (answer ? resultsData(answer) : null), [answer]);
  const place = answer ? [answer.link.title, answer.link.contextTitle].filter(Boolean).join(' · ') : '';

  return (
    <LtiMain>
      <div className="lti-results-header">
        <div>
          <h1>{t('lti.results-title')}</h1>
          {place && <p className="lti-lead">{place}</p>}
        </div>
        {answer && (
          <div className="lti-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void results.refetch()}
              disabled={results.isFetching}
            >
              {t('lti.results-refresh')}
            </button>
            <Link className="button button-secondary" to={`/moodlestudent?module=${answer.link.moduleId}`}>
              {t('lti.results-try')}
            </Link>
          </div>
        )}
      </div>
      {answer?.roster === 'unavailable' && (
        <Alert tone="warning">{t('lti.results-roster-unavailable')}</Alert>
      )}
      {answer?.roster === 'launches' && <p className="lti-lead">{t('lti.results-roster-launches')}</p>}
      {answer && (
        <GradeFailures
          linkId={linkId}
          failures={answer.gradeFailures}
          students={answer.studentsData}
          queryKey={linkResultsKey(linkId)}
        />
      )}
      {data ? (
        <ActivityResults data={data} lang={language} />
      ) : results.isError ? (
        <Alert tone="danger">
          <p>
            {(results.error as { status?: number }).status === 404
              ? t('lti.results-not-found')
              : errorMessage(results.error, t)}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void results.refetch()}>
            {t('lti.student-retry')}
          </button>
        </Alert>
      ) : (
        <p>
          <Spinner label={t('lti.results-loading')} />{' '}
          <span aria-hidden="true">{t('lti.results-loading')}</span>
        </p>
      )}
    </LtiMain>
  );
}
