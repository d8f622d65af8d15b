import { ApiError } from '@kib/api-client';
import {
  formatDateTimeDmy,
  type AuthoringCheck,
  type Problem,
  type ProblemDraft,
  type ProblemSkill,
} from '@kib/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useUser } from '../../auth/auth';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { LeaveGuardDialog, useLeaveGuard } from '../../ui/leave-guard';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoticeRegion } from '../teacher/teacher-ui';
import { Announcer, useAnnouncer } from '../teacher/modules/modules-ui';
import {
  CREATOR_PROBLEMS,
  remoteDrafts,
  toolPath,
  useCloneProblem,
  useCreatorProblem,
  useDeleteProblem,
  userTypeOf,
  useSaveProblem,
  type DraftUpload,
} from './creator-data';
import { useEditingTime } from './editing-time';
import {
  createCreatorDraftStore,
  CreatorDraftProvider,
  draftStorageName,
  emptyProblem,
  forgetStoredDraft,
  hasStoredDraft,
  useCreatorDraft,
  useCreatorDraftStore,
  type CreatorDraftState,
} from './creator-draft.store';
import { DeleteOutcomeText, type DeleteOutcome } from './creator-ui';
import { LmsActivityAction } from './lms-activity-action';
import { checkDraft, itemHeadingId, remainingIssues, serverIssues, type DraftIssue } from './draft-check';
import { draftAsProblem } from './draft-try';
import { NumeralsEditor } from './numerals-editor';
import { ProblemForm } from './problem-form';
import { ProblemSkills } from './problem-skills';
import { ProblemReadView } from './reviews/problem-read-view';
import { ToolReviewSection } from './reviews/tool-review-section';
import { DeleteProblemDialog } from './problems-page';
import { ChecksAlert, ErrorSummary, focusElement } from './tool-ui';
import { AiCreation } from './ai-creation';
import { ProblemVariants } from './problem-variants';
import { TryDraftDialog } from './try-draft-dialog';
import { ExportDialog } from './export-dialog';

/** The problem of the address: null for a new one, NaN for an address that names none. */
function problemIdOf(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

/** Which tool the page shows: `key` changes when another problem (or a new one) is opened. */
interface Instance {
  key: number;
  problemId: number | null;
  /** A problem this tool has just saved for the first time, whose address it is moving to. */
  adopting: number | null;
}

/**
 * /creator/tool (a new problem) and /creator/tool/:problemId (a saved one), the creation tool (spec
 * 02 §2 "Creation tool", §4 "Creation flow"): the problem form, its numerals and steps with the form
 * of each one's math type, saving with the new files, the authoring checks, try, clone and delete.
 * The draft is kept on this device while it holds unsaved work, and leaving it asks first. A new
 * problem, once saved, goes on at its own address in the same tool. `?fresh=1` ('Create new
 * problem') starts a new draft, after asking when the last one was not saved.
 */
export function ToolPage() {
  const t = useT();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const routeId = problemIdOf(params.problemId);
  const [instance, setInstance] = useState<Instance>({ key: 0, problemId: routeId, adopting: null });
  const [askFresh, setAskFresh] = useState(false);
  const fresh = routeId === null && search.get('fresh') === '1';
  useDocumentTitle(t(routeId === null ? 'creator.new-title' : 'creator.edit-title'));

  if (!Object.is(instance.problemId, routeId)) {
    setInstance(
      routeId !== null && routeId === instance.adopting
        ? { ...instance, problemId: routeId, adopting: null }
        : { key: instance.key + 1, problemId: routeId, adopting: null },
    );
  }
  const adopt = useCallback((problemId: number) => setInstance((i) => ({ ...i, adopting: problemId })), []);

  useEffect(() => {
    if (!fresh) return;
    if (hasStoredDraft(draftStorageName(null))) {
      setAskFresh(true);
      return;
    }
    setInstance((i) => ({ ...i, key: i.key + 1 }));
    setSearch({}, { replace: true });
  }, [fresh, setSearch]);

  const answerFresh = (discard: boolean) => {
    setAskFresh(false);
    if (discard) {
      forgetStoredDraft(draftStorageName(null));
      setInstance((i) => ({ ...i, key: i.key + 1 }));
    }
    setSearch({}, { replace: true });
  };

  if (Number.isNaN(routeId)) return <ProblemNotFound />;
  return (
    <>
      <ToolLoader key={instance.key} problemId={routeId} onCreated={adopt} />
      <Modal
        open={askFresh}
        title={t('creator.fresh-title')}
        onClose={() => answerFresh(false)}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => answerFresh(false)}>
              {t('creator.fresh-keep')}
            </button>
            <button
              type="button"
              className="button button-primary modules-danger"
              onClick={() => answerFresh(true)}
            >
              {t('creator.fresh-discard')}
            </button>
          </>
        }
      >
        <p>{t('creator.fresh-text')}</p>
      </Modal>
    </>
  );
}

/** The address names no problem the reader may open. */
function ProblemNotFound() {
  const t = useT();
  return (
    <div className="teacher-page creator-page">
      <h1>{t('creator.not-found-title')}</h1>
      <p className="teacher-lead">{t('creator.not-found-text')}</p>
      <Link className="button button-primary" to={CREATOR_PROBLEMS}>
        {t('creator.back-to-problems')}
      </Link>
    </div>
  );
}

/** Loads the problem to edit (a new one needs nothing), then shows its tool. */
function ToolLoader({ problemId, onCreated }: { problemId: number | null; onCreated: (id: number) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [newDraft] = useState(() => (problemId === null ? emptyProblem(language) : null));
  const problem = useCreatorProblem(problemId);
  if (newDraft) return <Tool initial={newDraft} onCreated={onCreated} />;
  if (problem.data) {
    if (!problem.data.canEdit)
      return (
        <div className="teacher-page creator-page">
          <h1>{t('creator.cannot-edit-title')}</h1>
          <p className="teacher-lead">{t('creator.cannot-edit-text', { author: problem.data.authorName })}</p>
          <Link className="button button-primary" to={CREATOR_PROBLEMS}>
            {t('creator.back-to-problems')}
          </Link>
          <ProblemReadView answer={problem.data} />
          {problemId !== null && <ToolReviewSection problemId={problemId} />}
        </div>
      );
    return (
      <Tool
        initial={problem.data.problem as ProblemDraft}
        skills={problem.data.skills}
        serverChangedAt={Date.parse(problem.data.updatedAt)}
        onCreated={onCreated}
      />
    );
  }
  if (problem.error instanceof ApiError && [403, 404].includes(problem.error.status))
    return <ProblemNotFound />;
  return (
    <div className="teacher-page creator-page">
      <h1>{t('creator.edit-title')}</h1>
      {problem.isError ? (
        <Alert tone="danger">
          <p className="query-failed-text">
            {t('creator.load-failed')} {errorMessage(problem.error, t)}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void problem.refetch()}>
            {t('creator.retry')}
          </button>
        </Alert>
      ) : (
        <p className="query-loading">
          <Spinner label={t('creator.loading')} />
          <span aria-hidden="true">{t('creator.loading')}</span>
        </p>
      )}
    </div>
  );
}

/** One tool: its own draft store, made once from `initial` (or from the unsaved draft kept on this device). */
function Tool({
  initial,
  skills,
  serverChangedAt = null,
  onCreated,
}: {
  initial: ProblemDraft;
  /** The saved problem's skills, named. */
  skills?: ProblemSkill[];
  /** When the saved problem last changed on the server (ms since the epoch). */
  serverChangedAt?: number | null;
  onCreated: (id: number) => void;
}) {
  const api = useApi();
  const [store] = useState(() =>
    createCreatorDraftStore(initial, draftStorageName(initial.id), skills, remoteDrafts(api)),
  );
  return (
    <CreatorDraftProvider store={store}>
      <ToolView initial={initial} serverChangedAt={serverChangedAt} onCreated={onCreated} />
    </CreatorDraftProvider>
  );
}

/** The files chosen and not uploaded yet, numbered for the multipart call (`picture_{n}`, `video_{n}`). */
function uploadsOf(state: CreatorDraftState): { slots: string[]; files: DraftUpload[] } {
  const chosen = Object.entries(state.files);
  return {
    slots: chosen.map(([id]) => id),
    files: chosen.map(([, file], n) => ({
      field: file.kind === 'video' ? (`video_${n}` as const) : (`picture_${n}` as const),
      file: file.file,
      name: file.name,
      formdata: { name: file.name, type: file.target, id: file.key },
    })),
  };
}

/** What the last save said. */
/** The id of the tool's "Guardar" button, which the first of the jump links reaches. */
const SAVE_BUTTON_ID = 'creator-save';

interface SaveResult {
  /** Publishing was asked and the authoring checks refused it: the failing checks. */
  refused: AuthoringCheck[];
  published: boolean;
}

function ToolView({
  initial,
  serverChangedAt,
  onCreated,
}: {
  initial: ProblemDraft;
  serverChangedAt: number | null;
  onCreated: (id: number) => void;
}) {
  const t = useT();
  const user = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const store = useCreatorDraftStore();
  const draft = useCreatorDraft((s) => s.draft);
  const filesToUpload = useCreatorDraft((s) => Object.keys(s.files).length);
  const keptIn = useCreatorDraft((s) => s.keptIn);
  const dirty = useCreatorDraft((s) => s.dirty);
  const restored = useCreatorDraft((s) => s.restored);
  const restoredFrom = useCreatorDraft((s) => s.restoredFrom);
  const lostFiles = useCreatorDraft((s) => s.lostFiles);
  const save = useSaveProblem();
  const editing = useEditingTime();
  const clone = useCloneProblem();
  const remove = useDeleteProblem();
  const { message, announce } = useAnnouncer();
  const [checked, setChecked] = useState<{ issues: DraftIssue[]; complete: boolean }>({
    issues: [],
    complete: false,
  });
  const setIssues = (found: DraftIssue[], complete = false) => setChecked({ issues: found, complete });
  const issues = useMemo(() => remainingIssues(checked.issues, draft, checked.complete), [checked, draft]);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [result, setResult] = useState<SaveResult | null>(null);
  const [notice, setNotice] = useState<'saved' | 'cloned' | DeleteOutcome | null>(() =>
    (location.state as { cloned?: boolean } | null)?.cloned ? 'cloned' : null,
  );
  const [focusOn, setFocusOn] = useState<'summary' | 'checks' | 'notice' | null>(null);
  const [cloneStep, setCloneStep] = useState<'save-first' | 'confirm' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [trying, setTrying] = useState<Problem | null>(null);
  const [exporting, setExporting] = useState<Problem | null>(null);
  const [tryBlocked, setTryBlocked] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const checksRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const leaving = useRef<string | null>(null);

  // Leaving with unsaved changes asks first; moving to the address of the problem just saved is not leaving.
  const blocker = useLeaveGuard(dirty, () => store.getState().dirty, leaving);

  useEffect(() => {
    if (!focusOn) return;
    setFocusOn(null);
    ({ summary: summaryRef, checks: checksRef, notice: noticeRef })[focusOn].current?.focus();
  }, [focusOn]);

  const onSave = () => {
    const state = store.getState();
    const found = checkDraft(state.draft);
    setIssues(found, state.draft.publishProblem);
    setTryBlocked(false);
    setOtherErrors([]);
    setResult(null);
    setNotice(null);
    if (found.length > 0) {
      setFocusOn('summary');
      return;
    }
    const wasNew = state.draft.id === null;
    const asked = state.draft.publishProblem;
    const { slots, files } = uploadsOf(state);
    const sentFiles = slots.map((id) => state.files[id]!);
    const editingSeconds = editing.seconds();
    save.mutate(
      { state: state.draft, userType: userTypeOf(user), files, editingSeconds },
      {
        onSuccess: (answer) => {
          editing.spend(editingSeconds);
          store.getState().saved(answer, slots);
          const refused = asked && !answer.published ? answer.checks.filter((c) => !c.ok) : [];
          // Refused by its checks, publication stays asked for: the next good save publishes it.
          // Otherwise the draft follows what was saved.
          if (refused.length > 0) store.getState().askPublication();
          else if (!answer.published) store.getState().markUnpublished();
          setResult({ refused, published: answer.published });
          // The checks' alert says what happened; no "well done" beside it.
          setNotice(refused.length > 0 ? null : 'saved');
          setFocusOn(refused.length > 0 ? 'checks' : 'notice');
          if (wasNew) {
            store.persist.setOptions({ name: draftStorageName(answer.problemId) });
            forgetStoredDraft(draftStorageName(null));
            onCreated(answer.problemId);
            leaving.current = toolPath(answer.problemId);
            void navigate(
              { pathname: toolPath(answer.problemId), search: location.search },
              { replace: true },
            );
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            const mapped = serverIssues(store.getState().draft, error.fields, sentFiles);
            setIssues(mapped.issues);
            setOtherErrors(
              mapped.other.length > 0 || mapped.issues.length === 0
                ? [errorMessage(error, t), ...mapped.other]
                : [],
            );
          } else setOtherErrors([errorMessage(error, t)]);
          setFocusOn('summary');
        },
      },
    );
  };

  /** The draft as a whole problem, for trying or exporting it; null (its issues shown) while it is not complete. */
  const completeProblem = (): Problem | null => {
    const state = store.getState();
    const found = checkDraft(state.draft, { complete: true });
    const problem = found.length === 0 ? draftAsProblem(state.draft, user?.id ?? 1) : null;
    if (!problem) {
      setIssues(found, true);
      setTryBlocked(true);
      setFocusOn('summary');
      return null;
    }
    setTryBlocked(false);
    return problem;
  };
  const onTry = () => setTrying(completeProblem());
  // Ctrl+S (⌘+S on a Mac) saves from anywhere in the tool, a math field included, instead of the
  // browser saving the page.
  const saveNow = useRef(onSave);
  saveNow.current = onSave;
  const pending = save.isPending;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      if (!pending) saveNow.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [pending]);
  const onExport = () => setExporting(completeProblem());
  // What Kib serves is the saved problem: published, and nothing changed since.
  const savedAndPublished =
    draft.id !== null && !dirty && draft.publishProblem && (result?.published ?? true);

  const onClone = () => {
    clone.reset();
    setCloneStep(draft.id === null || dirty ? 'save-first' : 'confirm');
  };
  const confirmClone = () => {
    if (draft.id === null) return;
    clone.mutate(draft.id, {
      onSuccess: ({ problemId }) => {
        setCloneStep(null);
        void navigate(
          { pathname: toolPath(problemId), search: location.search },
          { state: { cloned: true } },
        );
      },
    });
  };

  const confirmDelete = () => {
    if (draft.id === null) return;
    const id = draft.id;
    const title = draft.title;
    remove.mutate(id, {
      onSuccess: ({ outcome }) => {
        setDeleting(false);
        if (outcome === 'deleted') {
          forgetStoredDraft(draftStorageName(id));
          leaving.current = CREATOR_PROBLEMS;
          store.getState().reset(store.getState().draft);
          void navigate(CREATOR_PROBLEMS, { state: { deleted: { outcome, title } } });
          return;
        }
        store.getState().markUnpublished();
        setNotice({ outcome, title });
        setFocusOn('notice');
      },
    });
  };

  const discardLocal = () => {
    store.getState().reset(initial);
    announce(t('creator.local-discarded'));
  };

  const noticeText =
    notice === null ? null : notice === 'saved' ? (
      <p className="teacher-alert-text">
        <strong>{t('creator.saved-nice')}</strong>{' '}
        {result?.published ? t('creator.saved-published') : t('creator.saved-as-draft')}
      </p>
    ) : notice === 'cloned' ? (
      <p className="teacher-alert-text">{t('creator.cloned')}</p>
    ) : (
      <DeleteOutcomeText outcome={notice} />
    );

  return (
    <div className="teacher-page modules-builder creator-page creator-tool">
      <div className="teacher-page-header">
        <h1>{t(draft.id === null ? 'creator.new-title' : 'creator.edit-title')}</h1>
        <Link className="button button-secondary" to={CREATOR_PROBLEMS}>
          {t('creator.back-to-problems')}
        </Link>
      </div>
      <p className="teacher-lead">{t(`creator.tool-lead-${keptIn}`)}</p>
      <nav className="creator-jump" aria-label={t('creator.jump-label')}>
        <ul>
          <li>
            <a
              href={`#${SAVE_BUTTON_ID}`}
              onClick={(event) => {
                event.preventDefault();
                focusElement(SAVE_BUTTON_ID);
              }}
            >
              {t('creator.jump-save')}
            </a>
          </li>
          {draft.numerals.map((numeral, i) => (
            <li key={numeral.key}>
              <a
                href={`#${itemHeadingId(numeral.key)}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusElement(itemHeadingId(numeral.key));
                }}
              >
                {t('creator.place-numeral', { number: i + 1 })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Announcer message={message} />
      {restored && (
        <Alert tone="info" onClose={() => store.getState().acknowledgeRestore()} closeLabel={t('site.close')}>
          <p className="teacher-alert-text">
            {restoredFrom
              ? t(keptIn === 'account' ? 'creator.restored-account-at' : 'creator.restored-at', {
                  when: formatDateTimeDmy(new Date(restoredFrom)),
                })
              : t('creator.restored')}
          </p>
          {restoredFrom !== null && serverChangedAt !== null && serverChangedAt > restoredFrom && (
            <p className="teacher-alert-text">
              <strong>{t('creator.restored-server-newer')}</strong>
            </p>
          )}
          {lostFiles.length > 0 && (
            <p className="teacher-alert-text">
              {t('creator.restored-lost-files', { names: lostFiles.join(', ') })}
            </p>
          )}
          <button type="button" className="button button-secondary modules-small" onClick={discardLocal}>
            {t(initial.id === null ? 'creator.discard-local-new' : 'creator.discard-local')}
          </button>
        </Alert>
      )}
      <NoticeRegion ref={noticeRef} notice={noticeText} onClose={() => setNotice(null)} />
      <LmsActivityAction />
      {result && result.refused.length > 0 && (
        <ChecksAlert
          ref={checksRef}
          checks={result.refused}
          draft={draft}
          onClose={() => setResult({ ...result, refused: [] })}
        />
      )}
      {tryBlocked && issues.length > 0 && (
        <p className="field-error" role="status">
          {t('creator.try-needs-answers')}
        </p>
      )}
      <ErrorSummary ref={summaryRef} issues={issues} other={otherErrors} draft={draft} />
      {/* create_ai_problem/ is for creators (spec 02 §6). */}
      {user?.groups.includes('Creators') && <AiCreation announce={announce} />}
      {/* problems/{id}/variants/ is for creators and supervisors, from the saved problem. */}
      {draft.id !== null && (user?.groups.includes('Creators') || user?.groups.includes('Supervisors')) && (
        <ProblemVariants problemId={draft.id} announce={announce} />
      )}
      <div inert={save.isPending} aria-busy={save.isPending || undefined}>
        <ProblemForm issues={issues} />
        <ProblemSkills issues={issues} announce={announce} />
        <NumeralsEditor issues={issues} announce={announce} />
      </div>
      {draft.id !== null && (
        <ToolReviewSection problemId={draft.id} onSent={() => store.getState().markUnpublished()} />
      )}
      <div className="modules-save-bar creator-save-bar">
        <button
          type="button"
          id={SAVE_BUTTON_ID}
          className="button button-primary"
          disabled={save.isPending}
          aria-keyshortcuts="Control+S Meta+S"
          onClick={onSave}
        >
          {save.isPending && <Spinner label={t('creator.saving')} />}
          {t('creator.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onTry}>
          {t('creator.try')}
        </button>
        <button type="button" className="button button-secondary" onClick={onExport}>
          {t('creator.export')}
        </button>
        <button type="button" className="button button-secondary" onClick={onClone}>
          {t('creator.clone')}
        </button>
        {draft.id !== null && (
          <button
            type="button"
            className="button button-secondary modules-delete"
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            {t('creator.delete-problem')}
          </button>
        )}
        <span className="modules-save-state" role="status">
          {dirty ? t('creator.unsaved') : draft.id !== null ? t('creator.all-saved') : ''}
        </span>
      </div>

      <Modal
        open={cloneStep === 'save-first'}
        title={t('creator.clone-title')}
        closeLabel={t('creator.ok')}
        onClose={() => setCloneStep(null)}
      >
        <p>{t('creator.clone-save-first')}</p>
      </Modal>
      <Modal
        open={cloneStep === 'confirm'}
        title={t('creator.clone-confirm')}
        onClose={() => setCloneStep(null)}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => setCloneStep(null)}>
              {t('creator.no')}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={clone.isPending}
              onClick={confirmClone}
            >
              {clone.isPending && <Spinner label={t('creator.cloning')} />}
              {t('creator.yes')}
            </button>
          </>
        }
      >
        <p>{t('creator.clone-text')}</p>
        {clone.isError && <Alert tone="danger">{errorMessage(clone.error, t)}</Alert>}
      </Modal>
      <DeleteProblemDialog
        problem={deleting && draft.id !== null ? { id: draft.id, title: draft.title } : null}
        pending={remove.isPending}
        error={remove.error}
        onCancel={() => setDeleting(false)}
        onConfirm={confirmDelete}
      />
      <LeaveGuardDialog
        blocker={blocker}
        title={t('creator.leave-title')}
        text={t('creator.leave-text')}
        stay={t('creator.leave-stay')}
        leave={t('creator.leave-go')}
      />
      <TryDraftDialog problem={trying} onClose={() => setTrying(null)} />
      <ExportDialog
        problem={exporting}
        savedAndPublished={savedAndPublished}
        unsavedFiles={filesToUpload > 0}
        onClose={() => setExporting(null)}
      />
    </div>
  );
}
