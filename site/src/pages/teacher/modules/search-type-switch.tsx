import { useT } from '../../../i18n/language';
import { useCompetences, type SearchType } from './competences.store';

const TYPES: readonly SearchType[] = ['topics', 'competences'];

/** Whether the problem picker searches by topics or by competences (spec 02 §9 search types): two radio buttons. */
export function SearchTypeSwitch() {
  const t = useT();
  const searchType = useCompetences((s) => s.searchType);
  const setSearchType = useCompetences((s) => s.setSearchType);
  return (
    <fieldset className="competences-switch">
      <legend>{t('learning-standards.search-type')}</legend>
      {TYPES.map((type) => (
        <label key={type} className="modules-check">
          <input
            type="radio"
            name="kib-search-type"
            value={type}
            checked={searchType === type}
            onChange={() => setSearchType(type)}
          />
          {t(
            type === 'topics' ? 'learning-standards.search-topics' : 'learning-standards.search-competences',
          )}
        </label>
      ))}
    </fieldset>
  );
}
