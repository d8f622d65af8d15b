import type { SaveProblemAnswer } from '@kib/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINE_DRAFT } from './creator-fixture';
import {
  createCreatorDraftStore,
  draftStorageName,
  emptyProblem,
  hasStoredDraft,
  REMOTE_DRAFT_DELAY_MS,
  slotId,
  type FileSlot,
  type RemoteDraftStorage,
} from './creator-draft.store';

const NEW = draftStorageName(null);
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });
const keys = (store: ReturnType<typeof createCreatorDraftStore>) =>
  store.getState().draft.numerals.map((n) => n.key);

beforeEach(() => {
  localStorage.removeItem(NEW);
  localStorage.removeItem(draftStorageName(MINE_DRAFT.id));
});

describe('the creation tool’s draft store', () => {
  it('adds numerals after a given one, moves and reorders them, refusing moves past the ends', () => {
    const store = createCreatorDraftStore(emptyProblem('es'), NEW);
    const [a] = keys(store);
    const c = store.getState().addNumeral(a!);
    const b = store.getState().addNumeral(a!);
    expect(keys(store)).toEqual([a, b, c]);
    expect(store.getState().moveNumeral(a!, -1)).toBe(false);
    expect(store.getState().moveNumeral(a!, 1)).toBe(true);
    expect(keys(store)).toEqual([b, a, c]);
    store.getState().reorderNumerals(c, b);
    expect(keys(store)).toEqual([c, b, a]);
    expect(store.getState().dirty).toBe(true);
  });

  it('deletes a numeral with its steps and the files chosen for it, its steps and its choices', () => {
    const store = createCreatorDraftStore(MINE_DRAFT, draftStorageName(MINE_DRAFT.id));
    const step: FileSlot = { target: 'step', key: 'stpAAA', kind: 'picture' };
    const hint: FileSlot = { target: 'hint', key: 'numAAA', kind: 'picture' };
    const other: FileSlot = { target: 'numeral', key: 'numBBB', kind: 'video' };
    for (const slot of [step, hint, other]) store.getState().setFile(slot, file(`${slot.target}.png`));
    store.getState().removeNumeral('numAAA');
    expect(keys(store)).toEqual(['numBBB']);
    expect(Object.keys(store.getState().files)).toEqual([slotId(other)]);
  });

  it('starts a new math type from an empty record', () => {
    const store = createCreatorDraftStore(MINE_DRAFT, draftStorageName(MINE_DRAFT.id));
    store.getState().setMathType({ numeralKey: 'numBBB', stepKey: null }, 'multipleChoice');
    const numeral = store.getState().draft.numerals[1]!;
    expect(numeral).toMatchObject({ mathType: 'multipleChoice', data: null, choices: [] });
  });

  it('writes back a save: ids, stored file names, sent files forgotten, nothing unsaved', () => {
    const store = createCreatorDraftStore(emptyProblem('es'), NEW);
    const [key] = keys(store);
    const slot: FileSlot = { target: 'numeral', key: key!, kind: 'picture' };
    store.getState().setFile(slot, file('foto.png'));
    const saved = store.getState().draft;
    const answer: SaveProblemAnswer = {
      problemId: 5,
      problem: { ...saved, id: 5, numerals: saved.numerals.map((n) => ({ ...n, id: 50 })) },
      uploadedPics: [{ type: 'numeral', id: key!, name: 'abcdefgh.png' }],
      uploadedVideos: [],
      checks: [],
      published: false,
      skills: [],
    };
    store.getState().saved(answer, [slotId(slot)]);
    expect(store.getState().draft).toMatchObject({ id: 5, numerals: [{ id: 50, picture: 'abcdefgh.png' }] });
    expect(store.getState().files).toEqual({});
    expect(store.getState().dirty).toBe(false);
  });

  it('keeps the draft in local storage only while it holds unsaved work, and restores it with its lost files', () => {
    const store = createCreatorDraftStore(emptyProblem('es'), NEW);
    expect(hasStoredDraft(NEW)).toBe(false);
    store.getState().setProblem({ title: 'Guardado aquí' });
    store
      .getState()
      .setFile({ target: 'problem', key: store.getState().problemKey, kind: 'picture' }, file('a.png'));
    expect(hasStoredDraft(NEW)).toBe(true);

    const again = createCreatorDraftStore(emptyProblem('es'), NEW);
    expect(again.getState()).toMatchObject({
      restored: true,
      dirty: true,
      lostFiles: ['a.png'],
      files: {},
      problemKey: store.getState().problemKey,
    });
    expect(again.getState().draft.title).toBe('Guardado aquí');

    again.getState().reset(emptyProblem('es'));
    expect(hasStoredDraft(NEW)).toBe(false);
  });
});

describe('choices and their pictures', () => {
  it('forgets the chosen picture of a choice taken out of a multiple-choice numeral', () => {
    const store = createCreatorDraftStore(MINE_DRAFT, draftStorageName(MINE_DRAFT.id));
    const item = { numeralKey: 'numBBB', stepKey: null };
    store.getState().setMathType(item, 'multipleChoice');
    const choice = (key: string) => ({ key, id: null, text: key, picture: null, correct: key === 'chA001' });
    store.getState().setContent(item, { data: null, choices: [choice('chA001'), choice('chB002')] });
    store.getState().setFile({ target: 'choice', key: 'chB002', kind: 'picture' }, file('b.png'));
    store.getState().setFile({ target: 'choice', key: 'chA001', kind: 'picture' }, file('a.png'));
    store.getState().setContent(item, { data: null, choices: [choice('chA001')] });
    expect(Object.values(store.getState().files).map((f) => f.name)).toEqual(['a.png']);
  });

  it('puts the key of a video stored before the save in its item, forgetting a file chosen for that slot', () => {
    const store = createCreatorDraftStore(emptyProblem('es'), NEW);
    const [numeral] = keys(store);
    const slot: FileSlot = { target: 'numeral', key: numeral!, kind: 'video' };
    store
      .getState()
      .setFile(slot, new File([new Uint8Array([0, 0, 0, 24])], 'clase.mp4', { type: 'video/mp4' }));
    store.getState().setStoredFile(slot, 'bigVideoKey0123456789ab.mp4');
    expect(store.getState().draft.numerals[0]!.videoS3).toBe('bigVideoKey0123456789ab.mp4');
    expect(store.getState().files[slotId(slot)]).toBeUndefined();
    store
      .getState()
      .setStoredFile({ target: 'problem', key: store.getState().problemKey, kind: 'video' }, 'k.mov');
    expect(store.getState().draft.videoS3).toBe('k.mov');
    expect(store.getState().dirty).toBe(true);
    expect(hasStoredDraft(NEW)).toBe(true);
  });

  describe('in a browser that blocks its storage (an LMS frame)', () => {
    beforeEach(() => {
      vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('The storage is currently unavailable', 'SecurityError');
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });

    /** The author's account, as the server keeps drafts: by name, the JSON text as sent. */
    function account() {
      const kept = new Map<string, string>();
      const sent: string[] = [];
      const remote: RemoteDraftStorage = {
        get: async (name) => kept.get(name) ?? null,
        set: async (name, value) => {
          sent.push(name);
          kept.set(name, value);
        },
        remove: async (name) => {
          sent.push(`-${name}`);
          kept.delete(name);
        },
      };
      return { kept, sent, remote };
    }

    it('keeps unsaved work in the author’s account, a moment after the last change, and restores it from there', async () => {
      vi.useFakeTimers();
      const { kept, sent, remote } = account();
      const store = createCreatorDraftStore(emptyProblem('es'), NEW, [], remote);
      expect(store.getState().keptIn).toBe('account');
      store.getState().setProblem({ title: 'Escrito en Moodle' });
      store.getState().setProblem({ title: 'Escrito en Moodle, sin almacenamiento' });
      expect(sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(REMOTE_DRAFT_DELAY_MS);
      // One request for both changes, with the last.
      expect(sent).toEqual([NEW]);
      expect(JSON.parse(kept.get(NEW)!).state.draft.title).toBe('Escrito en Moodle, sin almacenamiento');

      const again = createCreatorDraftStore(emptyProblem('es'), NEW, [], remote);
      await vi.waitFor(() => expect(again.getState().restored).toBe(true));
      expect(again.getState()).toMatchObject({ dirty: true, keptIn: 'account' });
      expect(again.getState().draft.title).toBe('Escrito en Moodle, sin almacenamiento');

      // Saved (or discarded): the account forgets it.
      again.getState().reset(emptyProblem('es'));
      await vi.advanceTimersByTimeAsync(REMOTE_DRAFT_DELAY_MS);
      expect(kept.has(NEW)).toBe(false);
    });

    it('says so when nothing can keep unsaved work beyond the page', () => {
      const store = createCreatorDraftStore(emptyProblem('es'), NEW);
      expect(store.getState().keptIn).toBe('page');
      store.getState().setProblem({ title: 'Solo en la página' });
      expect(store.getState().draft.title).toBe('Solo en la página');
    });
  });
});
