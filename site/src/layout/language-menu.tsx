import { LANGUAGES, type Language } from '@kib/i18n';
import { useId } from 'react';
import { useLanguage, useT } from '../i18n/language';

/** The language menu of the landing navigation: a labelled select; the choice is remembered. */
export function LanguageMenu() {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const id = useId();
  return (
    <div className="language-menu">
      <label htmlFor={id} className="visually-hidden">
        {t('site.language')}
      </label>
      <select
        id={id}
        className="input"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`site.language-${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
