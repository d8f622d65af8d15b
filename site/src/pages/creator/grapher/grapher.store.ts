import { shortId } from '@kib/core';
import {
  DEFAULT_GRAPHER_SETTINGS,
  GRAPH_COLORS,
  newGraphFunction,
  type GraphFunction,
  type GrapherSettings,
} from '@kib/widgets';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the grapher page keeps: the graphs and the board settings. */
export interface GrapherState {
  functions: GraphFunction[];
  settings: GrapherSettings;
  /** Changes some fields of one graph. */
  updateFunction(id: string, patch: Partial<Omit<GraphFunction, 'id'>>): void;
  /** Adds an empty graph at the end, in the next colour of the palette. */
  addFunction(): void;
  /** Removes a graph; the list keeps at least one (empty) graph. */
  removeFunction(id: string): void;
  updateSettings(patch: Partial<GrapherSettings>): void;
  /** Back to one empty graph and the default settings. */
  clear(): void;
}

/** Where the grapher keeps its graphs on this device, so they are there on the next visit. */
export const GRAPHER_STORAGE_KEY = 'kib.grapher';

const initial = () => ({
  functions: [newGraphFunction(shortId())],
  settings: { ...DEFAULT_GRAPHER_SETTINGS },
});

/**
 * The grapher's graphs and settings (client state shared by the page, its menu of actions and the
 * grapher widget), kept in local storage.
 */
export const useGrapherStore = create<GrapherState>()(
  persist(
    (set) => ({
      ...initial(),
      updateFunction: (id, patch) =>
        set((s) => ({ functions: s.functions.map((fn) => (fn.id === id ? { ...fn, ...patch } : fn)) })),
      addFunction: () =>
        set((s) => {
          const colour = GRAPH_COLORS[s.functions.length % GRAPH_COLORS.length]!.value;
          return { functions: [...s.functions, { ...newGraphFunction(shortId()), color: colour }] };
        }),
      removeFunction: (id) =>
        set((s) => {
          const rest = s.functions.filter((fn) => fn.id !== id);
          return { functions: rest.length > 0 ? rest : [newGraphFunction(shortId())] };
        }),
      updateSettings: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
      clear: () => set(initial()),
    }),
    {
      name: GRAPHER_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ functions: s.functions, settings: s.settings }),
    },
  ),
);
