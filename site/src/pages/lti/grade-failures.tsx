import type { ActivityStudent, LtiGradeFailure } from '@kib/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../app/api';
import { useLanguage, useT } from '../../i18n/language';
import { Alert, StatusNotice } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';

/**
 * The grades of a link's learners that the LMS refused until Kib gave up: who, the grade, the LMS's
 * last answer, the tries and since when, with a button to send each again and one for all. A resent
 * grade goes at the senders' next pass (seconds), with its tries counted afresh; `queryKey` is the
 * results' cache key, refreshed after a resend so the row leaves the list.
 */
export function GradeFailures({
  linkId,
  failures,
  students,
  queryKey,
}: {
  linkId: number;
  failures: LtiGradeFailure[];
  students: ActivityStudent[];
  queryKey: readonly unknown[];
}) {
  const t = useT();
  const api = useApi();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: (studentId?: number) =>
      api.endpoints.resendLtiGrades({
        params: { id: String(linkId) },
        body: studentId === undefined ? {} : { studentId },
      }),
    onSuccess: ({ resent }) => {
      setNotice(t('lti.grades-resent', { count: resent }));
      void queryClient.invalidateQueries({ queryKey });
    },
  });
  const nameOf = (id: number) => {
    const s = students.find((st) => st.id === id);
    return s ? `${s.firstName} ${s.lastName}`.trim() : t('lti.grades-unknown-student');
  };
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <>
      <StatusNotice notice={notice} onClose={() => setNotice(null)} />
      {failures.length > 0 && (
        <section className="lti-grade-failures">
          <h2 id="lti-grade-failures-title">{t('lti.grades-failed-title')}</h2>
          <p>{t('lti.grades-failed-lead', { count: failures.length })}</p>
          {resend.isError && (
            <Alert tone="danger">
              <p>{errorMessage(resend.error, t)}</p>
            </Alert>
          )}
          <div
            className="teacher-table-wrap"
            role="region"
            aria-labelledby="lti-grade-failures-title"
            tabIndex={0}
          >
            <table className="teacher-table">
              <thead>
                <tr>
                  <th scope="col">{t('lti.grades-student')}</th>
                  <th scope="col">{t('lti.grades-grade')}</th>
                  <th scope="col">{t('lti.grades-answer')}</th>
                  <th scope="col">{t('lti.grades-attempts')}</th>
                  <th scope="col">{t('lti.grades-since')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('lti.grades-actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {failures.map((f) => {
                  const name = nameOf(f.studentId);
                  return (
                    <tr key={f.studentId}>
                      <th scope="row">{name}</th>
                      <td className="teacher-table-number">{percent.format(f.score)}</td>
                      <td>
                        <code>{f.error}</code>
                      </td>
                      <td className="teacher-table-number">{f.attempts}</td>
                      <td>{when.format(new Date(f.givenUpAt))}</td>
                      <td>
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={resend.isPending}
                          aria-label={t('lti.grades-resend-one', { name })}
                          onClick={() => resend.mutate(f.studentId)}
                        >
                          {t('lti.grades-resend')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {failures.length > 1 && (
            <p className="lti-actions">
              <button
                type="button"
                className="button"
                disabled={resend.isPending}
                onClick={() => resend.mutate(undefined)}
              >
                {t('lti.grades-resend-all')}
              </button>
            </p>
          )}
        </section>
      )}
    </>
  );
}
