import { formatDateDmy, type ModuleListQuery, type ModuleSummary, type TeacherClassroom } from '@kib/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useUser } from '../../../auth/auth';
import { useT } from '../../../i18n/language';
import { FailureAlert } from '../../../ui/form-submit';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { isForbidden, TEACHER_SCHOOL, teacherDataKey, useTeacherData } from '../teacher-data';
import { TeacherNoAccess } from '../teacher-layout';
import { NoticeRegion, TeacherQueryWait } from '../teacher-ui';
import {
  modulePath,
  needsSubscription,
  NEW_MODULE_PATH,
  newestFirst,
  useCreateCodes,
  useDeleteModule,
  useModuleList,
} from './module-data';
import { CodeLine, HiddenName, ProgressBar } from './modules-ui';
import './modules.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters as the address keeps them (`?classroom=&after=&before=`), so reloads and back keep them. */
function filtersOf(params: URLSearchParams): ModuleListQuery {
  const classroom = Number(params.get('classroom'));
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  return {
    ...(Number.isInteger(classroom) && classroom > 0 ? { classroom } : {}),
    ...(DAY.test(after) ? { createdAfter: after } : {}),
    ...(DAY.test(before) ? { createdBefore: before } : {}),
  };
}

/** What just happened on the list, said in the notice region. */
type Notice = { kind: 'deleted'; name: string } | { kind: 'codes'; name: string; students: string | null };

/**
 * /teacher/modules, the teacher's modules (spec 03 §2 "/modules", §9): filters by classroom and by
 * creation day (each with a no-filter choice), and the modules newest first with their creation day
 * (DD-MM-YYYY), problems, classrooms, progress and activity codes (copied with a button, or made on
 * request when there are none yet). Each module opens in the builder to edit, or is deleted after the
 * spec's question. Create module leads to the builder. Without a valid school plan the page sends the
 * teacher to the school page.
 */
export function ModulesPage() {
  const t = useT();
  useDocumentTitle(t('teacher-modules.list-title'));
  const teacher = useTeacherData();
  if (isForbidden(teacher.error)) return <TeacherNoAccess />;
  if (teacher.data && !teacher.data.validSubscription) return <Navigate to={TEACHER_SCHOOL} replace />;
  return (
    <div className="teacher-page">
      <div className="teacher-page-header">
        <h1>{t('teacher-modules.list-title')}</h1>
        <Link className="button button-primary" to={NEW_MODULE_PATH}>
          {t('teacher-modules.create-module')}
        </Link>
      </div>
      <p className="teacher-lead">{t('teacher-modules.list-lead')}</p>
      {teacher.data ? <Modules classrooms={teacher.data.classrooms} /> : <TeacherQueryWait query={teacher} />}
    </div>
  );
}

function Modules({ classrooms }: { classrooms: readonly TeacherClassroom[] }) {
  const t = useT();
  const user = useUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const filtered = Object.keys(filters).length > 0;
  const list = useModuleList(filters);
  const remove = useDeleteModule();
  const codes = useCreateCodes();
  const [deleting, setDeleting] = useState<ModuleSummary | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [focusNotice, setFocusNotice] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A plan that ended while the page was open: the teacher's data is read again, and the page follows it.
  useEffect(() => {
    if (needsSubscription(list.error))
      void queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) });
  }, [list.error, queryClient, user?.id]);

  useEffect(() => {
    if (!focusNotice) return;
    noticeRef.current?.focus();
    setFocusNotice(false);
  }, [focusNotice]);

  const setFilter = (name: 'classroom' | 'after' | 'before', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  if (isForbidden(list.error)) return <TeacherNoAccess />;
  const modules = list.data ? newestFirst(list.data.modules) : null;

  return (
    <>
      <NoticeRegion
        ref={noticeRef}
        notice={notice && <NoticeText notice={notice} />}
        onClose={() => {
          setNotice(null);
          headingRef.current?.focus();
        }}
      />
      <ModuleFilters
        classrooms={classrooms}
        params={params}
        onChange={setFilter}
        onClear={() => setParams({}, { replace: true })}
      />
      <h2 ref={headingRef} tabIndex={-1} className="modules-list-heading">
        {t('teacher-modules.list-heading')}
      </h2>
      {list.isError || !modules ? (
        <TeacherQueryWait query={list} />
      ) : modules.length === 0 ? (
        <div className="card teacher-empty">
          {filtered ? (
            <p>
              <strong>{t('teacher-modules.none-match')}</strong>
            </p>
          ) : (
            <>
              <p>
                <strong>{t('teacher-modules.empty')}</strong>
              </p>
              <p>{t('teacher-modules.empty-hint')}</p>
            </>
          )}
        </div>
      ) : (
        <ModuleTable
          modules={modules}
          classrooms={classrooms}
          creatingCodesFor={codes.isPending ? (codes.variables ?? null) : null}
          codesError={codes.error}
          onCreateCodes={(module) => {
            codes.mutate(module.id, {
              onSuccess: (made) => {
                setNotice({ kind: 'codes', name: module.name, students: made.students });
                setFocusNotice(true);
              },
            });
          }}
          onDelete={(module) => {
            remove.reset();
            setDeleting(module);
          }}
        />
      )}
      <Modal
        open={deleting !== null}
        title={t('teacher-modules.delete-title')}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => setDeleting(null)}>
              {t('teacher-modules.delete-cancel')}
            </button>
            <button
              type="button"
              className="button button-primary modules-danger"
              disabled={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                const gone = deleting;
                remove.mutate(gone.id, {
                  onSuccess: () => {
                    setDeleting(null);
                    setNotice({ kind: 'deleted', name: gone.name });
                    setFocusNotice(true);
                  },
                });
              }}
            >
              {remove.isPending && <Spinner label={t('teacher.working')} />}
              {t('teacher-modules.delete-confirm')}
            </button>
          </>
        }
      >
        <p className="modules-delete-name">{deleting?.name}</p>
        <p>{t('teacher-modules.delete-text')}</p>
        <FailureAlert error={remove.error} />
      </Modal>
    </>
  );
}

/** The notice of what just happened. */
function NoticeText({ notice }: { notice: Notice }) {
  const t = useT();
  if (notice.kind === 'deleted')
    return <p className="teacher-alert-text">{t('teacher-modules.deleted', { name: notice.name })}</p>;
  return (
    <p className="teacher-alert-text">
      {t('teacher-modules.codes-created', { name: notice.name })}{' '}
      {notice.students && <strong className="teacher-code">{notice.students}</strong>}
    </p>
  );
}

/** The filters: a classroom (or none) and the creation days, each applied as soon as it is chosen. */
function ModuleFilters({
  classrooms,
  params,
  onChange,
  onClear,
}: {
  classrooms: readonly TeacherClassroom[];
  params: URLSearchParams;
  onChange: (name: 'classroom' | 'after' | 'before', value: string) => void;
  onClear: () => void;
}) {
  const t = useT();
  const id = useId();
  const filters = filtersOf(params);
  return (
    <form
      className="card modules-filters"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => e.preventDefault()}
    >
      <h2 id={`${id}-title`} className="modules-filters-title">
        {t('teacher-modules.filters')}
      </h2>
      <div className="modules-filters-fields">
        <div className="field">
          <label htmlFor={`${id}-classroom`}>{t('teacher-modules.filter-classroom')}</label>
          <select
            id={`${id}-classroom`}
            value={filters.classroom ? String(filters.classroom) : ''}
            onChange={(e) => onChange('classroom', e.target.value)}
          >
            <option value="">{t('teacher-modules.no-filter')}</option>
            {classrooms.map((classroom) => (
              <option key={classroom.id} value={classroom.id}>
                {classroom.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-after`}>{t('teacher-modules.filter-after')}</label>
          <input
            id={`${id}-after`}
            type="date"
            value={filters.createdAfter ?? ''}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange('after', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-before`}>{t('teacher-modules.filter-before')}</label>
          <input
            id={`${id}-before`}
            type="date"
            value={filters.createdBefore ?? ''}
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange('before', e.target.value)}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('teacher-modules.filter-dates-hint')}
      </p>
      {Object.keys(filters).length > 0 && (
        <button type="button" className="button button-secondary" onClick={onClear}>
          {t('teacher-modules.clear-filters')}
        </button>
      )}
    </form>
  );
}

/** The modules as a table; on a phone each row is a block of labelled lines. */
function ModuleTable({
  modules,
  classrooms,
  creatingCodesFor,
  codesError,
  onCreateCodes,
  onDelete,
}: {
  modules: readonly ModuleSummary[];
  classrooms: readonly TeacherClassroom[];
  creatingCodesFor: number | null;
  codesError: unknown;
  onCreateCodes: (module: ModuleSummary) => void;
  onDelete: (module: ModuleSummary) => void;
}) {
  const t = useT();
  const captionId = useId();
  const classroomName = (id: number) => classrooms.find((c) => c.id === id)?.name;
  return (
    <>
      <FailureAlert error={codesError} />
      <div className="modules-table-wrap">
        <table className="modules-table" aria-labelledby={captionId}>
          <caption id={captionId} className="visually-hidden">
            {t('teacher-modules.table-caption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('teacher-modules.col-name')}</th>
              <th scope="col">{t('teacher-modules.col-created')}</th>
              <th scope="col">{t('teacher-modules.col-problems')}</th>
              <th scope="col">{t('teacher-modules.col-classrooms')}</th>
              <th scope="col">{t('teacher-modules.col-progress')}</th>
              <th scope="col">{t('teacher-modules.col-codes')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('teacher-modules.col-actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {modules.map((module) => {
              const names = module.classroomIds.map(classroomName).filter(Boolean).join(', ');
              return (
                <tr key={module.id}>
                  <th scope="row" className="modules-name">
                    {module.name}
                  </th>
                  <td data-label={t('teacher-modules.col-created')}>
                    {formatDateDmy(new Date(module.creationDate))}
                  </td>
                  <td data-label={t('teacher-modules.col-problems')}>{module.numProblems}</td>
                  <td data-label={t('teacher-modules.col-classrooms')}>
                    {module.numClassrooms}
                    {names && <span className="modules-classroom-names"> ({names})</span>}
                  </td>
                  <td data-label={t('teacher-modules.col-progress')}>
                    <ProgressBar percent={module.progress} />
                  </td>
                  <td data-label={t('teacher-modules.col-codes')}>
                    <ModuleCodesCell
                      module={module}
                      creating={creatingCodesFor === module.id}
                      onCreate={() => onCreateCodes(module)}
                    />
                  </td>
                  <td className="modules-actions">
                    <Link className="button button-secondary" to={modulePath(module.id)}>
                      {t('teacher-modules.edit')}
                      <HiddenName name={module.name} />
                    </Link>
                    <button
                      type="button"
                      className="button button-secondary modules-delete"
                      onClick={() => onDelete(module)}
                    >
                      {t('teacher-modules.delete')}
                      <HiddenName name={module.name} />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A module's activity codes with copy buttons, or the action that makes them. */
function ModuleCodesCell({
  module,
  creating,
  onCreate,
}: {
  module: ModuleSummary;
  creating: boolean;
  onCreate: () => void;
}) {
  const t = useT();
  const { students, teachers } = module.codes;
  if (!students && !teachers)
    return (
      <button
        type="button"
        className="button button-secondary modules-small"
        disabled={creating}
        onClick={onCreate}
      >
        {creating && <Spinner label={t('teacher.working')} />}
        {t('teacher-modules.create-codes')}
        <HiddenName name={module.name} />
      </button>
    );
  return (
    <dl className="modules-codes">
      {students && (
        <CodeLine label={t('teacher-modules.code-students')} code={students}>
          {t('teacher-modules.copy-students-code')}
          <HiddenName name={module.name} />
        </CodeLine>
      )}
      {teachers && (
        <CodeLine label={t('teacher-modules.code-teachers')} code={teachers}>
          {t('teacher-modules.copy-teachers-code')}
          <HiddenName name={module.name} />
        </CodeLine>
      )}
    </dl>
  );
}
