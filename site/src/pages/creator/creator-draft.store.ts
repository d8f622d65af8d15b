import { arrayMove } from '@dnd-kit/sortable';
import {
  PROBLEM_SKILLS_MAX,
  shortId,
  type AnswerTest,
  type ChoiceDraft,
  type FileTarget,
  type Language,
  type MathType,
  type NumeralDraft,
  type ProblemDraft,
  type ProblemSkill,
  type SaveProblemAnswer,
  type StepDraft,
} from '@kib/core';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import {
  createJSONStorage,
  persist,
  type PersistStorage,
  type StateStorage,
  type StorageValue,
} from 'zustand/middleware';

/** A picture or a video. */
export type FileKind = 'picture' | 'video';

/** Where a chosen file goes: what it belongs to, the key of that item, and its kind. */
export interface FileSlot {
  target: FileTarget;
  /** The numeral's, step's or choice's key; the draft's own `problemKey` for the problem. */
  key: string;
  kind: FileKind;
}

/** A file chosen for a slot and not uploaded yet. */
export interface ChosenFile extends FileSlot {
  file: File;
  name: string;
}

/** The name of a slot in the store's `files`. */
export const slotId = ({ target, key, kind }: FileSlot) => `${target}:${kind}:${key}`;

/** What the creation tool edits, and how it stands. */
export interface CreatorDraft {
  /** The problem as the server takes it: numerals and steps in order, file fields holding stored keys. */
  draft: ProblemDraft;
  /** The key the problem's own files name (`formdata.id` for a `problem` file). */
  problemKey: string;
  /** The files chosen but not uploaded yet, by {@link slotId}. Files cannot be kept in local storage. */
  files: Record<string, ChosenFile>;
  /** Something changed since the draft was loaded or saved. */
  dirty: boolean;
  /** Counts the changes. */
  revision: number;
  /** The draft came back from this device's storage (unsaved work from an earlier visit). */
  restored: boolean;
  /** When the restored draft was last changed (ms since the epoch). */
  restoredFrom: number | null;
  /** Names of files that had been chosen for the restored draft and were lost with the page. */
  lostFiles: string[];
  /** The skills the tool knows by id (those of the saved problem and those chosen), to name `draft.skillIds`. */
  skills: Record<number, ProblemSkill>;
  /**
   * Where unsaved work is kept: this device's storage, the author's account on the server (the
   * browser blocks storage, as in an LMS frame), or nowhere beyond the page.
   */
  keptIn: 'device' | 'account' | 'page';
}

/** What adding a skill did: added, it was there already, or the problem has as many as it may. */
export type AddSkillOutcome = 'added' | 'already' | 'full';

/** A part of a numeral or step the tool changes: what it asks. */
export interface MathTypeContent {
  data: unknown;
  choices: ChoiceDraft[];
}

/** The changes the tool makes to its draft. */
export interface CreatorDraftActions {
  /** Changes fields of the problem itself. */
  setProblem: (change: Partial<Omit<ProblemDraft, 'numerals'>>) => void;
  /** Adds a numeral after `afterKey` (first when null); answers its key. */
  addNumeral: (afterKey: string | null) => string;
  /** Removes a numeral with its steps, data and chosen files. */
  removeNumeral: (key: string) => void;
  /** Moves a numeral `offset` places; false when it cannot move that far. */
  moveNumeral: (key: string, offset: number) => boolean;
  /** Puts numeral `activeKey` where `overKey` is (a drag and drop). */
  reorderNumerals: (activeKey: string, overKey: string) => void;
  setNumeral: (
    key: string,
    change: Partial<Omit<NumeralDraft, 'steps' | 'mathType' | 'data' | 'choices'>>,
  ) => void;
  /** Adds a step to a numeral after `afterKey` (first when null); answers its key. */
  addStep: (numeralKey: string, afterKey: string | null) => string;
  removeStep: (numeralKey: string, stepKey: string) => void;
  moveStep: (numeralKey: string, stepKey: string, offset: number) => boolean;
  reorderSteps: (numeralKey: string, activeKey: string, overKey: string) => void;
  setStep: (
    numeralKey: string,
    stepKey: string,
    change: Partial<Omit<StepDraft, 'mathType' | 'data' | 'choices'>>,
  ) => void;
  /** Gives a numeral or step another math type: its record starts empty. */
  setMathType: (item: ItemRef, mathType: MathType) => void;
  /** Replaces what a numeral or step asks (its math type's record and choices). */
  setContent: (item: ItemRef, content: MathTypeContent) => void;
  /** Replaces a numeral's or step's question tests. */
  setAnswerTests: (item: ItemRef, tests: AnswerTest[]) => void;
  /** Chooses a file for a slot, or forgets the one chosen (null). */
  setFile: (slot: FileSlot, file: File | null) => void;
  /** Takes the stored file of a slot out of the draft (the field becomes empty). */
  removeStoredFile: (slot: FileSlot) => void;
  /**
   * Puts the key of a file stored before the save (a video uploaded to a presigned address) in the
   * field of its slot; a file chosen for that slot is forgotten.
   */
  setStoredFile: (slot: FileSlot, key: string) => void;
  /** The draft was saved as `answer`; the files of `sent` went with it. */
  saved: (answer: SaveProblemAnswer, sent: readonly string[]) => void;
  /** Starts over from `draft` (discarding the changes), unsaved files forgotten. */
  reset: (draft: ProblemDraft) => void;
  /** Ties the problem to a skill (at most {@link PROBLEM_SKILLS_MAX}). */
  addSkill: (skill: ProblemSkill) => AddSkillOutcome;
  /** Unties the problem from a skill. */
  removeSkill: (skillId: number) => void;
  /**
   * Loads a generated problem (create_ai_problem/) into the draft: its title, description and
   * numerals replace the draft's, which stays this draft (its id, course, topic, subtopic, language)
   * and unpublished, with unsaved changes.
   */
  loadGenerated: (generated: ProblemDraft) => void;
  /** Changes the problem's publish switch without making the draft unsaved (the server unpublished it). */
  markUnpublished: () => void;
  /** After a publication refused by the checks: the switch stays on, the next save asks again. */
  askPublication: () => void;
  /** The restored draft's notice was read: its lost files are no longer mentioned. */
  acknowledgeRestore: () => void;
}

/** A numeral (`stepKey` null) or one of its steps. */
export interface ItemRef {
  numeralKey: string;
  stepKey: string | null;
}

/** The tool's store: its draft and the actions that change it. */
export type CreatorDraftState = CreatorDraft & CreatorDraftActions;
/** One tool's store, kept in this device's storage while it holds unsaved work. */
export type CreatorDraftStore = StoreApi<CreatorDraftState> & {
  persist: {
    setOptions: (options: { name: string }) => void;
    clearStorage: () => void;
  };
};

/** Where a draft is kept on this device: per problem id, or `new`. */
export const draftStorageName = (problemId: number | null) =>
  `kib.creator-draft.${problemId === null ? 'new' : problemId}`;

/** A new numeral: a question to write, solved with `solve` until another math type is chosen. */
export function newNumeral(): NumeralDraft {
  return {
    key: shortId(),
    id: null,
    question: '',
    initialHint: null,
    hintPicture: null,
    picture: null,
    videoS3: null,
    calculator: false,
    steps: [],
    mathType: 'solve',
    data: null,
    choices: [],
  };
}

/** A new step. */
export function newStep(): StepDraft {
  return {
    key: shortId(),
    id: null,
    instruction: '',
    explanation: '',
    picture: null,
    videoS3: null,
    calculator: false,
    mathType: 'solve',
    data: null,
    choices: [],
  };
}

/** A new problem in `language`, with one numeral to start from. */
export function emptyProblem(language: Language): ProblemDraft {
  return {
    id: null,
    title: '',
    description: '',
    language,
    courseId: null,
    topicId: null,
    subtopicId: null,
    numeration: null,
    publishProblem: false,
    calculator: false,
    picture: null,
    videoS3: null,
    numerals: [newNumeral()],
    skillIds: [],
  };
}

/** What is kept in local storage: the draft, and the names of the files chosen for it. */
interface Persisted {
  draft: ProblemDraft;
  problemKey: string;
  dirty: boolean;
  changedAt: number;
  files: { target: FileTarget; key: string; kind: FileKind; name: string }[];
  skills?: Record<number, ProblemSkill>;
}

/** Where unsaved drafts go when the browser keeps nothing: the author's account (creator/drafts/). */
export interface RemoteDraftStorage {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

/** How long the remote storage waits after a change before sending the draft (changes in between join it). */
export const REMOTE_DRAFT_DELAY_MS = 1_500;

/** Whether this browser lets the page write to its local storage (an LMS frame may not). */
export function deviceStorageWorks(): boolean {
  try {
    const probe = 'kib.storage-probe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** The remote storage as the persist middleware reads it: writes wait a moment and send only the last. */
function remoteStateStorage(remote: RemoteDraftStorage): StateStorage {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  const later = (name: string, send: () => Promise<void>) => {
    clearTimeout(waiting.get(name));
    waiting.set(
      name,
      setTimeout(() => {
        waiting.delete(name);
        void send().catch(() => undefined);
      }, REMOTE_DRAFT_DELAY_MS),
    );
  };
  return {
    getItem: (name) => remote.get(name).catch(() => null),
    setItem: (name, value) => later(name, () => remote.set(name, value)),
    removeItem: (name) => later(name, () => remote.remove(name)),
  };
}

/**
 * Storage that keeps a draft only while it holds unsaved work: this device's, or — when the
 * browser blocks it — `remote`, the author's account.
 */
function draftStorage(remote?: RemoteDraftStorage): PersistStorage<Persisted> | undefined {
  const json = createJSONStorage<Persisted>(() =>
    remote && !deviceStorageWorks() ? remoteStateStorage(remote) : localStorage,
  );
  if (!json) return undefined;
  return {
    getItem: (name) => {
      try {
        return json.getItem(name);
      } catch {
        return null;
      }
    },
    setItem: (name, value: StorageValue<Persisted>) => {
      try {
        if (value.state.dirty) json.setItem(name, value);
        else json.removeItem(name);
      } catch {
        // Storage full or blocked: the draft is kept for the page's life only.
      }
    },
    removeItem: (name) => {
      try {
        json.removeItem(name);
      } catch {
        // Nothing to remove.
      }
    },
  };
}

const mapNumeral = (
  draft: ProblemDraft,
  key: string,
  update: (n: NumeralDraft) => NumeralDraft,
): ProblemDraft => ({
  ...draft,
  numerals: draft.numerals.map((n) => (n.key === key ? update(n) : n)),
});

const mapStep = (
  draft: ProblemDraft,
  numeralKey: string,
  stepKey: string,
  update: (s: StepDraft) => StepDraft,
): ProblemDraft =>
  mapNumeral(draft, numeralKey, (n) => ({
    ...n,
    steps: n.steps.map((s) => (s.key === stepKey ? update(s) : s)),
  }));

const insertAfter = <T extends { key: string }>(
  items: readonly T[],
  afterKey: string | null,
  item: T,
): T[] => {
  const at = afterKey === null ? 0 : items.findIndex((i) => i.key === afterKey) + 1;
  return [...items.slice(0, at), item, ...items.slice(at)];
};

const moveBy = <T extends { key: string }>(items: T[], key: string, offset: number): T[] | null => {
  const from = items.findIndex((i) => i.key === key);
  const to = from + offset;
  if (from < 0 || offset === 0 || to < 0 || to >= items.length) return null;
  return arrayMove(items, from, to);
};

const moveOnto = <T extends { key: string }>(items: T[], activeKey: string, overKey: string): T[] | null => {
  const from = items.findIndex((i) => i.key === activeKey);
  const to = items.findIndex((i) => i.key === overKey);
  if (from < 0 || to < 0 || from === to) return null;
  return arrayMove(items, from, to);
};

/** The keys of a numeral, its steps and all their choices: the items whose files go with it. */
function keysOf(numeral: NumeralDraft): Set<string> {
  return new Set([
    numeral.key,
    ...numeral.choices.map((c) => c.key),
    ...numeral.steps.flatMap((s) => [s.key, ...s.choices.map((c) => c.key)]),
  ]);
}

const withoutFilesOf = (files: Record<string, ChosenFile>, keys: Set<string>) =>
  Object.fromEntries(Object.entries(files).filter(([, f]) => !keys.has(f.key)));

/** Empties the stored file field a slot names. */
function clearField(draft: ProblemDraft, { target, key, kind }: FileSlot): ProblemDraft {
  const field = kind === 'video' ? 'videoS3' : 'picture';
  const choices = (list: ChoiceDraft[]) => list.map((c) => (c.key === key ? { ...c, picture: null } : c));
  switch (target) {
    case 'problem':
      return { ...draft, [field]: null };
    case 'numeral':
      return mapNumeral(draft, key, (n) => ({ ...n, [field]: null }));
    case 'hint':
      return mapNumeral(draft, key, (n) => ({ ...n, hintPicture: null }));
    case 'step':
      return {
        ...draft,
        numerals: draft.numerals.map((n) => ({
          ...n,
          steps: n.steps.map((s) => (s.key === key ? { ...s, [field]: null } : s)),
        })),
      };
    case 'choice':
      return {
        ...draft,
        numerals: draft.numerals.map((n) => ({
          ...n,
          choices: choices(n.choices),
          steps: n.steps.map((s) => ({ ...s, choices: choices(s.choices) })),
        })),
      };
  }
}

/** Writes a stored file's name into the field of its item (the saved draft may hold it already). */
function writeBack(
  draft: ProblemDraft,
  kind: FileKind,
  file: { type: FileTarget; id: string; name: string },
) {
  const field = kind === 'video' ? 'videoS3' : 'picture';
  const choices = (list: ChoiceDraft[]) =>
    list.map((c) => (c.key === file.id ? { ...c, picture: file.name } : c));
  switch (file.type) {
    case 'problem':
      return { ...draft, [field]: file.name };
    case 'numeral':
      return mapNumeral(draft, file.id, (n) => ({ ...n, [field]: file.name }));
    case 'hint':
      return mapNumeral(draft, file.id, (n) => ({ ...n, hintPicture: file.name }));
    case 'step':
      return {
        ...draft,
        numerals: draft.numerals.map((n) => ({
          ...n,
          steps: n.steps.map((s) => (s.key === file.id ? { ...s, [field]: file.name } : s)),
        })),
      };
    case 'choice':
      return {
        ...draft,
        numerals: draft.numerals.map((n) => ({
          ...n,
          choices: choices(n.choices),
          steps: n.steps.map((s) => ({ ...s, choices: choices(s.choices) })),
        })),
      };
  }
}

/** The draft an answer of send_create_problem_data/ holds, every stored file written into its item. */
export function savedDraft(answer: SaveProblemAnswer): ProblemDraft {
  let draft = answer.problem as ProblemDraft;
  for (const file of answer.uploadedPics) draft = writeBack(draft, 'picture', file);
  for (const file of answer.uploadedVideos) draft = writeBack(draft, 'video', file);
  return { ...draft, id: answer.problemId };
}

const byId = (skills: readonly ProblemSkill[] | undefined): Record<number, ProblemSkill> =>
  Object.fromEntries((skills ?? []).map((s) => [s.id, s]));

/**
 * A store of one tool's draft, starting from `initial` (a new problem, or a saved one as the server
 * gave it, with its named `skills`). While it holds unsaved work it is kept in local storage under
 * `storageName`; a draft found there (unsaved work of an earlier visit) replaces `initial`, and the
 * files chosen for it, which storage cannot keep, are listed as lost.
 */
export function createCreatorDraftStore(
  initial: ProblemDraft,
  storageName: string,
  skills: readonly ProblemSkill[] = [],
  remote?: RemoteDraftStorage,
): CreatorDraftStore {
  const onDevice = deviceStorageWorks();
  const start: CreatorDraft = {
    draft: initial,
    problemKey: shortId(),
    files: {},
    dirty: false,
    revision: 0,
    restored: false,
    restoredFrom: null,
    lostFiles: [],
    skills: byId(skills),
    keptIn: onDevice ? 'device' : remote ? 'account' : 'page',
  };
  return createStore<CreatorDraftState>()(
    persist<CreatorDraftState, [], [], Persisted>(
      (set, get) => {
        /** Applies a change of the draft, marking it unsaved. */
        const change = (draft: ProblemDraft, files?: Record<string, ChosenFile>) =>
          set((state) => ({ draft, ...(files ? { files } : {}), dirty: true, revision: state.revision + 1 }));
        const onItem = (item: ItemRef, update: (i: NumeralDraft | StepDraft) => NumeralDraft | StepDraft) => {
          const { draft } = get();
          change(
            item.stepKey === null
              ? mapNumeral(draft, item.numeralKey, (n) => update(n) as NumeralDraft)
              : mapStep(draft, item.numeralKey, item.stepKey, (s) => update(s) as StepDraft),
          );
        };
        return {
          ...start,
          setProblem: (fields) => change({ ...get().draft, ...fields }),
          addNumeral: (afterKey) => {
            const numeral = newNumeral();
            const { draft } = get();
            change({ ...draft, numerals: insertAfter(draft.numerals, afterKey, numeral) });
            return numeral.key;
          },
          removeNumeral: (key) => {
            const { draft, files } = get();
            const numeral = draft.numerals.find((n) => n.key === key);
            if (!numeral) return;
            change(
              { ...draft, numerals: draft.numerals.filter((n) => n.key !== key) },
              withoutFilesOf(files, keysOf(numeral)),
            );
          },
          moveNumeral: (key, offset) => {
            const { draft } = get();
            const numerals = moveBy(draft.numerals, key, offset);
            if (!numerals) return false;
            change({ ...draft, numerals });
            return true;
          },
          reorderNumerals: (activeKey, overKey) => {
            const { draft } = get();
            const numerals = moveOnto(draft.numerals, activeKey, overKey);
            if (numerals) change({ ...draft, numerals });
          },
          setNumeral: (key, fields) => change(mapNumeral(get().draft, key, (n) => ({ ...n, ...fields }))),
          addStep: (numeralKey, afterKey) => {
            const step = newStep();
            change(
              mapNumeral(get().draft, numeralKey, (n) => ({
                ...n,
                steps: insertAfter(n.steps, afterKey, step),
              })),
            );
            return step.key;
          },
          removeStep: (numeralKey, stepKey) => {
            const { draft, files } = get();
            const step = draft.numerals
              .find((n) => n.key === numeralKey)
              ?.steps.find((s) => s.key === stepKey);
            if (!step) return;
            change(
              mapNumeral(draft, numeralKey, (n) => ({
                ...n,
                steps: n.steps.filter((s) => s.key !== stepKey),
              })),
              withoutFilesOf(files, new Set([step.key, ...step.choices.map((c) => c.key)])),
            );
          },
          moveStep: (numeralKey, stepKey, offset) => {
            const { draft } = get();
            const numeral = draft.numerals.find((n) => n.key === numeralKey);
            const steps = numeral && moveBy(numeral.steps, stepKey, offset);
            if (!steps) return false;
            change(mapNumeral(draft, numeralKey, (n) => ({ ...n, steps })));
            return true;
          },
          reorderSteps: (numeralKey, activeKey, overKey) => {
            const { draft } = get();
            const numeral = draft.numerals.find((n) => n.key === numeralKey);
            const steps = numeral && moveOnto(numeral.steps, activeKey, overKey);
            if (steps) change(mapNumeral(draft, numeralKey, (n) => ({ ...n, steps })));
          },
          setStep: (numeralKey, stepKey, fields) =>
            change(mapStep(get().draft, numeralKey, stepKey, (s) => ({ ...s, ...fields }))),
          setMathType: (item, mathType) => {
            const { files } = get();
            const old =
              item.stepKey === null
                ? get().draft.numerals.find((n) => n.key === item.numeralKey)?.choices
                : get()
                    .draft.numerals.find((n) => n.key === item.numeralKey)
                    ?.steps.find((s) => s.key === item.stepKey)?.choices;
            onItem(item, (i) => ({ ...i, mathType, data: null, choices: [] }));
            if (old?.length) set({ files: withoutFilesOf(files, new Set(old.map((c) => c.key))) });
          },
          setAnswerTests: (item, tests) => onItem(item, (i) => ({ ...i, answerTests: tests })),
          setContent: (item, { data, choices }) => {
            const { draft, files } = get();
            const numeral = draft.numerals.find((n) => n.key === item.numeralKey);
            const before =
              item.stepKey === null ? numeral : numeral?.steps.find((s) => s.key === item.stepKey);
            const kept = new Set(choices.map((c) => c.key));
            const gone = new Set((before?.choices ?? []).map((c) => c.key).filter((key) => !kept.has(key)));
            onItem(item, (i) => ({ ...i, data, choices }));
            // A choice taken out takes its chosen picture with it.
            if (gone.size > 0) set({ files: withoutFilesOf(files, gone) });
          },
          setFile: (slot, file) => {
            const { files, draft } = get();
            const id = slotId(slot);
            const next = { ...files };
            if (file) next[id] = { ...slot, file, name: file.name };
            else delete next[id];
            change(draft, next);
          },
          removeStoredFile: (slot) => change(clearField(get().draft, slot)),
          setStoredFile: (slot, key) => {
            const { draft, files } = get();
            const next = { ...files };
            delete next[slotId(slot)];
            change(writeBack(draft, slot.kind, { type: slot.target, id: slot.key, name: key }), next);
          },
          addSkill: (skill) => {
            const { draft, skills: known } = get();
            const ids = draft.skillIds ?? [];
            if (ids.includes(skill.id)) return 'already';
            if (ids.length >= PROBLEM_SKILLS_MAX) return 'full';
            set({ skills: { ...known, [skill.id]: skill } });
            change({ ...draft, skillIds: [...ids, skill.id] });
            return 'added';
          },
          removeSkill: (skillId) => {
            const { draft } = get();
            const ids = draft.skillIds ?? [];
            if (ids.includes(skillId)) change({ ...draft, skillIds: ids.filter((id) => id !== skillId) });
          },
          saved: (answer, sent) => {
            const { files } = get();
            const gone = new Set(sent);
            set((state) => ({
              skills: { ...state.skills, ...byId(answer.skills) },
              draft: savedDraft(answer),
              files: Object.fromEntries(Object.entries(files).filter(([id]) => !gone.has(id))),
              dirty: false,
              revision: state.revision + 1,
              restored: false,
              restoredFrom: null,
              lostFiles: [],
            }));
          },
          reset: (draft) =>
            set((state) => ({
              draft,
              files: {},
              dirty: false,
              revision: state.revision + 1,
              restored: false,
              restoredFrom: null,
              lostFiles: [],
            })),
          loadGenerated: (generated) => {
            const { draft } = get();
            change(
              {
                ...draft,
                title: generated.title,
                description: generated.description,
                publishProblem: false,
                numerals: generated.numerals,
              },
              {},
            );
          },
          markUnpublished: () => set((state) => ({ draft: { ...state.draft, publishProblem: false } })),
          askPublication: () => set((state) => ({ draft: { ...state.draft, publishProblem: true } })),
          acknowledgeRestore: () => set({ restored: false, lostFiles: [] }),
        };
      },
      {
        name: storageName,
        version: 1,
        storage: draftStorage(remote),
        partialize: (state): Persisted => ({
          draft: state.draft,
          problemKey: state.problemKey,
          dirty: state.dirty,
          changedAt: Date.now(),
          files: Object.values(state.files).map(({ target, key, kind, name }) => ({
            target,
            key,
            kind,
            name,
          })),
          skills: state.skills,
        }),
        merge: (persisted, current) => {
          const kept = persisted as Partial<Persisted> | undefined;
          if (!kept?.dirty || !kept.draft) return current;
          return {
            ...current,
            draft: kept.draft,
            problemKey: kept.problemKey ?? current.problemKey,
            dirty: true,
            restored: true,
            restoredFrom: kept.changedAt ?? null,
            lostFiles: (kept.files ?? []).map((f) => f.name),
            skills: { ...current.skills, ...kept.skills },
          };
        },
      },
    ),
  ) as CreatorDraftStore;
}

/** Forgets the unsaved draft kept on this device under `storageName`. */
export function forgetStoredDraft(storageName: string): void {
  try {
    localStorage.removeItem(storageName);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Is there unsaved work kept on this device under `storageName`? */
export function hasStoredDraft(storageName: string): boolean {
  try {
    const raw = localStorage.getItem(storageName);
    return raw !== null && (JSON.parse(raw) as { state?: { dirty?: boolean } }).state?.dirty === true;
  } catch {
    return false;
  }
}

const CreatorDraftContext = createContext<CreatorDraftStore | null>(null);

/** Gives the tool's parts one draft store. */
export function CreatorDraftProvider({ store, children }: { store: CreatorDraftStore; children: ReactNode }) {
  return createElement(CreatorDraftContext.Provider, { value: store }, children);
}

/** The tool's draft store itself (to read it at the moment of an event). */
export function useCreatorDraftStore(): CreatorDraftStore {
  const store = useContext(CreatorDraftContext);
  if (!store) throw new Error('useCreatorDraftStore outside CreatorDraftProvider');
  return store;
}

/** A part of the tool's draft; the component renders again when it changes. */
export function useCreatorDraft<T>(select: (state: CreatorDraftState) => T): T {
  return useStore(useCreatorDraftStore(), select);
}
