import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { ContentItemRequestSchema, type ContentItemAnswer } from '@kib/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { KibAccountModules } from './kib-account-modules';
import { creationToolPath, PICKER_CODE_PARAM } from './lms-selection';
import { idParam, LtiGate, LtiMain } from './lti-session';
import { MoodleResults } from './moodle-results';

const CodeSchema = ContentItemRequestSchema.pick({ activityCode: true });

/** A field error: the schema's validation keys are translated; the server's texts arrive translated. */
function fieldError(message: string | undefined, t: ReturnType<typeof useT>): string | undefined {
  if (!message) return undefined;
  return message.startsWith('validation.') ? t(message) : message;
}

/**
 * /moodleteacher?selection={id} (spec 03 "Moodle teacher"): a teacher adding Kib to a Moodle course
 * types an activity code; Kib signs the Content-Item answer on the server (the return URL never
 * comes from this page) and the page posts it back to the LMS in a form of hidden fields.
 * 'Nuevo ejercicio' opens the creation tool in this frame for the selection; the tool comes back
 * with `&code={activity code}` of the module it saved, which is sent at once as if typed.
 * /moodleteacher?link={id}: a teacher opening a Kib activity of their course sees its results.
 */
export function MoodleTeacherPage() {
  const [params] = useSearchParams();
  const linkId = idParam(params, 'link');
  return <LtiGate>{linkId === null ? <ActivityPicker /> : <MoodleResults linkId={linkId} />}</LtiGate>;
}

function ActivityPicker() {
  const t = useT();
  const api = useApi();
  const [params] = useSearchParams();
  const selection = params.get('selection');
  const returned = params.get(PICKER_CODE_PARAM);
  useDocumentTitle(t('lti.teacher-title'));
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CodeSchema), defaultValues: { activityCode: returned ?? '' } });
  const send = useMutation({
    mutationFn: (activityCode: string) =>
      api.endpoints.ltiContentItem({ body: { selection: selection ?? '', activityCode } }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'lti-activity-unknown')
        setError('activityCode', { message: t('lti.teacher-wrong-code') }, { shouldFocus: true });
      else if (error instanceof ApiError && error.fields.activity_code?.[0])
        setError('activityCode', { message: error.fields.activity_code[0] }, { shouldFocus: true });
    },
  });
  const onSubmit = handleSubmit((values) => send.mutate(values.activityCode));
  const wrongCode = send.error instanceof ApiError && send.error.code === 'lti-activity-unknown';
  const otherFailure =
    send.isError && !wrongCode && !(send.error instanceof ApiError && send.error.fields.activity_code);

  useEffect(() => {
    if (errors.activityCode) setFocus('activityCode');
  }, [errors.activityCode, setFocus]);

  // The code of the module the creation tool just saved for this selection goes to the LMS once.
  const { mutate } = send;
  const returnedSent = useRef(false);
  useEffect(() => {
    if (!selection || !returned || returnedSent.current) return;
    returnedSent.current = true;
    mutate(returned);
  }, [selection, returned, mutate]);

  if (!selection)
    return (
      <LtiMain>
        <h1>{t('lti.teacher-title')}</h1>
        <Alert tone="info">{t('lti.teacher-no-selection')}</Alert>
      </LtiMain>
    );

  return (
    <LtiMain>
      <h1>{t('lti.teacher-title')}</h1>
      <p className="lti-lead">{t('lti.teacher-intro')}</p>
      {send.isSuccess ? (
        <ReturnToPlatform answer={send.data} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field
            label={t('lti.teacher-code-label')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={fieldError(errors.activityCode?.message, t)}
            hint={wrongCode ? t('lti.teacher-wrong-code-hint') : undefined}
            {...register('activityCode')}
          />
          {otherFailure && (
            <Alert tone="danger">
              {send.error instanceof ApiError && send.error.status === 404
                ? t('lti.session-missing')
                : errorMessage(send.error, t)}
            </Alert>
          )}
          <div className="lti-actions">
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {send.isPending ? (
                <>
                  <Spinner label={t('lti.teacher-sending')} />{' '}
                  <span aria-hidden="true">{t('lti.teacher-sending')}</span>
                </>
              ) : (
                t('lti.teacher-send')
              )}
            </button>
            <Link
              className="button button-secondary"
              to={creationToolPath(selection)}
              aria-describedby="lti-new-hint"
            >
              {t('lti.teacher-new')}
            </Link>
            <span id="lti-new-hint" className="visually-hidden">
              {t('lti.teacher-new-hint')}
            </span>
          </div>
        </form>
      )}
      {!send.isSuccess && (
        <>
          <KibAccountModules disabled={send.isPending} onChoose={(code) => send.mutate(code)} />
          <RecentActivities disabled={send.isPending} onChoose={(code) => send.mutate(code)} />
        </>
      )}
    </LtiMain>
  );
}

/**
 * The activities this teacher placed or opened in their LMS before, each chosen with one button
 * (the same answer as typing its code). Nothing shows while they load, fail or are none.
 */
function RecentActivities({ disabled, onChoose }: { disabled: boolean; onChoose: (code: string) => void }) {
  const t = useT();
  const api = useApi();
  const recent = useQuery({
    queryKey: ['lti-recent-activities'],
    queryFn: () => api.endpoints.ltiRecentActivities(),
  });
  const activities = recent.data?.activities ?? [];
  if (activities.length === 0) return null;
  return (
    <section className="lti-recent" aria-labelledby="lti-recent-title">
      <h2 id="lti-recent-title">{t('lti.teacher-recent-title')}</h2>
      <ul className="lti-problems">
        {activities.map((activity) => (
          <li key={activity.moduleId} className="lti-problem">
            <div className="lti-problem-main">
              <span className="lti-problem-title">{activity.name}</span>
              {activity.contextTitle && (
                <span className="lti-lead">
                  {t('lti.teacher-recent-course', { course: activity.contextTitle })}
                </span>
              )}
            </div>
            <button
              type="button"
              className="button button-secondary"
              disabled={disabled}
              aria-label={t('lti.teacher-recent-choose-named', { name: activity.name })}
              onClick={() => onChoose(activity.activityCode)}
            >
              {t('lti.teacher-recent-choose')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Posts the signed Content-Item fields to the LMS as the spec's browser form: hidden inputs (React
 * escapes their values) submitted once, to the return URL the server kept for this selection.
 */
function ReturnToPlatform({ answer }: { answer: ContentItemAnswer }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.submit();
  }, [answer]);
  return (
    <>
      <p>
        <Spinner label={t('lti.teacher-returning')} />{' '}
        <span aria-hidden="true">{t('lti.teacher-returning')}</span>
      </p>
      <form ref={form} method="post" action={answer.url} className="lti-hidden-form" aria-hidden="true">
        {answer.fields.map((field) => (
          <input key={field.name} type="hidden" name={field.name} value={field.value} />
        ))}
      </form>
    </>
  );
}
