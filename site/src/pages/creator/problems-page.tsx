import { CREATOR_PAGE_SIZES, type CreatorProblemRow } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { FailureAlert } from '../../ui/form-submit';
import { Modal } from '../../ui/modal';
import { QueryWait } from '../../ui/query-wait';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoticeRegion } from '../teacher/teacher-ui';
import { contentName, useCourses, useCourseTopics, useSubtopics } from '../teacher/modules/module-data';
import { HiddenName } from '../teacher/modules/modules-ui';
import { PreviewDialog, TryDialog, type ShownProblem } from '../teacher/modules/problem-dialogs';
import {
  CREATOR_TOOL_FRESH,
  toolPath,
  useCreatorProblems,
  useDeleteProblem,
  type TableFilters,
} from './creator-data';
import { DeleteOutcomeText, type DeleteOutcome } from './creator-ui';

const DEFAULT_PAGE_SIZE = 25;

const positiveId = (raw: string | null): number | null => {
  const n = Number(raw);
  return raw && /^\d{1,10}$/.test(raw) && n > 0 ? n : null;
};

/** The table's filters as the address keeps them (`?mine=1&course=&topic=&subtopic=&q=&page=&size=`). */
export function filtersOf(params: URLSearchParams): TableFilters {
  const size = Number(params.get('size'));
  const page = positiveId(params.get('page'));
  return {
    mine: params.get('mine') === '1',
    courseId: positiveId(params.get('course')),
    topicId: positiveId(params.get('topic')),
    subtopicId: positiveId(params.get('subtopic')),
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: page ?? 1,
    pageSize: (CREATOR_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/**
 * /creator/problems (where /creator leads), the problem table (spec 02 §2 "Creator problem table"): 'Only show
 * my problems', course → topic → subtopic, a search of titles and descriptions, the spec's columns,
 * edit and delete where the server says the reader may, preview and try (the real solver, nothing
 * recorded) on every row, and pages of 10 to 100 rows. The filters live in the address, so a reload,
 * the back button or a shared link show the same page.
 */
export function ProblemsPage() {
  const t = useT();
  useDocumentTitle(t('creator.problems-title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const list = useCreatorProblems(filters);
  const remove = useDeleteProblem();
  const [deleting, setDeleting] = useState<CreatorProblemRow | null>(null);
  const [notice, setNotice] = useState<DeleteOutcome | null>(
    () => (location.state as { deleted?: DeleteOutcome } | null)?.deleted ?? null,
  );
  const [focusNotice, setFocusNotice] = useState(notice !== null);
  const [preview, setPreview] = useState<ShownProblem | null>(null);
  const [trying, setTrying] = useState<ShownProblem | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A notice handed over by the creation tool is shown once: a reload does not show it again.
  useEffect(() => {
    if ((location.state as { deleted?: unknown } | null)?.deleted)
      void navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, navigate]);

  useEffect(() => {
    if (!focusNotice) return;
    noticeRef.current?.focus();
    setFocusNotice(false);
  }, [focusNotice]);

  /** Changes the filters in the address; any change but the page goes back to the first page. */
  const update = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(change)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };

  const answer = list.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;

  return (
    <div className="teacher-page creator-page">
      <div className="teacher-page-header">
        <h1>{t('creator.problems-title')}</h1>
        <Link className="button button-primary" to={CREATOR_TOOL_FRESH}>
          {t('creator.nav-new-problem')}
        </Link>
      </div>
      <p className="teacher-lead">{t('creator.problems-lead')}</p>
      <NoticeRegion
        ref={noticeRef}
        notice={notice && <DeleteOutcomeText outcome={notice} />}
        onClose={() => {
          setNotice(null);
          headingRef.current?.focus();
        }}
      />
      <Filters filters={filters} onChange={update} onClear={() => setParams({})} />
      <h2 ref={headingRef} tabIndex={-1} className="modules-list-heading">
        {t('creator.problems-heading')}
      </h2>
      {!answer ? (
        <QueryWait
          query={list}
          texts={{
            loading: t('creator.loading'),
            failed: t('creator.load-failed'),
            retry: t('creator.retry'),
          }}
        />
      ) : (
        <>
          {list.isError && <FailureAlert error={list.error} />}
          {answer.problems.length === 0 ? (
            <div className="card teacher-empty">
              <p>
                <strong>{t('creator.problems-none')}</strong>
              </p>
            </div>
          ) : (
            <ProblemTable
              rows={answer.problems}
              first={(answer.page - 1) * answer.pageSize + 1}
              busy={list.isFetching}
              onPreview={(row) => setPreview({ id: row.id, title: row.title })}
              onTry={(row) => setTrying({ id: row.id, title: row.title })}
              onDelete={(row) => {
                remove.reset();
                setDeleting(row);
              }}
            />
          )}
          <Pagination
            page={answer.page}
            pages={pages}
            total={answer.total}
            pageSize={filters.pageSize}
            onPage={(page) => update({ page: page > 1 ? String(page) : null })}
            onPageSize={(size) => update({ size: size === DEFAULT_PAGE_SIZE ? null : String(size) })}
          />
        </>
      )}
      <DeleteProblemDialog
        problem={deleting && { id: deleting.id, title: deleting.title }}
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          remove.mutate(gone.id, {
            onSuccess: ({ outcome }) => {
              setDeleting(null);
              setNotice({ outcome, title: gone.title });
              setFocusNotice(true);
            },
          });
        }}
      />
      <PreviewDialog problem={preview} onClose={() => setPreview(null)} />
      <TryDialog problem={trying} onClose={() => setTrying(null)} />
    </div>
  );
}

/** 'Do you really want to delete this problem?' (Cancel / Confirm delete), with why it failed. */
export function DeleteProblemDialog({
  problem,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  problem: ShownProblem | null;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open={problem !== null}
      title={t('creator.delete-title')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('creator.delete-cancel')}
          </button>
          <button
            type="button"
            className="button button-primary modules-danger"
            disabled={pending}
            onClick={onConfirm}
          >
            {pending && <Spinner label={t('creator.deleting')} />}
            {t('creator.delete-confirm')}
          </button>
        </>
      }
    >
      <p className="modules-delete-name">{problem && <MathText text={problem.title} />}</p>
      <p>{t('creator.delete-text')}</p>
      <FailureAlert error={error} />
    </Modal>
  );
}

/** The filters: only mine, course → topic → subtopic, and the search, each applied when chosen. */
function Filters({
  filters,
  onChange,
  onClear,
}: {
  filters: TableFilters;
  onChange: (change: Record<string, string | null>) => void;
  onClear: () => void;
}) {
  const t = useT();
  const id = useId();
  const { language } = useLanguage();
  const courses = useCourses(language);
  const topics = useCourseTopics(filters.courseId, language);
  const subtopics = useSubtopics(filters.topicId, language);
  const [search, setSearch] = useState(filters.q);
  const [searched, setSearched] = useState(filters.q);
  if (searched !== filters.q) {
    // The address changed (back button, cleared filters): the box follows it.
    setSearched(filters.q);
    setSearch(filters.q);
  }
  const filtered = filters.mine || filters.courseId !== null || filters.q !== '' || filters.topicId !== null;
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: search.trim() || null });
  };
  return (
    <section className="card modules-filters" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="modules-filters-title">
        {t('creator.filters')}
      </h2>
      <label className="modules-check creator-switch">
        <input
          type="checkbox"
          role="switch"
          checked={filters.mine}
          onChange={(e) => onChange({ mine: e.target.checked ? '1' : null })}
        />
        {t('creator.only-mine')}
      </label>
      <div className="modules-filters-fields creator-filter-selects">
        <div className="field">
          <label htmlFor={`${id}-course`}>{t('creator.course')}</label>
          <select
            id={`${id}-course`}
            value={filters.courseId ?? ''}
            onChange={(e) => onChange({ course: e.target.value || null, topic: null, subtopic: null })}
          >
            <option value="">{t('creator.any-course')}</option>
            {courses.data?.courses.map((course) => (
              <option key={course.id} value={course.id}>
                {contentName(course, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-topic`}>{t('creator.topic')}</label>
          <select
            id={`${id}-topic`}
            value={filters.topicId ?? ''}
            disabled={filters.courseId === null}
            onChange={(e) => onChange({ topic: e.target.value || null, subtopic: null })}
          >
            <option value="">{t('creator.any-topic')}</option>
            {topics.data?.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {contentName(topic, language)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-subtopic`}>{t('creator.subtopic')}</label>
          <select
            id={`${id}-subtopic`}
            value={filters.subtopicId ?? ''}
            disabled={filters.topicId === null}
            onChange={(e) => onChange({ subtopic: e.target.value || null })}
          >
            <option value="">{t('creator.any-subtopic')}</option>
            {subtopics.data?.map((subtopic) => (
              <option key={subtopic.id} value={subtopic.id}>
                {contentName(subtopic, language)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <form role="search" className="creator-search" onSubmit={onSearch} aria-label={t('creator.search')}>
        <div className="field">
          <label htmlFor={`${id}-q`}>{t('creator.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={search}
            aria-describedby={`${id}-q-hint`}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div id={`${id}-q-hint`} className="field-hint">
            {t('creator.search-hint')}
          </div>
        </div>
        <button type="submit" className="button button-secondary">
          {t('creator.search-submit')}
        </button>
      </form>
      {filtered && (
        <button type="button" className="button button-secondary" onClick={onClear}>
          {t('creator.clear-filters')}
        </button>
      )}
    </section>
  );
}

/** One page of problems; on a phone each row is a block of labelled lines. */
function ProblemTable({
  rows,
  first,
  busy,
  onPreview,
  onTry,
  onDelete,
}: {
  rows: readonly CreatorProblemRow[];
  first: number;
  busy: boolean;
  onPreview: (row: CreatorProblemRow) => void;
  onTry: (row: CreatorProblemRow) => void;
  onDelete: (row: CreatorProblemRow) => void;
}) {
  const t = useT();
  const captionId = useId();
  return (
    <div className="modules-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table
        className="modules-table creator-table"
        aria-labelledby={captionId}
        aria-busy={busy || undefined}
      >
        <caption id={captionId} className="visually-hidden">
          {t('creator.table-caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('creator.col-index')}</th>
            <th scope="col">{t('creator.col-id')}</th>
            <th scope="col">{t('creator.col-title')}</th>
            <th scope="col">{t('creator.col-description')}</th>
            <th scope="col">{t('creator.col-number')}</th>
            <th scope="col">{t('creator.col-author')}</th>
            <th scope="col">{t('creator.col-status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('creator.col-actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const name = <MathText text={row.title} />;
            return (
              <tr key={row.id}>
                <td data-label={t('creator.col-index')}>{first + index}</td>
                <td data-label={t('creator.col-id')}>{row.id}</td>
                <th scope="row" className="modules-name">
                  {name}
                </th>
                <td data-label={t('creator.col-description')} className="creator-description">
                  <MathText text={row.description} />
                </td>
                <td data-label={t('creator.col-number')}>{row.numeration ?? ''}</td>
                <td data-label={t('creator.col-author')}>{row.authorName}</td>
                <td data-label={t('creator.col-status')}>
                  <span className={row.publishProblem ? 'creator-published' : 'creator-unpublished'}>
                    {t(row.publishProblem ? 'creator.published' : 'creator.not-published')}
                  </span>
                </td>
                <td className="modules-actions creator-row-actions">
                  {row.canEdit && (
                    <Link className="button button-secondary" to={toolPath(row.id)}>
                      {t('creator.edit')}
                      <HiddenName name={name} />
                    </Link>
                  )}
                  <button type="button" className="button button-secondary" onClick={() => onPreview(row)}>
                    {t('creator.preview')}
                    <HiddenName name={name} />
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => onTry(row)}>
                    {t('creator.try')}
                    <HiddenName name={name} />
                  </button>
                  {row.canEdit && (
                    <button
                      type="button"
                      className="button button-secondary modules-delete"
                      onClick={() => onDelete(row)}
                    >
                      {t('creator.delete')}
                      <HiddenName name={name} />
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The page of the table: previous and next, where the reader is, the total, and the page size. */
function Pagination({
  page,
  pages,
  total,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  pages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <nav className="creator-pagination" aria-label={t('creator.pagination')}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('creator.previous-page')}
      </button>
      <p className="creator-page-status" aria-live="polite">
        {t('creator.page-status', { page, pages })} · {t('creator.total', { count: total })}
      </p>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('creator.next-page')}
      </button>
      <div className="field creator-page-size">
        <label htmlFor={`${id}-size`}>{t('creator.page-size')}</label>
        <select id={`${id}-size`} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {CREATOR_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
