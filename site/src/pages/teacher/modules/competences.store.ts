import { create } from 'zustand';

/** How the module builder's problem picker searches: by course and topic, or by competences. */
export type SearchType = 'topics' | 'competences';
/** The tabs of the competences search (spec 02 §9 problemsTab, modulesTab). */
export type CompetencesTab = 'problems' | 'modules';

/** The education system, grade, learning standard and skill chosen in a cascade of selects. */
export interface CascadeSelection {
  systemId: number | null;
  gradeId: number | null;
  standardId: number | null;
  skillId: number | null;
}

/** The changes of a cascade: each choice clears those below it. */
export interface CascadeActions {
  setSystem: (systemId: number | null) => void;
  setGrade: (gradeId: number | null) => void;
  setStandard: (standardId: number | null) => void;
  setSkill: (skillId: number | null) => void;
}

/** A cascade's choices and their changes, as the cascade component takes them. */
export type Cascade = CascadeSelection & CascadeActions;

const EMPTY_CASCADE: CascadeSelection = { systemId: null, gradeId: null, standardId: null, skillId: null };

const cascadeActions = (set: (change: Partial<CascadeSelection>) => void): CascadeActions => ({
  setSystem: (systemId) => set({ systemId, gradeId: null, standardId: null, skillId: null }),
  setGrade: (gradeId) => set({ gradeId, standardId: null, skillId: null }),
  setStandard: (standardId) => set({ standardId, skillId: null }),
  setSkill: (skillId) => set({ skillId }),
});

/**
 * The competences search of the module builder: the education system, grade, learning standard and
 * skill chosen (each choice clears those below it), which tab shows, and whether the picker searches
 * by topics or by competences. Kept for the session, so the next module starts where the last one
 * was searched.
 */
export interface CompetencesSelection extends CascadeSelection {
  searchType: SearchType;
  tab: CompetencesTab;
}

/** The changes of the competences search. */
export interface CompetencesActions extends CascadeActions {
  setSearchType: (searchType: SearchType) => void;
  setTab: (tab: CompetencesTab) => void;
  reset: () => void;
}

const EMPTY: CompetencesSelection = {
  ...EMPTY_CASCADE,
  searchType: 'topics',
  tab: 'problems',
};

/** The competences search's store. */
export const useCompetences = create<CompetencesSelection & CompetencesActions>()((set) => ({
  ...EMPTY,
  ...cascadeActions(set),
  setSearchType: (searchType) => set({ searchType }),
  setTab: (tab) => set({ tab }),
  reset: () => set(EMPTY),
}));

/**
 * The cascade the creation tool chooses a problem's skills with: its own choices, kept for the
 * session so the next problem starts at the same grade and standard.
 */
export const useSkillCascade = create<Cascade & { reset: () => void }>()((set) => ({
  ...EMPTY_CASCADE,
  ...cascadeActions(set),
  reset: () => set(EMPTY_CASCADE),
}));

/** What the search looks for: the skill when one is chosen, else the standard, else nothing. */
export function searchTarget(
  selection: Pick<CompetencesSelection, 'standardId' | 'skillId'>,
): { type: 'skill' | 'learningStandard'; id: number } | null {
  if (selection.skillId !== null) return { type: 'skill', id: selection.skillId };
  if (selection.standardId !== null) return { type: 'learningStandard', id: selection.standardId };
  return null;
}
