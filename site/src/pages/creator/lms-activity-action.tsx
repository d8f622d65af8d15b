import { ApiError } from '@kib/api-client';
import { LTI_MODULE_NAME_MAX_LENGTH } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../app/api';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { pickerPath, useLmsSelection } from '../lti/lms-selection';
import { useCreatorDraft } from './creator-draft.store';
import '../lti/lti.css';

/**
 * The modules this page saved, by selection and problem: using the same problem again for the same
 * selection (back from the picker, say) updates its module instead of making another. Kept in the
 * page's memory, like the LMS session.
 */
const savedModules = new Map<string, number>();

/**
 * The creation tool opened from an LMS's activity picker (`?lti={selection}`), for an LMS teacher:
 * once the problem is saved and published, "Use in this LMS activity" puts it in a module of theirs
 * (custom-lti/save_module_data/) and goes back to the picker with the module's student activity
 * code, which the picker sends to the LMS. Nothing shows outside an LMS selection.
 */
export function LmsActivityAction() {
  const user = useUser();
  const selection = useLmsSelection();
  if (!selection || !user?.groups.includes('LTITeacher')) return null;
  return <LmsActivity selection={selection} />;
}

function LmsActivity({ selection }: { selection: string }) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const headingId = useId();
  const problemId = useCreatorDraft((s) => s.draft.id);
  const problemTitle = useCreatorDraft((s) => s.draft.title);
  const description = useCreatorDraft((s) => s.draft.description);
  const published = useCreatorDraft((s) => s.draft.publishProblem);
  const dirty = useCreatorDraft((s) => s.dirty);
  const [title, setTitle] = useState<string | null>(null);
  const activityTitle = title ?? problemTitle;
  const blank = activityTitle.trim() === '';

  const use = useMutation({
    mutationFn: (problem: number) =>
      api.endpoints.saveLtiModule({
        body: {
          id: savedModules.get(`${selection}:${problem}`) ?? null,
          name: '',
          description: description.slice(0, 2000),
          moduleProblems: [{ problemId: problem, numeration: 1 }],
          moduleClassrooms: [],
          contextId: selection,
          activityTitle: activityTitle.trim(),
        },
      }),
    onSuccess: (answer, problem) => {
      savedModules.set(`${selection}:${problem}`, answer.moduleId);
      void navigate(pickerPath(selection, answer.moduleCode));
    },
  });
  const error = use.error instanceof ApiError ? use.error : null;
  const titleError = error?.fields.activity_title?.[0] ?? error?.fields.name?.[0];
  const otherError = use.isError && !titleError ? errorMessage(use.error, t) : null;
  const ready = problemId !== null && !dirty && published;

  return (
    <section className="card modules-section creator-lms" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('lti.tool-title')}</h2>
      <p className="teacher-lead">{t('lti.tool-lead')}</p>
      {ready ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!blank) use.mutate(problemId);
          }}
        >
          <Field
            label={t('lti.tool-activity-title')}
            value={activityTitle}
            maxLength={LTI_MODULE_NAME_MAX_LENGTH}
            required
            error={blank ? t('lti.tool-activity-title-blank') : titleError}
            onChange={(event) => {
              use.reset();
              setTitle(event.target.value);
            }}
          />
          {otherError && <Alert tone="danger">{otherError}</Alert>}
          <div className="lti-actions">
            <button type="submit" className="button button-primary" disabled={use.isPending || blank}>
              {use.isPending && <Spinner label={t('lti.tool-using')} />}
              {t('lti.tool-use')}
            </button>
            <Link className="button button-secondary" to={pickerPath(selection)}>
              {t('lti.tool-back')}
            </Link>
          </div>
        </form>
      ) : (
        <>
          <p className="modules-hint" role="status">
            {problemId === null || dirty ? t('lti.tool-save-first') : t('lti.tool-publish-first')}
          </p>
          <Link className="button button-secondary" to={pickerPath(selection)}>
            {t('lti.tool-back')}
          </Link>
        </>
      )}
    </section>
  );
}
