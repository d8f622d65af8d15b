import { ApiError } from '@kib/api-client';
import type { CreatorModuleDetail, DemoPreset } from '@kib/core';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homeFor, useUser } from '../../../auth/auth';
import { useT, type Translate } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { LeaveGuardDialog, useLeaveGuard } from '../../../ui/leave-guard';
import { MessagePage } from '../../../ui/message-page';
import { Modal } from '../../../ui/modal';
import { Spinner } from '../../../ui/spinner';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CloneByCode } from '../../teacher/modules/clone-by-code';
import { NameFields } from '../../teacher/modules/module-builder-page';
import {
  createModuleDraftStore,
  emptyDraft,
  ModuleDraftProvider,
  useModuleDraft,
  useModuleDraftStore,
  type ModuleDraft,
} from '../../teacher/modules/module-draft.store';
import { PreviewDialog, TryDialog, type ShownProblem } from '../../teacher/modules/problem-dialogs';
import { ProblemPicker } from '../../teacher/modules/problem-picker';
import { StandardAssignment } from '../../teacher/modules/standard-assignment';
import { SelectedProblems } from '../../teacher/modules/selected-problems';
import { Announcer, useAnnouncer } from '../../teacher/modules/modules-ui';
import { useApi } from '../../../app/api';
import { AssignToTeacher, CloneById, OpenActivities } from './creator-module-sections';
import {
  createCreatorModuleStore,
  CreatorModuleProvider,
  useCreatorModuleStore,
} from './creator-module.store';
import {
  CREATOR_MODULES,
  creatorModulePath,
  isModuleCreator,
  useCreatorModule,
  useDemoPreset,
  useSaveCreatorModule,
} from './creator-modules-data';
import '../../teacher/modules/modules.css';
import './creator-modules.css';

/** The module of the address (`?module=`): null for a new one, NaN for one that names none. */
function moduleIdOf(raw: string | null): number | null {
  if (raw === null) return null;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/** The draft of a saved module, for the builder shared with teachers. */
function draftOf(module: CreatorModuleDetail): ModuleDraft {
  return {
    ...emptyDraft(),
    moduleId: module.id,
    name: module.name,
    description: module.description,
    problems: module.problems.map(({ id, title, numeralCount }) => ({ id, title, numeralCount })),
  };
}

/**
 * /creator/tempmodulecreator (spec 02 §2 "Module builder (creator)"): the teachers' module builder
 * (name and description, clone by code, the problem picker, the module's problems in order) with the
 * creators' own sections — clone by id, assign to a teacher and open activities. `?module=` edits
 * one of the creator's modules. The demo account gets the builder limited to its preset, whose save
 * stays on the device.
 */
export function CreatorModuleBuilderPage() {
  const t = useT();
  const user = useUser();
  const [params] = useSearchParams();
  const moduleId = moduleIdOf(params.get('module'));
  // Another module (or a new one) opened from the address: a fresh builder. The module this builder
  // has just created keeps its builder.
  const [instance, setInstance] = useState({ key: 0, moduleId, adopting: null as number | null });
  if (!Object.is(instance.moduleId, moduleId))
    setInstance(
      moduleId !== null && moduleId === instance.adopting
        ? { ...instance, moduleId, adopting: null }
        : { key: instance.key + 1, moduleId, adopting: null },
    );
  const adopt = useCallback((id: number) => setInstance((i) => ({ ...i, adopting: id })), []);
  useDocumentTitle(t(moduleId === null ? 'creator-modules.new-title' : 'creator-modules.edit-title'));
  if (user?.isDemo) return <DemoBuilder />;
  if (!isModuleCreator(user))
    return (
      <MessagePage
        className="teacher-page"
        title={t('creator-modules.no-access-title')}
        text={t('creator-modules.no-access-text')}
        home={user ? homeFor(user) : '/'}
        homeLabel={t('creator.no-access-home')}
      />
    );
  if (Number.isNaN(moduleId)) return <ModuleNotFound />;
  return <CreatorBuilderLoader key={instance.key} moduleId={moduleId} onCreated={adopt} />;
}

function ModuleNotFound() {
  const t = useT();
  return (
    <div className="teacher-page">
      <h1>{t('teacher-modules.not-found-title')}</h1>
      <p className="teacher-lead">{t('teacher-modules.not-found-text')}</p>
      <Link className="button button-primary" to={CREATOR_MODULES}>
        {t('creator-modules.back-to-list')}
      </Link>
    </div>
  );
}

/** Loads the module to edit, then keeps one builder (with its stores) for it. */
function CreatorBuilderLoader({
  moduleId,
  onCreated,
}: {
  moduleId: number | null;
  onCreated: (moduleId: number) => void;
}) {
  const t = useT();
  const [adopted] = useState(moduleId);
  const module = useCreatorModule(adopted);
  const [stores, setStores] = useState(() =>
    adopted === null ? { draft: createModuleDraftStore(), creator: createCreatorModuleStore() } : null,
  );
  if (!stores && module.data)
    setStores({
      draft: createModuleDraftStore(draftOf(module.data)),
      creator: createCreatorModuleStore({
        sourceModuleId: module.data.sourceModuleId,
        teachers: module.data.teachers,
        activities: module.data.tempModuleActivities,
      }),
    });
  if (stores)
    return (
      <ModuleDraftProvider store={stores.draft}>
        <CreatorModuleProvider store={stores.creator}>
          <CreatorBuilder onCreated={onCreated} />
        </CreatorModuleProvider>
      </ModuleDraftProvider>
    );
  if (module.error instanceof ApiError && module.error.status === 404) return <ModuleNotFound />;
  return (
    <div className="teacher-page">
      <h1>{t('creator-modules.edit-title')}</h1>
      {module.isError ? (
        <Alert tone="danger">{errorMessage(module.error, t)}</Alert>
      ) : (
        <Spinner label={t('creator-modules.loading')} />
      )}
    </div>
  );
}

/** How the last save went. */
type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string; onName: boolean };

/** The server's words for a failed save: the name's error, the spec's 'reload', or why. */
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

function CreatorBuilder({ onCreated }: { onCreated: (moduleId: number) => void }) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const draftStore = useModuleDraftStore();
  const creatorStore = useCreatorModuleStore();
  const moduleId = useModuleDraft((s) => s.moduleId);
  const dirty = useModuleDraft((s) => s.dirty);
  const save = useSaveCreatorModule();
  const { message, announce } = useAnnouncer();
  const [nameError, setNameError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [preview, setPreview] = useState<ShownProblem | null>(null);
  const [trying, setTrying] = useState<ShownProblem | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const allowed = useRef<string | null>(null);
  const blocker = useLeaveGuard(dirty, () => draftStore.getState().dirty, allowed);

  const onSave = () => {
    const draft = draftStore.getState();
    const creator = creatorStore.getState();
    if (!draft.name.trim()) {
      setNameError(t('validation.module-blank'));
      setOutcome({ kind: 'failed', message: t('validation.module-blank'), onName: true });
      return;
    }
    if (creator.assignToTeacher && creator.teacher === null) {
      setOutcome({ kind: 'failed', message: t('creator-modules.assign-choose'), onName: false });
      return;
    }
    save.mutate(
      {
        id: draft.moduleId,
        name: draft.name.trim(),
        description: draft.description.trim(),
        problemIds: draft.problems.map((p) => p.id),
        assignTeacherId: creator.assignToTeacher ? (creator.teacher?.id ?? null) : null,
        sourceModuleId: creator.sourceModuleId,
      },
      {
        onSuccess: (saved) => {
          draftStore.getState().saved({
            moduleId: saved.id,
            codes: { students: null, teachers: null },
            revision: draft.revision,
          });
          creatorStore.getState().saved(saved.teachers);
          setOutcome({ kind: 'saved' });
          if (draft.moduleId === null) onCreated(saved.id);
          if (draft.moduleId === null) void navigate(creatorModulePath(saved.id), { replace: true });
        },
        onError: (error) => {
          const { message: text, name } = failureText(error, t);
          setNameError(name ?? undefined);
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
  const actions = { onPreview: setPreview, onTry: setTrying, announce };

  return (
    <div className="teacher-page modules-builder">
      <div className="teacher-page-header">
        <h1>{t(moduleId === null ? 'creator-modules.new-title' : 'creator-modules.edit-title')}</h1>
        <Link className="button button-secondary" to={CREATOR_MODULES}>
          {t('creator-modules.back-to-list')}
        </Link>
      </div>
      <p className="teacher-lead">{t('creator-modules.builder-lead')}</p>
      <Announcer message={message} />
      <NameFields nameRef={nameRef} nameError={nameError} onNameChange={() => setNameError(undefined)} />
      <CloneByCode
        find={(code) => api.endpoints.creatorModuleByCode({ query: { code } })}
        onCloned={(found) => {
          if (found.sourceModuleId !== null) creatorStore.getState().setSource(found.sourceModuleId);
        }}
      />
      <CloneById />
      <ProblemPicker {...actions} />
      <SelectedProblems {...actions} />
      <StandardAssignment />
      <AssignToTeacher />
      <OpenActivities />
      <SaveBar pending={save.isPending} dirty={dirty} saved={moduleId !== null} onSave={onSave} />
      <Modal
        open={outcome !== null}
        title={
          outcome?.kind === 'saved' ? t('teacher-modules.saved-title') : t('teacher-modules.failed-title')
        }
        closeLabel={t('teacher-modules.ok')}
        onClose={closeOutcome}
      >
        <p>{outcome?.kind === 'saved' ? t('teacher-modules.saved-text') : outcome?.message}</p>
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

function SaveBar({
  pending,
  dirty,
  saved,
  onSave,
}: {
  pending: boolean;
  dirty: boolean;
  saved: boolean;
  onSave: () => void;
}) {
  const t = useT();
  return (
    <div className="modules-save-bar">
      <button type="button" className="button button-primary" disabled={pending} onClick={onSave}>
        {pending && <Spinner label={t('teacher-modules.saving')} />}
        {t('teacher-modules.save')}
      </button>
      <span className="modules-save-state" role="status">
        {dirty ? t('teacher-modules.unsaved') : saved ? t('teacher-modules.all-saved') : ''}
      </span>
    </div>
  );
}

/**
 * The demo account's builder (spec 02 §4): a banner says the content is limited, the picker is fixed
 * to the preset's course and topic, and saving only says 'Module Saved' on the device — nothing is
 * sent.
 */
function DemoBuilder() {
  const t = useT();
  const preset = useDemoPreset(true);
  const [store] = useState(() => createModuleDraftStore());
  if (preset.isError)
    return (
      <div className="teacher-page">
        <h1>{t('creator-modules.new-title')}</h1>
        <Alert tone="danger">{errorMessage(preset.error, t)}</Alert>
      </div>
    );
  if (!preset.data)
    return (
      <div className="teacher-page">
        <h1>{t('creator-modules.new-title')}</h1>
        <Spinner label={t('creator-modules.loading')} />
      </div>
    );
  return (
    <ModuleDraftProvider store={store}>
      <DemoBuilderView preset={preset.data} />
    </ModuleDraftProvider>
  );
}

function DemoBuilderView({ preset }: { preset: DemoPreset }) {
  const t = useT();
  const headingId = useId();
  const store = useModuleDraftStore();
  const { message, announce } = useAnnouncer();
  const [nameError, setNameError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [preview, setPreview] = useState<ShownProblem | null>(null);
  const [trying, setTrying] = useState<ShownProblem | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const actions = { onPreview: setPreview, onTry: setTrying, announce };

  const onSave = () => {
    const draft = store.getState();
    if (!draft.name.trim()) {
      setNameError(t('validation.module-blank'));
      setOutcome({ kind: 'failed', message: t('validation.module-blank'), onName: true });
      return;
    }
    setOutcome({ kind: 'saved' });
  };

  return (
    <div className="teacher-page modules-builder">
      <h1>{t('creator-modules.new-title')}</h1>
      <Alert tone="info">{t('creator-modules.demo-banner')}</Alert>
      <section className="card modules-section" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('creator-modules.demo-preset-title')}</h2>
        <dl className="creator-demo-preset">
          <dt>{t('creator-modules.demo-system')}</dt>
          <dd>{preset.educationSystem}</dd>
          <dt>{t('creator-modules.demo-grade')}</dt>
          <dd>{preset.grade}</dd>
        </dl>
      </section>
      <Announcer message={message} />
      <NameFields nameRef={nameRef} nameError={nameError} onNameChange={() => setNameError(undefined)} />
      <ProblemPicker
        {...actions}
        fixed={{ courseId: preset.courseId, topicId: preset.topicId, subtopicId: preset.subtopicId }}
      />
      <SelectedProblems {...actions} />
      <SaveBar pending={false} dirty={false} saved={false} onSave={onSave} />
      <Modal
        open={outcome !== null}
        title={
          outcome?.kind === 'saved' ? t('teacher-modules.saved-title') : t('teacher-modules.failed-title')
        }
        closeLabel={t('teacher-modules.ok')}
        onClose={() => {
          const onName = outcome?.kind === 'failed' && outcome.onName;
          setOutcome(null);
          if (onName) setTimeout(() => nameRef.current?.focus());
        }}
      >
        <p>{outcome?.kind === 'saved' ? t('teacher-modules.saved-text') : outcome?.message}</p>
      </Modal>
      <PreviewDialog problem={preview} onClose={() => setPreview(null)} />
      <TryDialog problem={trying} onClose={() => setTrying(null)} />
    </div>
  );
}
