import type { TeacherClassroom } from '@kib/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FailureAlert } from '../../ui/form-submit';
import { ClassroomForm } from './classroom-form';
import { classroomPath } from './classroom/classroom-data';
import {
  isForbidden,
  levelName,
  registerStudentsPath,
  TEACHER_CHANGES,
  TEACHER_SCHOOL,
  useClassroomLevels,
  useTeacherChange,
  useTeacherData,
  type ClassroomLevel,
} from './teacher-data';
import { TeacherNoAccess } from './teacher-layout';
import { NoticeRegion, TeacherLoadFailed, TeacherLoading } from './teacher-ui';

/** What the page shows: the list of classrooms, or the form (a new classroom, or one to change). */
type Mode = { view: 'list' } | { view: 'form'; classroom: TeacherClassroom | null };

/** What just happened, said in the notice region (in the reader's current language). */
type Notice =
  | { kind: 'created'; name: string; code: string }
  | { kind: 'updated'; name: string }
  | { kind: 'deleted'; name: string }
  | { kind: 'joined'; school: string };

/** Where the focus goes once the list shows again. */
type FocusTarget = { to: 'toggle' } | { to: 'notice' } | { to: 'edit'; id: number };

/** What the school page hands over when the teacher has just joined a school. */
export interface JoinedSchoolState {
  joinedSchool?: string;
}

/**
 * /teacher, the teacher's classes (spec 03 §2 "Teacher dashboard", §4, §5): the classrooms as cards
 * (name, a link to the classroom's page, description, registration code with a copy button, level, students and modules), a Create
 * classroom button that toggles to the form and back, and on each card Register students (the
 * classroom's bulk registration), Edit (the same form, prefilled) and Delete (asked first). A new classroom's code is said at once. Without a valid
 * school plan the page sends the teacher to the school page.
 */
export function ClassesPage() {
  const t = useT();
  useDocumentTitle(t('teacher.classes-title'));
  const teacher = useTeacherData();
  const levels = useClassroomLevels();

  if (isForbidden(teacher.error) || isForbidden(levels.error)) return <TeacherNoAccess />;
  if (teacher.data && !teacher.data.validSubscription) return <Navigate to={TEACHER_SCHOOL} replace />;
  if (teacher.data && levels.data)
    return <Classes classrooms={teacher.data.classrooms} levels={levels.data.levels} />;
  return (
    <div className="teacher-page">
      <h1>{t('teacher.classes-title')}</h1>
      {teacher.isError || levels.isError ? (
        <TeacherLoadFailed
          error={teacher.error ?? levels.error}
          retrying={teacher.isFetching || levels.isFetching}
          onRetry={() => {
            if (teacher.isError) void teacher.refetch();
            if (levels.isError) void levels.refetch();
          }}
        />
      ) : (
        <TeacherLoading />
      )}
    </div>
  );
}

function Classes({
  classrooms,
  levels,
}: {
  classrooms: readonly TeacherClassroom[];
  levels: readonly ClassroomLevel[];
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const joinedSchool = (location.state as JoinedSchoolState | null)?.joinedSchool;
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [notice, setNotice] = useState<Notice | null>(() =>
    joinedSchool ? { kind: 'joined', school: joinedSchool } : null,
  );
  const [focus, setFocus] = useState<FocusTarget | null>(() => (joinedSchool ? { to: 'notice' } : null));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());

  const remove = useTeacherChange(TEACHER_CHANGES.deleteClassroom, (data, _answer, gone) => ({
    ...data,
    classrooms: data.classrooms.filter((classroom) => classroom.id !== gone.id),
  }));
  const [deleting, setDeleting] = useState<TeacherClassroom | null>(null);

  // The welcome is said once: a reload or a way back to this entry does not say it again.
  useEffect(() => {
    if (joinedSchool) void navigate(location.pathname, { replace: true, state: null });
  }, [joinedSchool, location.pathname, navigate]);

  // Once the list (or the notice) is on screen again, the focus goes where the reader can go on.
  useEffect(() => {
    if (!focus || mode.view !== 'list') return;
    const target =
      focus.to === 'toggle'
        ? toggleRef.current
        : focus.to === 'notice'
          ? noticeRef.current
          : (editButtons.current.get(focus.id) ?? toggleRef.current);
    target?.focus();
    setFocus(null);
  }, [focus, mode]);

  const showList = (next: FocusTarget) => {
    setMode({ view: 'list' });
    setFocus(next);
  };
  const openForm = (classroom: TeacherClassroom | null) => {
    setNotice(null);
    setMode({ view: 'form', classroom });
  };
  const formOpen = mode.view === 'form';
  const backTarget = (): FocusTarget =>
    mode.view === 'form' && mode.classroom ? { to: 'edit', id: mode.classroom.id } : { to: 'toggle' };

  return (
    <div className="teacher-page">
      <div className="teacher-page-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('teacher.classes-title')}
        </h1>
        <button
          ref={toggleRef}
          type="button"
          className={formOpen ? 'button button-secondary' : 'button button-primary'}
          onClick={() => (formOpen ? showList(backTarget()) : openForm(null))}
        >
          {formOpen ? t('teacher.back-to-classrooms') : t('teacher.create-classroom')}
        </button>
      </div>
      <p className="teacher-lead">{t('teacher.classes-lead')}</p>
      <NoticeRegion
        ref={noticeRef}
        notice={notice && <NoticeText notice={notice} />}
        onClose={() => {
          setNotice(null);
          headingRef.current?.focus();
        }}
      />
      {mode.view === 'form' ? (
        <ClassroomForm
          key={mode.classroom?.id ?? 'new'}
          classroom={mode.classroom}
          levels={levels}
          onCancel={() => showList(backTarget())}
          onSaved={(saved) => {
            if (mode.classroom) {
              setNotice({ kind: 'updated', name: saved.name });
              showList({ to: 'edit', id: saved.id });
            } else {
              setNotice({ kind: 'created', name: saved.name, code: saved.code });
              showList({ to: 'notice' });
            }
          }}
        />
      ) : (
        <ClassroomList
          classrooms={classrooms}
          levels={levels}
          editButton={(id, button) => {
            if (button) editButtons.current.set(id, button);
            else editButtons.current.delete(id);
          }}
          onEdit={openForm}
          onDelete={(classroom) => {
            remove.reset();
            setDeleting(classroom);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('teacher.delete-title', { name: deleting?.name ?? '' })}
        confirmLabel={t('teacher.delete-confirm')}
        pendingLabel={t('teacher.working')}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          remove.mutate(gone, {
            onSuccess: () => {
              setDeleting(null);
              setNotice({ kind: 'deleted', name: gone.name });
              setFocus({ to: 'notice' });
            },
          });
        }}
      >
        <p>{t('teacher.delete-text')}</p>
        <FailureAlert error={remove.error} />
      </ConfirmDialog>
    </div>
  );
}

/** The notice of what just happened; a new classroom's code stands out, with a copy button. */
function NoticeText({ notice }: { notice: Notice }) {
  const t = useT();
  switch (notice.kind) {
    case 'created':
      return (
        <>
          <p className="teacher-alert-text">
            {t('teacher.created', { name: notice.name })}{' '}
            <strong className="teacher-code">{notice.code}</strong>
          </p>
          <p className="teacher-alert-text">{t('teacher.code-hint')}</p>
          <CopyButton text={notice.code}>{t('teacher.copy-code')}</CopyButton>
        </>
      );
    case 'updated':
      return <p className="teacher-alert-text">{t('teacher.updated', { name: notice.name })}</p>;
    case 'deleted':
      return <p className="teacher-alert-text">{t('teacher.deleted', { name: notice.name })}</p>;
    case 'joined':
      return <p className="teacher-alert-text">{t('teacher.joined-school', { name: notice.school })}</p>;
  }
}

/** The classrooms as cards, or what to do when there are none. */
function ClassroomList({
  classrooms,
  levels,
  editButton,
  onEdit,
  onDelete,
}: {
  classrooms: readonly TeacherClassroom[];
  levels: readonly ClassroomLevel[];
  editButton: (id: number, button: HTMLButtonElement | null) => void;
  onEdit: (classroom: TeacherClassroom) => void;
  onDelete: (classroom: TeacherClassroom) => void;
}) {
  const t = useT();
  if (classrooms.length === 0)
    return (
      <div className="card teacher-empty">
        <p>
          <strong>{t('teacher.classrooms-empty')}</strong>
        </p>
        <p>{t('teacher.classrooms-empty-hint')}</p>
      </div>
    );
  return (
    <ul className="teacher-cards">
      {classrooms.map((classroom) => (
        <li key={classroom.id}>
          <ClassroomCard
            classroom={classroom}
            level={levels.find((level) => level.id === classroom.levelId)}
            editRef={(button) => editButton(classroom.id, button)}
            onEdit={() => onEdit(classroom)}
            onDelete={() => onDelete(classroom)}
          />
        </li>
      ))}
    </ul>
  );
}

/** One classroom: what it is, its registration code to copy, what it holds, and its actions. */
function ClassroomCard({
  classroom,
  level,
  editRef,
  onEdit,
  onDelete,
}: {
  classroom: TeacherClassroom;
  level: ClassroomLevel | undefined;
  editRef: (button: HTMLButtonElement | null) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = `classroom-${classroom.id}`;
  return (
    <article className="card teacher-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to={classroomPath(classroom.id)}>{classroom.name}</Link>
      </h2>
      {classroom.description && <p className="teacher-card-description">{classroom.description}</p>}
      <dl className="teacher-facts">
        <div>
          <dt>{t('teacher.registration-code')}</dt>
          <dd className="teacher-code-row">
            <span className="teacher-code">{classroom.code}</span>
            <CopyButton text={classroom.code}>
              {t('teacher.copy-code')}
              <HiddenName name={classroom.name} />
            </CopyButton>
          </dd>
        </div>
        {level && (
          <div>
            <dt>{t('teacher.level')}</dt>
            <dd>{levelName(level, language)}</dd>
          </div>
        )}
      </dl>
      <p className="teacher-counts">
        <span>{t('teacher.student-count', { count: classroom.studentCount })}</span>
        <span>{t('teacher.module-count', { count: classroom.moduleCount })}</span>
      </p>
      <div className="teacher-card-actions">
        <Link className="button button-primary" to={registerStudentsPath(classroom.id)}>
          {t('teacher.register-link')}
          <HiddenName name={classroom.name} />
        </Link>
        <button ref={editRef} type="button" className="button button-secondary" onClick={onEdit}>
          {t('teacher.edit')}
          <HiddenName name={classroom.name} />
        </button>
        <button type="button" className="button button-secondary teacher-delete" onClick={onDelete}>
          {t('teacher.delete')}
          <HiddenName name={classroom.name} />
        </button>
      </div>
    </article>
  );
}

/** The classroom a card's button acts on, for screen readers ("Edit" is read "Edit Grado 10A"). */
function HiddenName({ name }: { name: ReactNode }) {
  return <span className="visually-hidden"> {name}</span>;
}
