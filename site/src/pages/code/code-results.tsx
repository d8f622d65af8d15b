import { ActivityResults } from '@kib/widgets';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApi } from '../../app/api';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { resultsData } from '../../ui/results-data';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { isFinal, isWrongCode, teacherActivityKey } from './code-api';

/**
 * The teacher's view of a code activity (spec 03 §2 "Teacher activity results view"): the widgets'
 * results dashboard fed by validatemodulecodeteachers/, where removing a student calls
 * delete_temp_student/ with the teacher code and reloads the results. 'Salir' forgets the code.
 */
export function CodeResults({
  moduleCode,
  focusHeading,
  onLeave,
  onWrongCode,
}: {
  moduleCode: string;
  /** Move the focus to the heading (the reader just came from the code form). */
  focusHeading: boolean;
  onLeave: () => void;
  /** The code stopped working (the activity expired). */
  onWrongCode: () => void;
}) {
  const t = useT();
  const api = useApi();
  const { language } = useLanguage();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t('code.results-title'));

  const results = useQuery({
    queryKey: teacherActivityKey(moduleCode),
    queryFn: () => api.endpoints.validateTeacherCode({ query: { moduleCode } }),
    retry: (failures, error) => !isFinal(error) && failures < 1,
  });
  const wrongCode = results.error !== null && isWrongCode(results.error);
  useEffect(() => {
    if (wrongCode) onWrongCode();
  }, [wrongCode, onWrongCode]);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  const answer = results.data;
  const data = useMemo(() => (answer ? resultsData(answer) : null), [answer]);
  const { refetch } = results;
  const removeStudent = useCallback(
    async (studentId: number) => {
      try {
        await api.endpoints.deleteTempStudent({ body: { studentId, moduleCode } });
      } catch {
        return false;
      }
      void refetch();
      return true;
    },
    [api, moduleCode, refetch],
  );

  return (
    <div className="container page code-page code-results">
      <div className="code-module-header">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            {t('code.results-title')}
          </h1>
          <p className="code-lead">{t('code.results-lead', { code: moduleCode })}</p>
        </div>
        <button type="button" className="button button-secondary code-leave" onClick={onLeave}>
          {t('code.leave')}
        </button>
      </div>
      {data ? (
        <ActivityResults data={data} lang={language} onRemoveStudent={removeStudent} />
      ) : results.isError && !wrongCode ? (
        <>
          <Alert tone="danger">{errorMessage(results.error, t)}</Alert>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => void refetch()}>
              {t('code.retry')}
            </button>
          </div>
        </>
      ) : (
        <Spinner label={t('code.loading')} />
      )}
    </div>
  );
}
