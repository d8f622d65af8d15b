import { arrayMove } from '@dnd-kit/sortable';
import type { AssignmentInput, ModuleCodes, ModuleDetail, ModuleInput } from '@kib/core';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import {
  DEADLINE_DEFAULT_TIME,
  isBlankMoment,
  isoToMoment,
  momentToIso,
  NO_MOMENT,
  PUBLISH_DEFAULT_TIME,
  type LocalMoment,
} from './module-dates';

/** A problem in the module being built: what the list shows of it. */
export interface DraftProblem {
  id: number;
  title: string;
  numeralCount: number;
}

/** One student's own deadline in an assignment. */
export interface DraftStudentDeadline {
  studentId: number;
  deadline: LocalMoment;
}

/**
 * The module assigned to one of the teacher's classrooms: to the whole classroom (`studentIds` null)
 * or to the chosen students, visible from `publish`, active until `deadline` (both as typed).
 */
export interface DraftAssignment {
  classroomId: number;
  studentIds: number[] | null;
  publish: LocalMoment;
  deadline: LocalMoment;
  studentDeadlines: DraftStudentDeadline[];
}

/** What the module builder edits, and whether part of it is not saved yet. */
export interface ModuleDraft {
  /** The saved module this draft changes; null until its first save. */
  moduleId: number | null;
  name: string;
  description: string;
  /** The problems in the module's order. */
  problems: DraftProblem[];
  /** The assignments, one per classroom. */
  assignments: DraftAssignment[];
  /** Make the module's activity codes when it is saved (when it has none). */
  createCodes: boolean;
  /** The module's activity codes, as last saved. */
  codes: ModuleCodes;
  /** Something changed since the draft was loaded or saved. */
  dirty: boolean;
  /** Counts the changes, so a save knows whether the draft changed while it was on its way. */
  revision: number;
}

/** The changes the builder makes to its draft. */
export interface ModuleDraftActions {
  setName: (name: string) => void;
  setDescription: (description: string) => void;
  /** Adds a problem at the end; answers false (and changes nothing) when it is already there. */
  addProblem: (problem: DraftProblem) => boolean;
  /** Adds the problems that are not there yet, in their order; answers how many were added. */
  addProblems: (problems: readonly DraftProblem[]) => number;
  removeProblem: (problemId: number) => void;
  /** Moves a problem `offset` places (-1 up, 1 down); answers false when it cannot move that far. */
  move: (problemId: number, offset: number) => boolean;
  /** Puts the problem `activeId` where `overId` is (a drag and drop). */
  reorder: (activeId: number, overId: number) => void;
  /** Assigns the module to a classroom (whole classroom, no dates) or takes that assignment away. */
  assign: (classroomId: number, assigned: boolean) => void;
  /** Changes the assignment to a classroom; nothing happens when the classroom is not assigned. */
  setAssignment: (classroomId: number, change: Partial<Omit<DraftAssignment, 'classroomId'>>) => void;
  /** Gives a student of an assigned classroom their own deadline; a blank one removes it. */
  setStudentDeadline: (classroomId: number, studentId: number, deadline: LocalMoment) => void;
  setCreateCodes: (createCodes: boolean) => void;
  /**
   * The draft as of `revision` is saved as module `moduleId` with `codes`: it stays dirty only when it
   * changed after that revision was sent.
   */
  saved: (saved: { moduleId: number; codes: ModuleCodes; revision: number }) => void;
}

/** The builder's store: its draft and the actions that change it. */
export type ModuleDraftState = ModuleDraft & ModuleDraftActions;
/** One builder's store. */
export type ModuleDraftStore = StoreApi<ModuleDraftState>;

const NO_CODES: ModuleCodes = { students: null, teachers: null };

/** A new module: nothing in it yet. */
export function emptyDraft(): ModuleDraft {
  return {
    moduleId: null,
    name: '',
    description: '',
    problems: [],
    assignments: [],
    createCodes: false,
    codes: NO_CODES,
    dirty: false,
    revision: 0,
  };
}

/** The draft of a saved module: its problems in order and its assignments, dates in local time. */
export function draftFromModule(module: ModuleDetail): ModuleDraft {
  return {
    ...emptyDraft(),
    moduleId: module.id,
    name: module.name,
    description: module.description,
    problems: module.problems.map(({ id, title, numeralCount }) => ({ id, title, numeralCount })),
    assignments: module.assignments.map((a) => ({
      classroomId: a.classroomId,
      studentIds: a.studentIds,
      publish: isoToMoment(a.publishDate),
      deadline: isoToMoment(a.deadline),
      studentDeadlines: a.studentDeadlines
        .filter((s) => s.deadline !== null)
        .map((s) => ({ studentId: s.studentId, deadline: isoToMoment(s.deadline) })),
    })),
    codes: module.codes,
  };
}

/** A store of the builder's draft, starting from `initial`; each builder makes its own. */
export function createModuleDraftStore(initial: ModuleDraft = emptyDraft()): ModuleDraftStore {
  return createStore<ModuleDraftState>()((set, get) => {
    /** Applies a change of the draft, marking it unsaved. */
    const change = (next: Partial<ModuleDraft>) =>
      set((state) => ({ ...next, dirty: true, revision: state.revision + 1 }));
    const withAssignment = (classroomId: number, update: (a: DraftAssignment) => DraftAssignment) => {
      const { assignments } = get();
      if (!assignments.some((a) => a.classroomId === classroomId)) return;
      change({ assignments: assignments.map((a) => (a.classroomId === classroomId ? update(a) : a)) });
    };
    return {
      ...initial,
      setName: (name) => change({ name }),
      setDescription: (description) => change({ description }),
      addProblem: (problem) => get().addProblems([problem]) === 1,
      addProblems: (problems) => {
        const present = new Set(get().problems.map((p) => p.id));
        const added: DraftProblem[] = [];
        for (const problem of problems) {
          if (present.has(problem.id)) continue;
          present.add(problem.id);
          added.push({ id: problem.id, title: problem.title, numeralCount: problem.numeralCount });
        }
        if (added.length > 0) change({ problems: [...get().problems, ...added] });
        return added.length;
      },
      removeProblem: (problemId) => {
        const { problems } = get();
        if (problems.some((p) => p.id === problemId))
          change({ problems: problems.filter((p) => p.id !== problemId) });
      },
      move: (problemId, offset) => {
        const { problems } = get();
        const from = problems.findIndex((p) => p.id === problemId);
        const to = from + offset;
        if (from < 0 || offset === 0 || to < 0 || to >= problems.length) return false;
        change({ problems: arrayMove(problems, from, to) });
        return true;
      },
      reorder: (activeId, overId) => {
        const { problems } = get();
        const from = problems.findIndex((p) => p.id === activeId);
        const to = problems.findIndex((p) => p.id === overId);
        if (from < 0 || to < 0 || from === to) return;
        change({ problems: arrayMove(problems, from, to) });
      },
      assign: (classroomId, assigned) => {
        const { assignments } = get();
        const present = assignments.some((a) => a.classroomId === classroomId);
        if (assigned && !present)
          change({
            assignments: [
              ...assignments,
              {
                classroomId,
                studentIds: null,
                publish: NO_MOMENT,
                deadline: NO_MOMENT,
                studentDeadlines: [],
              },
            ],
          });
        if (!assigned && present)
          change({ assignments: assignments.filter((a) => a.classroomId !== classroomId) });
      },
      setAssignment: (classroomId, update) => withAssignment(classroomId, (a) => ({ ...a, ...update })),
      setStudentDeadline: (classroomId, studentId, deadline) =>
        withAssignment(classroomId, (a) => {
          const others = a.studentDeadlines.filter((s) => s.studentId !== studentId);
          const blank = isBlankMoment(deadline) && deadline.time === '';
          return { ...a, studentDeadlines: blank ? others : [...others, { studentId, deadline }] };
        }),
      setCreateCodes: (createCodes) => change({ createCodes }),
      saved: ({ moduleId, codes, revision }) =>
        set((state) => ({
          moduleId,
          codes,
          createCodes: state.revision === revision ? false : state.createCodes,
          dirty: state.revision !== revision,
        })),
    };
  });
}

/** What POST modules/ and PUT modules/{id}/ send for the draft: problem ids in the module's order. */
export function toModuleInput(draft: ModuleDraft): ModuleInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    problemIds: draft.problems.map((p) => p.id),
    createCodes: draft.createCodes,
  };
}

/**
 * What PUT modules/{id}/assignments/ sends for the draft: dates as ISO instants (a day without a time
 * is published at its start and due at its last minute), student deadlines only for students the
 * module is assigned to.
 */
export function toAssignmentsInput(draft: ModuleDraft): AssignmentInput[] {
  return draft.assignments.map((a) => {
    const chosen = a.studentIds === null ? null : new Set(a.studentIds);
    return {
      classroomId: a.classroomId,
      publishDate: momentToIso(a.publish, PUBLISH_DEFAULT_TIME),
      deadline: momentToIso(a.deadline, DEADLINE_DEFAULT_TIME),
      studentIds: a.studentIds === null ? null : [...a.studentIds],
      studentDeadlines: a.studentDeadlines
        .filter((s) => chosen === null || chosen.has(s.studentId))
        .map((s) => ({ studentId: s.studentId, deadline: momentToIso(s.deadline, DEADLINE_DEFAULT_TIME) }))
        .filter((s) => s.deadline !== null),
    };
  });
}

/** What is wrong with one assignment, as i18n keys. */
export interface AssignmentProblems {
  publish?: string;
  deadline?: string;
  students?: string;
  /** Students whose own deadline is not a real moment. */
  studentDeadlines?: number[];
}

/** What keeps a draft from being saved, as i18n keys: on the name, and per assigned classroom. */
export interface DraftProblems {
  name?: string;
  assignments: Record<number, AssignmentProblems>;
}

const badMoment = (moment: LocalMoment, defaultTime: string) =>
  !(isBlankMoment(moment) && moment.time === '') && momentToIso(moment, defaultTime) === null;

/**
 * Checks a draft before it is sent: a name (spec 02 ModuleBlank), chosen students when the module is
 * not for the whole classroom, real dates, and no deadline before the publish date. Null when fine.
 */
export function checkDraft(draft: ModuleDraft): DraftProblems | null {
  const found: DraftProblems = { assignments: {} };
  let any = false;
  if (draft.name.trim() === '') {
    found.name = 'validation.module-blank';
    any = true;
  }
  for (const a of draft.assignments) {
    const problems: AssignmentProblems = {};
    if (a.studentIds !== null && a.studentIds.length === 0)
      problems.students = 'teacher-modules.no-students-chosen';
    if (badMoment(a.publish, PUBLISH_DEFAULT_TIME)) problems.publish = 'teacher-modules.moment-invalid';
    if (badMoment(a.deadline, DEADLINE_DEFAULT_TIME)) problems.deadline = 'teacher-modules.moment-invalid';
    const publish = momentToIso(a.publish, PUBLISH_DEFAULT_TIME);
    const deadline = momentToIso(a.deadline, DEADLINE_DEFAULT_TIME);
    if (publish && deadline && Date.parse(deadline) < Date.parse(publish))
      problems.deadline = 'teacher-modules.deadline-before-publish';
    const badStudents = a.studentDeadlines
      .filter((s) => a.studentIds === null || a.studentIds.includes(s.studentId))
      .filter((s) => badMoment(s.deadline, DEADLINE_DEFAULT_TIME))
      .map((s) => s.studentId);
    if (badStudents.length > 0) problems.studentDeadlines = badStudents;
    if (Object.keys(problems).length > 0) {
      found.assignments[a.classroomId] = problems;
      any = true;
    }
  }
  return any ? found : null;
}

const ModuleDraftContext = createContext<ModuleDraftStore | null>(null);

/** Gives the builder's parts one draft store. */
export function ModuleDraftProvider({ store, children }: { store: ModuleDraftStore; children: ReactNode }) {
  return createElement(ModuleDraftContext.Provider, { value: store }, children);
}

/** The builder's draft store itself (to read it at the moment of an event, outside rendering). */
export function useModuleDraftStore(): ModuleDraftStore {
  const store = useContext(ModuleDraftContext);
  if (!store) throw new Error('useModuleDraftStore outside ModuleDraftProvider');
  return store;
}

/** A part of the builder's draft, or one of its actions; the component renders again when it changes. */
export function useModuleDraft<T>(select: (state: ModuleDraftState) => T): T {
  return useStore(useModuleDraftStore(), select);
}
