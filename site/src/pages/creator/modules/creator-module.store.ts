import type { AssignedTeacher, CreatorTeacher, TempActivity } from '@kib/core';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

/** What the creators' builder keeps beside the module draft shared with the teachers' builder. */
export interface CreatorModuleState {
  /** The module the draft was cloned from, sent with the next save. */
  sourceModuleId: number | null;
  /** The 'assign to a teacher' switch. */
  assignToTeacher: boolean;
  /** The teacher chosen to get a copy at the next save. */
  teacher: CreatorTeacher | null;
  /** The teachers who have a copy, as last saved. */
  teachers: AssignedTeacher[];
  /** The module's open activities, newest first. */
  activities: TempActivity[];
  setSource: (sourceModuleId: number | null) => void;
  setAssignToTeacher: (on: boolean) => void;
  setTeacher: (teacher: CreatorTeacher | null) => void;
  /** The server's word after a save: the teachers with a copy; the switch goes off. */
  saved: (teachers: AssignedTeacher[]) => void;
  /** A new open activity, put first. */
  opened: (activity: TempActivity) => void;
}

/** One creators' builder's store. */
export type CreatorModuleStore = StoreApi<CreatorModuleState>;

/** A store for one builder, starting from the saved module's teachers and activities. */
export function createCreatorModuleStore(
  initial: Pick<CreatorModuleState, 'sourceModuleId' | 'teachers' | 'activities'> = {
    sourceModuleId: null,
    teachers: [],
    activities: [],
  },
): CreatorModuleStore {
  return createStore<CreatorModuleState>()((set) => ({
    ...initial,
    assignToTeacher: false,
    teacher: null,
    setSource: (sourceModuleId) => set({ sourceModuleId }),
    setAssignToTeacher: (assignToTeacher) => set({ assignToTeacher }),
    setTeacher: (teacher) => set({ teacher }),
    saved: (teachers) => set({ teachers, assignToTeacher: false, teacher: null }),
    opened: (activity) => set((state) => ({ activities: [activity, ...state.activities] })),
  }));
}

const CreatorModuleContext = createContext<CreatorModuleStore | null>(null);

/** Gives the creators' builder parts one store. */
export function CreatorModuleProvider({
  store,
  children,
}: {
  store: CreatorModuleStore;
  children: ReactNode;
}) {
  return createElement(CreatorModuleContext.Provider, { value: store }, children);
}

/** The creators' builder store itself. */
export function useCreatorModuleStore(): CreatorModuleStore {
  const store = useContext(CreatorModuleContext);
  if (!store) throw new Error('useCreatorModuleStore outside CreatorModuleProvider');
  return store;
}

/** A part of the creators' builder state; the component renders again when it changes. */
export function useCreatorModuleState<T>(select: (state: CreatorModuleState) => T): T {
  return useStore(useCreatorModuleStore(), select);
}
