import { create } from 'zustand';

/** How the module builder's problem picker searches: by course and topic, or by competences. */
export type SearchType = 'topics' | 'competences';
/** The tabs of the competences search (spec 02 §9 problemsTab, modulesTab). */
export type CompetencesTab = 'problems' | 'modules';

/**
 * The competences search of the module builder: the education system, grade, learning standard and
 * skill chosen (each choice clears those below it), which tab shows, and whether the picker searches
 * by topics or by competences. Kept for the session, so the next module starts where the last one
 * was searched.
 */
export interface CompetencesSelection {
  searchType: SearchType;
  systemId: number | null;
  gradeId: number | null;
  standardId: number | null;
  skillId: number | null;
  tab: CompetencesTab;
}

/** The changes of the competences search. */
export interface CompetencesActions {
  setSearchType: (searchType: SearchType) => void;
  setSystem: (systemId: number | null) => void;
  setGrade: (gradeId: number | null) => void;
  setStandard: (standardId: number | null) => void;
  setSkill: (skillId: number | null) => void;
  setTab: (tab: CompetencesTab) => void;
  reset: () => void;
}

const EMPTY: CompetencesSelection = {
  searchType: 'topics',
  systemId: null,
  gradeId: null,
  standardId: null,
  skillId: null,
  tab: 'problems',
};

/** The competences search's store. */
export const useCompetences = create<CompetencesSelection & CompetencesActions>()((set) => ({
  ...EMPTY,
  setSearchType: (searchType) => set({ searchType }),
  setSystem: (systemId) => set({ systemId, gradeId: null, standardId: null, skillId: null }),
  setGrade: (gradeId) => set({ gradeId, standardId: null, skillId: null }),
  setStandard: (standardId) => set({ standardId, skillId: null }),
  setSkill: (skillId) => set({ skillId }),
  setTab: (tab) => set({ tab }),
  reset: () => set(EMPTY),
}));

/** What the search looks for: the skill when one is chosen, else the standard, else nothing. */
export function searchTarget(
  selection: Pick<CompetencesSelection, 'standardId' | 'skillId'>,
): { type: 'skill' | 'learningStandard'; id: number } | null {
  if (selection.skillId !== null) return { type: 'skill', id: selection.skillId };
  if (selection.standardId !== null) return { type: 'learningStandard', id: selection.standardId };
  return null;
}
