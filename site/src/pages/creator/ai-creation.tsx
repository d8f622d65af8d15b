import { ApiError } from '@kib/api-client';
import { AI_TEXT_MAX_LENGTH, type AiProblemAnswer, type AuthoringCheck, type ProblemDraft } from '@kib/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../app/api';
import { followJob, type FollowedJob } from '../../app/follow-job';
import { useLanguage, useT, type Translate } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { contentName, useCourseTopics, useSubtopics } from '../teacher/modules/module-data';
import { CREATOR_PROBLEMS, type DraftUpload } from './creator-data';
import { useCreatorDraft, useCreatorDraftStore } from './creator-draft.store';
import { itemHeadingId } from './draft-check';
import { focusElement } from './tool-ui';

/** The picture types the model reads. */
const PICTURE_TYPES = 'image/png,image/jpeg';

/** What one generation sends. */
interface AiInput {
  data: {
    topicName: string;
    subTopicName: string;
    language: ProblemDraft['language'];
    problemPrompt: string;
    newExercise: boolean;
    description: string;
    numeralQuestions: string[];
  };
  picture: File | null;
}

/**
 * Asks the configured model for a problem (POST create_ai_problem/, multipart) and follows the
 * generation until its draft is there; `onProgress` hears each state it passes through.
 */
function useCreateAiProblem(onProgress: (job: FollowedJob<unknown> | null) => void) {
  const api = useApi();
  const t = useT();
  return useMutation({
    onSettled: () => onProgress(null),
    mutationFn: async ({ data, picture }: AiInput) => {
      const files: DraftUpload[] = picture
        ? [
            {
              field: 'picture_0',
              file: picture,
              name: picture.name,
              formdata: { name: picture.name, type: 'problem', id: '' },
            },
          ]
        : [];
      const job = await api.upload('createAiProblem', { body: { data }, files });
      // The draft as the creation tool's store takes it (the wire's optional fields are filled in there).
      return (await followJob(job, (id) => api.endpoints.aiProblemJob({ params: { id } }), {
        onProgress,
        tooLong: () => new ApiError(504, 'ai-timeout', t('site.job-too-long')),
      })) as AiProblemAnswer;
    },
  });
}

/** A failing check's reason in the reader's language (the checker's key and params), or a general one. */
function reasonText(check: AuthoringCheck, t: Translate): string {
  if (!check.reason) return t('creator.check-failed');
  const said = t(check.reason, check.params);
  return said === check.reason ? t('creator.check-failed') : said;
}

/**
 * 'Create with AI' (spec 02 §4 "created from AI-generated payloads", §7 create_ai_problem/): the
 * creator describes a new exercise, or gives one's statement, questions and picture; the generated
 * problem is loaded into the draft, and each numeral or step whose answer the checker refused is
 * listed with the checker's reason (announced, each a link to the item). Without a configured model
 * the server says so, and the offline variants are offered instead.
 */
export function AiCreation({ announce }: { announce: (text: string) => void }) {
  const t = useT();
  const headingId = useId();
  const { language: uiLanguage } = useLanguage();
  const store = useCreatorDraftStore();
  const draft = useCreatorDraft((s) => s.draft);
  const topics = useCourseTopics(draft.courseId, uiLanguage);
  const subtopics = useSubtopics(draft.topicId, uiLanguage);
  const [progress, setProgress] = useState<FollowedJob<unknown> | null>(null);
  const generate = useCreateAiProblem(setProgress);
  const [open, setOpen] = useState(false);
  const [newExercise, setNewExercise] = useState(true);
  const [prompt, setPrompt] = useState('');
  const [description, setDescription] = useState('');
  const [questions, setQuestions] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<{ checks: AuthoringCheck[]; numerals: number } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const id = (name: string) => `${headingId}-${name}`;

  const topic = topics.data?.find((x) => x.id === draft.topicId);
  const subtopic = subtopics.data?.find((x) => x.id === draft.subtopicId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topic || !subtopic) {
      setMissing(true);
      return;
    }
    setResult(null);
    generate.mutate(
      {
        data: {
          topicName: contentName(topic, 'es'),
          subTopicName: contentName(subtopic, 'es'),
          language: draft.language,
          problemPrompt: prompt,
          newExercise,
          description: newExercise ? '' : description,
          numeralQuestions: newExercise
            ? []
            : questions
                .split('\n')
                .map((q) => q.trim())
                .filter(Boolean),
        },
        picture: newExercise ? null : picture,
      },
      {
        onSuccess: (answer) => {
          store.getState().loadGenerated(answer.problem as ProblemDraft);
          const failing = answer.checks.filter((c) => !c.ok);
          setResult({ checks: failing, numerals: answer.problem.numerals.length });
          announce(t('creator-ai.loaded', { count: answer.problem.numerals.length }));
          requestAnimationFrame(() => resultRef.current?.focus());
        },
      },
    );
  };

  const notConfigured = generate.error instanceof ApiError && generate.error.code === 'ai-not-configured';

  return (
    <section className="card modules-section creator-ai" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('creator-ai.title')}</h2>
      <p className="modules-hint">{t('creator-ai.lead')}</p>
      {!open ? (
        <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
          {t('creator-ai.open')}
        </button>
      ) : (
        <form onSubmit={submit} aria-busy={generate.isPending || undefined}>
          <p className="modules-hint">
            {t('creator-ai.uses', {
              topic: topic ? contentName(topic, uiLanguage) : t('creator-ai.none'),
              subtopic: subtopic ? contentName(subtopic, uiLanguage) : t('creator-ai.none'),
              language: t(`creator.language-${draft.language}`),
            })}
          </p>
          <fieldset className="creator-ai-mode">
            <legend>{t('creator-ai.mode')}</legend>
            <label className="modules-check">
              <input
                type="radio"
                name={id('mode')}
                checked={newExercise}
                onChange={() => setNewExercise(true)}
              />
              {t('creator-ai.mode-new')}
            </label>
            <label className="modules-check">
              <input
                type="radio"
                name={id('mode')}
                checked={!newExercise}
                onChange={() => setNewExercise(false)}
              />
              {t('creator-ai.mode-existing')}
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor={id('prompt')}>
              {t(newExercise ? 'creator-ai.prompt' : 'creator-ai.prompt-optional')}
            </label>
            <textarea
              id={id('prompt')}
              rows={3}
              required={newExercise}
              maxLength={AI_TEXT_MAX_LENGTH}
              value={prompt}
              aria-describedby={id('prompt-hint')}
              onChange={(e) => setPrompt(e.target.value)}
            />
            <div id={id('prompt-hint')} className="field-hint">
              {t('creator-ai.prompt-hint')}
            </div>
          </div>
          {!newExercise && (
            <>
              <div className="field">
                <label htmlFor={id('description')}>{t('creator-ai.description')}</label>
                <textarea
                  id={id('description')}
                  rows={3}
                  maxLength={AI_TEXT_MAX_LENGTH}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={id('questions')}>{t('creator-ai.questions')}</label>
                <textarea
                  id={id('questions')}
                  rows={3}
                  value={questions}
                  aria-describedby={id('questions-hint')}
                  onChange={(e) => setQuestions(e.target.value)}
                />
                <div id={id('questions-hint')} className="field-hint">
                  {t('creator-ai.questions-hint')}
                </div>
              </div>
              <div className="field">
                <label htmlFor={id('picture')}>{t('creator-ai.picture')}</label>
                <input
                  id={id('picture')}
                  type="file"
                  accept={PICTURE_TYPES}
                  aria-describedby={id('picture-hint')}
                  onChange={(e) => setPicture(e.target.files?.[0] ?? null)}
                />
                <div id={id('picture-hint')} className="field-hint">
                  {t('creator-ai.picture-hint')}
                </div>
              </div>
            </>
          )}
          <p className="modules-hint">{t('creator-ai.replaces')}</p>
          <button type="submit" className="button button-primary" disabled={generate.isPending}>
            {generate.isPending && <Spinner label={t('creator-ai.generating')} />}
            {t('creator-ai.generate')}
          </button>
          {generate.isPending && progress && (
            <p className="modules-hint" role="status">
              {progress.state === 'queued' && progress.failedTries > 0
                ? t('creator-ai.retrying', { count: progress.failedTries + 1 })
                : progress.state === 'queued'
                  ? t('creator-ai.queued')
                  : t('creator-ai.generating')}
            </p>
          )}
        </form>
      )}
      {generate.isError && (
        <Alert tone="danger">
          <p className="teacher-alert-text">{errorMessage(generate.error, t)}</p>
          {notConfigured && (
            <p className="teacher-alert-text">
              {t('creator-ai.variants-instead')}{' '}
              <Link to={CREATOR_PROBLEMS}>{t('creator-ai.variants-link')}</Link>
            </p>
          )}
        </Alert>
      )}
      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          className={`alert ${result.checks.length > 0 ? 'alert-warning' : 'alert-success'}`}
          role="alert"
        >
          <div className="alert-body">
            <p className="teacher-alert-text">
              {t('creator-ai.loaded', { count: result.numerals })}{' '}
              {result.checks.length > 0
                ? t('creator-ai.flagged', { count: result.checks.length })
                : t('creator-ai.all-checked')}
            </p>
            {result.checks.length > 0 && (
              <ul aria-label={t('creator-ai.flagged-list')}>
                {result.checks.map((check) => {
                  const place =
                    check.step === null
                      ? t('creator.place-numeral', { number: check.numeral })
                      : t('creator.place-step', { number: check.numeral, step: check.step });
                  return (
                    <li key={check.key}>
                      <a
                        href={`#${itemHeadingId(check.key)}`}
                        onClick={(event) => {
                          event.preventDefault();
                          focusElement(itemHeadingId(check.key));
                        }}
                      >
                        {place}: {reasonText(check, t)}
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
      <Modal
        open={missing}
        title={t('creator-ai.missing-title')}
        closeLabel={t('creator.ok')}
        onClose={() => setMissing(false)}
      >
        <p>{t('creator-ai.missing')}</p>
      </Modal>
    </section>
  );
}
