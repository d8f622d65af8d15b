import { ApiError } from '@kib/api-client';
import { MODULE_NAME_MAX_LENGTH, type TeacherClassroom } from '@kib/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useUser } from '../../../auth/auth';
import { useT, type Translate } from '../../../i18n/language';
import { errorMessage } from '../../../ui/error-message';
import { Field, TextAreaField } from '../../../ui/field';
import { LeaveGuardDialog, useLeaveGuard } from '../../../ui/leave-guard';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { isForbidden, TEACHER_SCHOOL, teacherDataKey, useTeacherData } from '../teacher-data';
import { TeacherNoAccess } from '../teacher-layout';
import { TeacherPageWait } from '../teacher-ui';
import { AssignmentSection } from './assignment-section';
import { CloneByCode } from './clone-by-code';
import {
  AssignmentsNotSaved,
  modulePath,
  MODULES_PATH,
  needsSubscription,
  useModule,
  useSaveModule,
} from './module-data';
import {
  checkDraft,
  createModuleDraftStore,
  draftFromModule,
  emptyDraft,
  ModuleDraftProvider,
  toAssignmentsInput,
  toModuleInput,
  useModuleDraft,
  useModuleDraftStore,
  type DraftProblems,
  type ModuleDraft,
} from './module-draft.store';
import { PreviewDialog, TryDialog, type ShownProblem } from './problem-dialogs';
import { ProblemPicker } from './problem-picker';
import { SelectedProblems } from './selected-problems';
import { StandardAssignment } from './standard-assignment';
import { Announcer, CodeLine, useAnnouncer } from './modules-ui';
import './modules.css';

/** The module of the address: null for a new one (`new`), NaN for an address that names none. */
function moduleIdOf(raw: string | undefined): number | null {
  if (raw === 'new') return null;
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/** Which builder the page shows: `key` changes when the teacher opens another module. */
interface Instance {
  key: number;
  moduleId: number | null;
  /** A module this builder has just created, whose address it is moving to. */
  adopting: number | null;
}

/**
 * /teacher/modules/new and /teacher/modules/:moduleId, the module builder (spec 02 "Module builder",
 * teacher's view): name and description, clone by code, the problem picker, the module's problems in
 * order, the assignments to the teacher's classrooms and the activity codes. A new module, once saved,
 * goes on at its own address in the same builder. Without a valid school plan the page sends the
 * teacher to the school page.
 */
export function ModuleBuilderPage() {
  const t = useT();
  const params = useParams();
  const routeId = moduleIdOf(params.moduleId);
  const teacher = useTeacherData();
  const [instance, setInstance] = useState<Instance>({ key: 0, moduleId: routeId, adopting: null });
  useDocumentTitle(t(routeId === null ? 'teacher-modules.new-title' : 'teacher-modules.edit-title'));

  // Another module (or a new one) opened from the address: a fresh builder. The module this builder
  // has just created keeps its builder.
  if (!Object.is(instance.moduleId, routeId)) {
    setInstance(
      routeId !== null && routeId === instance.adopting
        ? { ...instance, moduleId: routeId, adopting: null }
        : { key: instance.key + 1, moduleId: routeId, adopting: null },
    );
  }
  const adopt = useCallback((moduleId: number) => setInstance((i) => ({ ...i, adopting: moduleId })), []);

  if (isForbidden(teacher.error)) return <TeacherNoAccess />;
  if (teacher.data && !teacher.data.validSubscription) return <Navigate to={TEACHER_SCHOOL} replace />;
  if (Number.isNaN(routeId)) return <ModuleNotFound />;
  if (!teacher.data)
    return (
      <TeacherPageWait
        title={t(routeId === null ? 'teacher-modules.new-title' : 'teacher-modules.edit-title')}
        query={teacher}
      />
    );
  return (
    <ModuleBuilderLoader
      key={instance.key}
      moduleId={routeId}
      classrooms={teacher.data.classrooms}
      onCreated={adopt}
    />
  );
}

/** The address names no module of the teacher's. */
function ModuleNotFound() {
  const t = useT();
  return (
    <div className="teacher-page">
      <h1>{t('teacher-modules.not-found-title')}</h1>
      <p className="teacher-lead">{t('teacher-modules.not-found-text')}</p>
      <Link className="button button-primary" to={MODULES_PATH}>
        {t('teacher-modules.back-to-modules')}
      </Link>
    </div>
  );
}

/** Loads the module to edit (a new one needs nothing), then shows its builder, which keeps its draft. */
function ModuleBuilderLoader({
  moduleId,
  classrooms,
  onCreated,
}: {
  moduleId: number | null;
  classrooms: readonly TeacherClassroom[];
  onCreated: (moduleId: number) => void;
}) {
  const t = useT();
  const user = useUser();
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState<ModuleDraft | null>(() => (moduleId === null ? emptyDraft() : null));
  const module = useModule(moduleId, { enabled: initial === null });
  if (initial === null && module.data) setInitial(draftFromModule(module.data));

  useEffect(() => {
    if (needsSubscription(module.error))
      void queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) });
  }, [module.error, queryClient, user?.id]);

  if (initial) return <ModuleBuilder initial={initial} classrooms={classrooms} onCreated={onCreated} />;
  if (isForbidden(module.error)) return <TeacherNoAccess />;
  if (module.error instanceof ApiError && module.error.status === 404) return <ModuleNotFound />;
  return <TeacherPageWait title={t('teacher-modules.edit-title')} query={module} />;
}

/** One builder: its own draft store, made once from `initial`. */
function ModuleBuilder({
  initial,
  classrooms,
  onCreated,
}: {
  initial: ModuleDraft;
  classrooms: readonly TeacherClassroom[];
  onCreated: (moduleId: number) => void;
}) {
  const [store] = useState(() => createModuleDraftStore(initial));
  return (
    <ModuleDraftProvider store={store}>
      <BuilderView classrooms={classrooms} onCreated={onCreated} />
    </ModuleDraftProvider>
  );
}

/** How the last save went, for the outcome dialog. */
type Outcome = { kind: 'saved'; code: string | null } | { kind: 'failed'; message: string; onName: boolean };

/** The server's words for a failed save: the name's error, the spec's 'reload' when the session is gone, or why. */
function failureText(error: unknown, t: Translate): { message: string; name: string | null } {
  if (error instanceof ApiError) {
    const name = error.fields.name?.join(' ') || null;
    if (name) return { message: name, name };
    if (error.status === 401) return { message: t('teacher-modules.save-reload'), name: null };
    const fields = Object.values(error.fields).flat();
    if (fields.length > 0) return { message: `${errorMessage(error, t)} ${fields.join(' ')}`, name: null };
  }
  return { message: errorMessage(error, t), name: null };
}

/** The first thing the teacher should fix, said in the failure dialog. */
function firstProblem(found: DraftProblems, t: Translate): string {
  if (found.name) return t(found.name);
  return t('teacher-modules.assign-fix');
}

function BuilderView({
  classrooms,
  onCreated,
}: {
  classrooms: readonly TeacherClassroom[];
  onCreated: (moduleId: number) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const store = useModuleDraftStore();
  const moduleId = useModuleDraft((s) => s.moduleId);
  const dirty = useModuleDraft((s) => s.dirty);
  const save = useSaveModule();
  const { message, announce } = useAnnouncer();
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [preview, setPreview] = useState<ShownProblem | null>(null);
  const [trying, setTrying] = useState<ShownProblem | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const createdPath = useRef<string | null>(null);

  // Leaving with unsaved changes asks first; moving to the address of the module just created is not leaving.
  const blocker = useLeaveGuard(dirty, () => store.getState().dirty, createdPath);

  const created = (id: number) => {
    onCreated(id);
    createdPath.current = modulePath(id);
    void navigate(modulePath(id), { replace: true });
  };

  const onSave = () => {
    const draft = store.getState();
    const found = checkDraft(draft);
    setProblems(found);
    setServerNameError(null);
    if (found) {
      setOutcome({ kind: 'failed', message: firstProblem(found, t), onName: Boolean(found.name) });
      return;
    }
    const wasNew = draft.moduleId === null;
    save.mutate(
      { moduleId: draft.moduleId, module: toModuleInput(draft), assignments: toAssignmentsInput(draft) },
      {
        onSuccess: (saved) => {
          store.getState().saved({ moduleId: saved.id, codes: saved.codes, revision: draft.revision });
          setOutcome({ kind: 'saved', code: saved.codes.students });
          if (wasNew) created(saved.id);
        },
        onError: (error) => {
          if (error instanceof AssignmentsNotSaved) {
            // The module itself is kept: the next save changes it instead of making another.
            store.getState().saved({ moduleId: error.module.id, codes: error.module.codes, revision: -1 });
            if (wasNew) created(error.module.id);
            setOutcome({ kind: 'failed', message: failureText(error.cause, t).message, onName: false });
            return;
          }
          const { message: text, name } = failureText(error, t);
          setServerNameError(name);
          setOutcome({ kind: 'failed', message: text, onName: name !== null });
        },
      },
    );
  };

  const closeOutcome = () => {
    const onName = outcome?.kind === 'failed' && outcome.onName;
    setOutcome(null);
    if (onName) setTimeout(() => nameRef.current?.focus());
  };

  const nameError = problems?.name ? t(problems.name) : (serverNameError ?? undefined);
  const actions = { onPreview: setPreview, onTry: setTrying, announce };

  return (
    <div className="teacher-page modules-builder">
      <div className="teacher-page-header">
        <h1>{t(moduleId === null ? 'teacher-modules.new-title' : 'teacher-modules.edit-title')}</h1>
        <Link className="button button-secondary" to={MODULES_PATH}>
          {t('teacher-modules.back-to-modules')}
        </Link>
      </div>
      <p className="teacher-lead">{t('teacher-modules.builder-lead')}</p>
      <Announcer message={message} />
      <NameFields
        nameRef={nameRef}
        nameError={nameError}
        onNameChange={() => {
          setServerNameError(null);
          setProblems((p) => (p?.name ? { ...p, name: undefined } : p));
        }}
      />
      <CloneByCode />
      <ProblemPicker {...actions} />
      <SelectedProblems {...actions} />
      <AssignmentSection classrooms={classrooms} problems={problems?.assignments ?? {}} />
      <StandardAssignment />
      <CodesSection />
      <div className="modules-save-bar">
        <button type="button" className="button button-primary" disabled={save.isPending} onClick={onSave}>
          {save.isPending && <Spinner label={t('teacher-modules.saving')} />}
          {t('teacher-modules.save')}
        </button>
        <span className="modules-save-state" role="status">
          {dirty ? t('teacher-modules.unsaved') : moduleId !== null ? t('teacher-modules.all-saved') : ''}
        </span>
      </div>

      <Modal
        open={outcome !== null}
        title={
          outcome?.kind === 'saved' ? t('teacher-modules.saved-title') : t('teacher-modules.failed-title')
        }
        closeLabel={t('teacher-modules.ok')}
        onClose={closeOutcome}
      >
        {outcome?.kind === 'saved' ? (
          <>
            <p>
              {t('teacher-modules.saved-text')}
              {outcome.code && (
                <>
                  {t('teacher-modules.saved-code')} <strong className="teacher-code">{outcome.code}</strong>
                </>
              )}
            </p>
            {outcome.code && <p className="modules-hint">{t('teacher-modules.saved-code-hint')}</p>}
          </>
        ) : outcome?.kind === 'failed' ? (
          <p>{outcome.message}</p>
        ) : null}
      </Modal>
      <LeaveGuardDialog
        blocker={blocker}
        title={t('teacher-modules.leave-title')}
        text={t('teacher-modules.leave-text')}
        stay={t('teacher-modules.leave-stay')}
        leave={t('teacher-modules.leave-go')}
      />
      <PreviewDialog problem={preview} onClose={() => setPreview(null)} />
      <TryDialog problem={trying} onClose={() => setTrying(null)} />
    </div>
  );
}

/** The module's name (needed, unique per author) and description; shared with the creators' builder. */
export function NameFields({
  nameRef,
  nameError,
  onNameChange,
}: {
  nameRef: Ref<HTMLInputElement>;
  nameError: string | undefined;
  onNameChange: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const store = useModuleDraftStore();
  const name = useModuleDraft((s) => s.name);
  const description = useModuleDraft((s) => s.description);
  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-modules.about-title')}</h2>
      <div className="modules-fields">
        <Field
          ref={nameRef}
          label={t('teacher-modules.name')}
          autoComplete="off"
          maxLength={MODULE_NAME_MAX_LENGTH}
          hint={t('teacher-modules.name-hint')}
          error={nameError}
          value={name}
          onChange={(e) => {
            store.getState().setName(e.target.value);
            onNameChange();
          }}
        />
        <TextAreaField
          label={t('teacher-modules.description')}
          rows={3}
          maxLength={2000}
          value={description}
          onChange={(e) => store.getState().setDescription(e.target.value)}
        />
      </div>
    </section>
  );
}

/** The module's activity codes, or the choice of making them when it is saved. */
function CodesSection() {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const store = useModuleDraftStore();
  const codes = useModuleDraft((s) => s.codes);
  const createCodes = useModuleDraft((s) => s.createCodes);
  const name = useModuleDraft((s) => s.name);
  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-modules.codes-title')}</h2>
      {codes.students || codes.teachers ? (
        <>
          <p className="modules-hint">{t('teacher-modules.codes-hint')}</p>
          <dl className="modules-codes">
            {codes.students && (
              <CodeLine label={t('teacher-modules.code-students')} code={codes.students}>
                {t('teacher-modules.copy-students-code')}
                <span className="visually-hidden"> {name}</span>
              </CodeLine>
            )}
            {codes.teachers && (
              <CodeLine label={t('teacher-modules.code-teachers')} code={codes.teachers}>
                {t('teacher-modules.copy-teachers-code')}
                <span className="visually-hidden"> {name}</span>
              </CodeLine>
            )}
          </dl>
        </>
      ) : (
        <>
          <label className="modules-check">
            <input
              type="checkbox"
              checked={createCodes}
              aria-describedby={hintId}
              onChange={(e) => store.getState().setCreateCodes(e.target.checked)}
            />
            {t('teacher-modules.create-codes-on-save')}
          </label>
          <p id={hintId} className="modules-hint">
            {t('teacher-modules.codes-hint')}
          </p>
        </>
      )}
    </section>
  );
}
