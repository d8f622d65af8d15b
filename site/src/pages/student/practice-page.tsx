import type { CoursesAnswer, NamedContent, ProblemSummary } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useAuth } from '../../auth/auth';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { recallChoice, rememberChoice } from '../../ui/remembered-choice';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import './practice-page.css';
import { idParam } from '../../app/query-id';
import { AdaptivePractice } from './adaptive-practice';

/** A course, topic and subtopic of the dashboard; null where none is chosen. */
interface Choice {
  course?: number | null;
  topic?: number | null;
  subtopic?: number | null;
}

/**
 * The choice the cookies remember (spec 01 §9), checked against the courses the reader can see
 * now: the course when it is listed, the topic when that course holds it (or, without a course,
 * the first listed course that does), and the subtopic of that topic, which the topic's subtopic
 * list confirms like any other in the address. What does not check out is not restored.
 */
function rememberedChoice({ courses, coursesTopics }: CoursesAnswer): Choice {
  const holds = (course: number, topic: number) =>
    coursesTopics.some((link) => link.course === course && link.topic === topic);
  const topic = recallChoice('topic');
  let course = recallChoice('course', courses);
  if (course === null && topic !== null) course = courses.find((c) => holds(c.id, topic))?.id ?? null;
  if (course === null) return {};
  if (topic === null || !holds(course, topic)) return { course };
  return { course, topic, subtopic: recallChoice('subtopic') };
}

/** Problem text with its `$…$` math rendered; plain text stays plain. */
function ProblemText({ text }: { text: string }) {
  return text.includes('$') ? <MathText text={text} /> : <>{text}</>;
}

/** A failed list: what could not be loaded, why (the server's words, or 'server dead :('), and a retry. */
function LoadError({ query, message }: { query: UseQueryResult<unknown>; message: string }) {
  const t = useT();
  const reason = errorMessage(query.error, t);
  return (
    <Alert tone="danger">
      <p className="practice-error-text">
        {message} {reason}
      </p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
      >
        {query.isFetching ? (
          <span className="spinner" aria-hidden="true">
            <span className="spinner-wheel" />
          </span>
        ) : null}
        {t('student.practice-retry')}
      </button>
    </Alert>
  );
}

/**
 * The course dashboard (spec 01 "Student dashboard (logged in or demo)"): a course selector, the
 * course's topics, each expanding its subtopics, and the published problems of the chosen subtopic.
 * At /demo/student it lists the demo courses only and its problems open the demo solver. The choice
 * lives in the query string (`?course=&topic=&subtopic=`), so back, reload and shared links keep it;
 * each choice is also remembered in cookies for a while (spec 01 §9), and a visit whose address
 * chooses nothing reopens there.
 */
export function PracticePage() {
  const t = useT();
  const { language } = useLanguage();
  const api = useApi();
  const auth = useAuth();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const courseSelectId = useId();
  const topicsHeadingId = useId();
  const problemsHeadingId = useId();
  useDocumentTitle(t('student.practice-title'));

  const demo = location.pathname.startsWith('/demo');
  const nameOf = (item: NamedContent) =>
    language === 'es' && item.nameSpanish ? item.nameSpanish : item.name;

  const courseId = idParam(params, 'course');
  const topicId = idParam(params, 'topic');
  const subtopicId = idParam(params, 'subtopic');

  // The lists load side by side (a reload opens all four at once); each is shown only once the one
  // above confirms the id belongs to it.
  const courses = useQuery({
    queryKey: ['courses', language, { demo }],
    queryFn: () => api.endpoints.courses({ query: { language, demo: demo ? 'true' : undefined } }),
  });
  const topics = useQuery({
    queryKey: ['course-topics', courseId, language],
    queryFn: () => api.endpoints.courseTopics({ params: { id: String(courseId) } }),
    enabled: courseId !== null,
  });
  const subtopics = useQuery({
    queryKey: ['subtopics', topicId, language],
    queryFn: () => api.endpoints.subtopics({ query: { topicId } }),
    enabled: topicId !== null,
  });
  const problems = useQuery({
    queryKey: ['subtopic-problems', subtopicId, language],
    queryFn: () => api.endpoints.subtopicProblems({ params: { id: String(subtopicId) } }),
    enabled: subtopicId !== null,
  });

  const course = courses.data?.courses.find((c) => c.id === courseId) ?? null;
  const topic = (course && topics.data?.find((c) => c.id === topicId)) || null;
  const subtopic = (topic && subtopics.data?.find((s) => s.id === subtopicId)) || null;
  // While a reload confirms the topic and subtopic of the URL, the problems wait instead of asking for a choice.
  const confirming =
    (course !== null && topicId !== null && topics.isPending) ||
    (topic !== null && subtopicId !== null && subtopics.isPending);

  const select = (next: Choice, { remember = true }: { remember?: boolean } = {}) => {
    if (remember) {
      rememberChoice('course', next.course);
      rememberChoice('topic', next.topic);
      rememberChoice('subtopic', next.subtopic);
    }
    const query = new URLSearchParams();
    if (next.course) query.set('course', String(next.course));
    if (next.topic) query.set('topic', String(next.topic));
    if (next.subtopic) query.set('subtopic', String(next.subtopic));
    // Replacing keeps history to one entry per visit: back leaves the dashboard instead of undoing clicks.
    setParams(query, { replace: true });
  };

  // Once, when the dashboard opens without a choice in its address and the courses are known: the
  // remembered choice, checked against them, is put in the address, as if the reader had come back.
  const restore = useRef(courseId === null && topicId === null && subtopicId === null);
  const courseList = courses.data;
  useEffect(() => {
    if (!restore.current || !courseList) return;
    restore.current = false;
    const remembered = rememberedChoice(courseList);
    if (remembered.course) select(remembered, { remember: false });
  });

  const solvePath = auth.status === 'authenticated' ? '/student/solve' : '/demo/student/modules/solve';
  // Practice at the student's level needs their model: an account's, outside the demo pages.
  const adaptive = auth.status === 'authenticated' && !demo;
  const from = `${location.pathname}${location.search}`;

  return (
    <div className="container">
      <div className="page practice">
        <h1>{t('student.practice-title')}</h1>
        <p className="practice-intro">{t('student.practice-intro')}</p>

        {courses.isPending ? (
          <Spinner label={t('student.practice-loading-courses')} />
        ) : courses.isError ? (
          <LoadError query={courses} message={t('student.practice-courses-failed')} />
        ) : courses.data.courses.length === 0 ? (
          <p className="practice-hint">{t('student.practice-no-courses')}</p>
        ) : (
          <>
            <div className="field practice-course">
              <label htmlFor={courseSelectId}>{t('student.practice-course')}</label>
              <select
                id={courseSelectId}
                value={course ? String(course.id) : ''}
                onChange={(e) => select({ course: Number(e.target.value) || null })}
              >
                <option value="">{t('student.practice-course-placeholder')}</option>
                {courses.data.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {nameOf(c)}
                  </option>
                ))}
              </select>
            </div>

            <div className="practice-columns">
              <section className="practice-topics" aria-labelledby={topicsHeadingId}>
                <h2 id={topicsHeadingId}>{t('student.practice-topics')}</h2>
                {!course ? (
                  <p className="practice-hint">{t('student.practice-select-course')}</p>
                ) : topics.isPending ? (
                  <Spinner label={t('student.practice-loading-topics')} />
                ) : topics.isError ? (
                  <LoadError query={topics} message={t('student.practice-topics-failed')} />
                ) : topics.data.length === 0 ? (
                  <p className="practice-hint">{t('student.practice-no-topics')}</p>
                ) : (
                  <ul className="practice-topic-list">
                    {topics.data.map((item) => {
                      const open = topic?.id === item.id;
                      const panelId = `${topicsHeadingId}-topic-${item.id}`;
                      return (
                        <li key={item.id}>
                          <button
                            type="button"
                            className="practice-topic"
                            aria-expanded={open}
                            aria-controls={open ? panelId : undefined}
                            onClick={() => select({ course: course.id, topic: open ? null : item.id })}
                          >
                            {nameOf(item)}
                          </button>
                          {open ? (
                            <div id={panelId} className="practice-subtopics">
                              {subtopics.isPending ? (
                                <Spinner label={t('student.practice-loading-subtopics')} />
                              ) : subtopics.isError ? (
                                <LoadError
                                  query={subtopics}
                                  message={t('student.practice-subtopics-failed')}
                                />
                              ) : subtopics.data.length === 0 ? (
                                <p className="practice-hint">{t('student.practice-no-subtopics')}</p>
                              ) : (
                                <ul
                                  className="practice-subtopic-list"
                                  aria-label={t('student.practice-subtopics-of', { topic: nameOf(item) })}
                                >
                                  {subtopics.data.map((s) => {
                                    const chosen = subtopic?.id === s.id;
                                    return (
                                      <li key={s.id}>
                                        <button
                                          type="button"
                                          className="practice-subtopic"
                                          aria-pressed={chosen}
                                          onClick={() =>
                                            select({
                                              course: course.id,
                                              topic: item.id,
                                              subtopic: chosen ? null : s.id,
                                            })
                                          }
                                        >
                                          {nameOf(s)}
                                        </button>
                                      </li>
                                    );
                                  })}
                                </ul>
                              )}
                            </div>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>

              {course ? (
                <section className="practice-problems" aria-labelledby={problemsHeadingId}>
                  <h2 id={problemsHeadingId}>
                    {subtopic ? nameOf(subtopic) : t('student.practice-problems')}
                  </h2>
                  {confirming ? (
                    <Spinner label={t('student.practice-loading-problems')} />
                  ) : !topic ? (
                    <p className="practice-hint">{t('student.practice-select-topic')}</p>
                  ) : !subtopic ? (
                    <>
                      {adaptive ? (
                        <AdaptivePractice scope={{ topic: topic.id }} scopeName={nameOf(topic)} from={from} />
                      ) : null}
                      <p className="practice-hint">{t('student.practice-select-subtopic')}</p>
                    </>
                  ) : problems.isPending ? (
                    <Spinner label={t('student.practice-loading-problems')} />
                  ) : problems.isError ? (
                    <LoadError query={problems} message={t('student.practice-problems-failed')} />
                  ) : (
                    <>
                      {adaptive ? (
                        <AdaptivePractice
                          scope={{ subtopic: subtopic.id }}
                          scopeName={nameOf(subtopic)}
                          from={from}
                        />
                      ) : null}
                      <ProblemList
                        problems={problems.data.problems}
                        questionsOf={(p) => problems.data.numerals.filter((n) => n.problemId === p.id).length}
                        linkOf={(p) => `${solvePath}?problem=${p.id}`}
                        from={from}
                      />
                    </>
                  )}
                </section>
              ) : null}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** The published problems of a subtopic, each a link to the solver (the server lists only published ones). */
function ProblemList({
  problems,
  questionsOf,
  linkOf,
  from,
}: {
  problems: ProblemSummary[];
  questionsOf: (problem: ProblemSummary) => number;
  linkOf: (problem: ProblemSummary) => string;
  from: string;
}) {
  const t = useT();
  return (
    <>
      <p className="practice-count" role="status">
        {problems.length === 0
          ? t('student.practice-no-problems')
          : t('student.practice-problem-count', { count: problems.length })}
      </p>
      {problems.length > 0 ? (
        <ol className="practice-problem-list">
          {problems.map((problem) => (
            <li key={problem.id} className="practice-problem">
              <h3 className="practice-problem-title">
                <Link to={linkOf(problem)} state={{ from }}>
                  <ProblemText text={problem.title} />
                </Link>
              </h3>
              {problem.description ? (
                <p className="practice-problem-description">
                  <ProblemText text={problem.description} />
                </p>
              ) : null}
              <p className="practice-problem-meta">
                {t('student.practice-question-count', { count: questionsOf(problem) })}
              </p>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
