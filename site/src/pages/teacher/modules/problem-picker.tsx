import type { NamedContent } from '@kib/core';
import { useId, useState } from 'react';
import { useLanguage, useT } from '../../../i18n/language';
import { Spinner } from '../../../ui/spinner';
import { contentName, useCourses, useCourseTopics, useSubtopicProblems, useSubtopics } from './module-data';
import { LoadFailed, PickerProblems, type ProblemActions } from './picker-problems';
import { CompetencesSearch } from './competences-search';
import { SearchTypeSwitch } from './search-type-switch';
import { useCompetences } from './competences.store';

/** A labelled select of courses, topics or subtopics, named in the reader's language. */
function ContentSelect({
  label,
  placeholder,
  items,
  value,
  disabled,
  onChange,
}: {
  label: string;
  placeholder: string;
  items: readonly NamedContent[];
  value: number | null;
  disabled: boolean;
  onChange: (id: number | null) => void;
}) {
  const { language } = useLanguage();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value) || null)}
      >
        <option value="">{placeholder}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {contentName(item, language)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The problem picker of the module builder (spec 02 "Module builder"): a course, one of its topics and
 * one of that topic's subtopics (names in Spanish when the reader reads Spanish, the spec's 'Please
 * select…' messages until each is chosen), then the subtopic's published problems, each with Add
 * (once: a problem already in the module is not added twice), Preview and Try.
 */
export function ProblemPicker({
  onPreview,
  onTry,
  announce,
  fixed,
}: ProblemActions & {
  /** A course and topic (and subtopic, when not null) chosen in advance that cannot be changed (a demo account's preset). */
  fixed?: { courseId: number; topicId: number; subtopicId: number | null };
}) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const [courseId, setCourseId] = useState<number | null>(fixed?.courseId ?? null);
  const [topicId, setTopicId] = useState<number | null>(fixed?.topicId ?? null);
  const [subtopicId, setSubtopicId] = useState<number | null>(fixed?.subtopicId ?? null);
  const courses = useCourses(language);
  const topics = useCourseTopics(courseId, language);
  const subtopics = useSubtopics(topicId, language);
  const problems = useSubtopicProblems(subtopicId, language);
  const searchType = useCompetences((s) => s.searchType);

  const failed = courses.isError
    ? { query: courses, message: t('teacher-modules.courses-failed') }
    : topics.isError
      ? { query: topics, message: t('teacher-modules.topics-failed') }
      : subtopics.isError
        ? { query: subtopics, message: t('teacher-modules.subtopics-failed') }
        : null;

  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-modules.picker-title')}</h2>
      <SearchTypeSwitch />
      {searchType === 'competences' ? (
        <CompetencesSearch onPreview={onPreview} onTry={onTry} announce={announce} />
      ) : courses.isPending ? (
        <Spinner label={t('teacher-modules.courses-loading')} />
      ) : (
        <div className="modules-picker-selects">
          <ContentSelect
            label={t('teacher-modules.course')}
            placeholder={t('teacher-modules.course-placeholder')}
            items={courses.data?.courses ?? []}
            value={courseId}
            disabled={!courses.data || fixed !== undefined}
            onChange={(id) => {
              setCourseId(id);
              setTopicId(null);
              setSubtopicId(null);
            }}
          />
          <ContentSelect
            label={t('teacher-modules.topic')}
            placeholder={t('teacher-modules.topic-placeholder')}
            items={(courseId !== null && topics.data) || []}
            value={topicId}
            disabled={courseId === null || !topics.data || fixed !== undefined}
            onChange={(id) => {
              setTopicId(id);
              setSubtopicId(null);
            }}
          />
          <ContentSelect
            label={t('teacher-modules.subtopic')}
            placeholder={t('teacher-modules.subtopic-placeholder')}
            items={(topicId !== null && subtopics.data) || []}
            value={subtopicId}
            disabled={topicId === null || !subtopics.data || (fixed?.subtopicId ?? null) !== null}
            onChange={setSubtopicId}
          />
        </div>
      )}
      {searchType === 'competences' ? null : failed ? (
        <LoadFailed query={failed.query} message={failed.message} />
      ) : courses.isPending ? null : courseId === null ? (
        <p className="modules-hint">{t('teacher-modules.select-course')}</p>
      ) : topicId === null ? (
        topics.isPending ? (
          <Spinner label={t('teacher-modules.topics-loading')} />
        ) : (
          <p className="modules-hint">{t('teacher-modules.select-topic')}</p>
        )
      ) : subtopicId === null ? (
        subtopics.isPending ? (
          <Spinner label={t('teacher-modules.subtopics-loading')} />
        ) : (
          <p className="modules-hint">{t('teacher-modules.select-subtopic')}</p>
        )
      ) : problems.isError ? (
        <LoadFailed query={problems} message={t('teacher-modules.problems-failed')} />
      ) : !problems.data ? (
        <Spinner label={t('teacher-modules.problems-loading')} />
      ) : (
        <PickerProblems
          problems={problems.data.problems.map((p) => ({
            id: p.id,
            title: p.title,
            numeralCount: problems.data.numerals.filter((n) => n.problemId === p.id).length,
          }))}
          onPreview={onPreview}
          onTry={onTry}
          announce={announce}
        />
      )}
    </section>
  );
}
