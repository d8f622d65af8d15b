import { LANGUAGE_COOKIE, resolveLanguage, translate, type Language, type TranslationKey } from '@kib/i18n';
import { useApi } from '../app/api';
import { readCookie, writeCookie } from '../ui/remembered-choice';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** Translates a key with params in the reader's language. */
export type Translate = (key: TranslationKey | (string & {}), params?: Record<string, unknown>) => string;

interface LanguageState {
  language: Language;
  /**
   * Shows the site in `language`. The reader's own choice is remembered in the `kib_lang` cookie; a
   * language that comes from elsewhere (an LMS launch) is applied with `remember: false`, for this
   * page only: inside an LMS frame the cookie is a third-party one, which browsers may drop.
   */
  setLanguage: (language: Language, options?: { remember?: boolean }) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

/** One year: the choice outlives sessions, as a language preference should. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/**
 * The language a visit starts in: the remembered choice, else Spanish (spec 01 §1: Spanish is the
 * default and the choice is made in the language menu).
 */
export function initialLanguage(): Language {
  return resolveLanguage(readCookie(LANGUAGE_COOKIE), null);
}

/**
 * The reader's interface language. A choice is remembered in the `kib_lang` cookie and set on
 * `<html lang>`; the API client asks the server for the same language, so its messages match.
 */
export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  const api = useApi();
  const [language, setState] = useState<Language>(() => {
    const first = initial ?? initialLanguage();
    api.setLanguage(first);
    return first;
  });
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const setLanguage = useCallback(
    (next: Language, { remember = true }: { remember?: boolean } = {}) => {
      if (remember) writeCookie(LANGUAGE_COOKIE, next, COOKIE_MAX_AGE);
      api.setLanguage(next);
      setState(next);
    },
    [api],
  );
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The reader's language and the function that changes (and remembers) it. */
export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}

/** The translate function for the reader's language. */
export function useT(): Translate {
  const { language } = useLanguage();
  return useCallback((key, params) => translate(language, key, params), [language]);
}
