import { LIMITS, type Language } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useId } from 'react';
import { useLanguage, useT } from '../../i18n/language';
import { contentName, useCourses, useCourseTopics, useSubtopics } from '../teacher/modules/module-data';
import { useLanguages } from './creator-data';
import { useCreatorDraft, useCreatorDraftStore } from './creator-draft.store';
import { fieldIssue, problemFieldId, type DraftIssue } from './draft-check';
import { FileField } from './file-field';
import { useIssueText } from './tool-ui';

/**
 * The problem's own fields (spec 02 §2 "Problem form"): title, description (math between dollar
 * signs), course → topic → subtopic, language, number, the publish switch, the calculator, its
 * picture and its video.
 */
export function ProblemForm({ issues }: { issues: readonly DraftIssue[] }) {
  const t = useT();
  const headingId = useId();
  const { language: uiLanguage } = useLanguage();
  const store = useCreatorDraftStore();
  const draft = useCreatorDraft((s) => s.draft);
  const problemKey = useCreatorDraft((s) => s.problemKey);
  const issueText = useIssueText();
  const courses = useCourses(uiLanguage);
  const topics = useCourseTopics(draft.courseId, uiLanguage);
  const subtopics = useSubtopics(draft.topicId, uiLanguage);
  const languages = useLanguages();
  const set = store.getState().setProblem;
  const error = (field: string) => issueText(fieldIssue(issues, null, field));
  const described = (field: string, hint?: string) =>
    [error(field) ? `${problemFieldId(field)}-error` : null, hint ?? null].filter(Boolean).join(' ') ||
    undefined;
  const errorOf = (field: string) => {
    const text = error(field);
    return text ? (
      <div id={`${problemFieldId(field)}-error`} className="field-error">
        {text}
      </div>
    ) : null;
  };
  const languageOptions: { id: Language; label: string }[] = languages.data
    ? languages.data.map((l) => ({
        id: l.id,
        label: uiLanguage === 'es' && l.nameSpanish ? l.nameSpanish : l.name,
      }))
    : [
        { id: 'es', label: t('creator.language-es') },
        { id: 'en', label: t('creator.language-en') },
      ];

  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('creator.problem-section')}</h2>
      <div className="creator-fields">
        <div className="field">
          <label htmlFor={problemFieldId('title')}>{t('creator.title')}</label>
          <input
            id={problemFieldId('title')}
            autoComplete="off"
            maxLength={LIMITS.problemTitleMaxLength}
            value={draft.title}
            aria-invalid={error('title') ? true : undefined}
            aria-describedby={described('title')}
            onChange={(e) => set({ title: e.target.value })}
          />
          {errorOf('title')}
        </div>
        <div className="field">
          <label htmlFor={problemFieldId('description')}>{t('creator.description')}</label>
          <textarea
            id={problemFieldId('description')}
            rows={4}
            value={draft.description}
            aria-invalid={error('description') ? true : undefined}
            aria-describedby={described('description', `${problemFieldId('description')}-hint`)}
            onChange={(e) => set({ description: e.target.value })}
          />
          <div id={`${problemFieldId('description')}-hint`} className="field-hint">
            {t('creator.math-hint')}
          </div>
          {draft.description.includes('$') && (
            <div className="creator-math-preview">
              <span className="creator-math-preview-label">{t('creator.math-preview')}</span>{' '}
              <MathText text={draft.description} />
            </div>
          )}
          {errorOf('description')}
        </div>
        <div className="creator-field-row">
          <div className="field">
            <label htmlFor={problemFieldId('courseId')}>{t('creator.course')}</label>
            <select
              id={problemFieldId('courseId')}
              value={draft.courseId ?? ''}
              aria-describedby={described('courseId')}
              onChange={(e) =>
                set({
                  courseId: e.target.value ? Number(e.target.value) : null,
                  topicId: null,
                  subtopicId: null,
                })
              }
            >
              <option value="">{t('creator.choose-course')}</option>
              {courses.data?.courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {contentName(course, uiLanguage)}
                </option>
              ))}
            </select>
            {errorOf('courseId')}
          </div>
          <div className="field">
            <label htmlFor={problemFieldId('topicId')}>{t('creator.topic')}</label>
            <select
              id={problemFieldId('topicId')}
              value={draft.topicId ?? ''}
              disabled={draft.courseId === null}
              aria-describedby={described('topicId')}
              onChange={(e) =>
                set({ topicId: e.target.value ? Number(e.target.value) : null, subtopicId: null })
              }
            >
              <option value="">{t('creator.choose-topic')}</option>
              {topics.data?.map((topic) => (
                <option key={topic.id} value={topic.id}>
                  {contentName(topic, uiLanguage)}
                </option>
              ))}
            </select>
            {errorOf('topicId')}
          </div>
          <div className="field">
            <label htmlFor={problemFieldId('subtopicId')}>{t('creator.subtopic')}</label>
            <select
              id={problemFieldId('subtopicId')}
              value={draft.subtopicId ?? ''}
              disabled={draft.topicId === null}
              aria-describedby={described('subtopicId')}
              onChange={(e) => set({ subtopicId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('creator.choose-subtopic')}</option>
              {subtopics.data?.map((subtopic) => (
                <option key={subtopic.id} value={subtopic.id}>
                  {contentName(subtopic, uiLanguage)}
                </option>
              ))}
            </select>
            {errorOf('subtopicId')}
          </div>
        </div>
        <div className="creator-field-row">
          <div className="field">
            <label htmlFor={problemFieldId('language')}>{t('creator.language')}</label>
            <select
              id={problemFieldId('language')}
              value={draft.language}
              aria-describedby={described('language')}
              onChange={(e) => set({ language: e.target.value as Language })}
            >
              {languageOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
            {errorOf('language')}
          </div>
          <div className="field">
            <label htmlFor={problemFieldId('numeration')}>{t('creator.numeration')}</label>
            <input
              id={problemFieldId('numeration')}
              autoComplete="off"
              maxLength={20}
              value={draft.numeration ?? ''}
              aria-invalid={error('numeration') ? true : undefined}
              aria-describedby={described('numeration', `${problemFieldId('numeration')}-hint`)}
              onChange={(e) => set({ numeration: e.target.value === '' ? null : e.target.value })}
            />
            <div id={`${problemFieldId('numeration')}-hint`} className="field-hint">
              {t('creator.numeration-hint')}
            </div>
            {errorOf('numeration')}
          </div>
        </div>
        <label className="modules-check creator-switch">
          <input
            id={problemFieldId('publishProblem')}
            type="checkbox"
            role="switch"
            checked={draft.publishProblem}
            aria-describedby={`${problemFieldId('publishProblem')}-hint`}
            onChange={(e) => set({ publishProblem: e.target.checked })}
          />
          {t('creator.publish')}
        </label>
        <p id={`${problemFieldId('publishProblem')}-hint`} className="modules-hint">
          {t('creator.publish-hint')}
        </p>
        <label className="modules-check">
          <input
            id={problemFieldId('calculator')}
            type="checkbox"
            checked={draft.calculator}
            onChange={(e) => set({ calculator: e.target.checked })}
          />
          {t('creator.calculator')}
        </label>
        <div className="creator-field-row">
          <FileField
            slot={{ target: 'problem', key: problemKey, kind: 'picture' }}
            stored={draft.picture}
            label={t('creator.picture')}
            id={problemFieldId('picture')}
            error={error('picture')}
          />
          <FileField
            slot={{ target: 'problem', key: problemKey, kind: 'video' }}
            stored={draft.videoS3}
            label={t('creator.video')}
            id={problemFieldId('videoS3')}
            error={error('videoS3')}
          />
        </div>
      </div>
    </section>
  );
}
