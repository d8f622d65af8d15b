import {
  hasCatalog,
  LANGUAGE_COOKIE,
  loadLanguage,
  resolveLanguage,
  translate,
  type Language,
  type TranslationKey,
} from '@kib/i18n';
import { useApi } from '../app/api';
import { readCookie, writeCookie } from '../ui/remembered-choice';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** Translates a key with params in the reader's language. */
export type Translate = (key: TranslationKey | (string & {}), params?: Record<string, unknown>) => string;

interface LanguageState {
  language: Language;
  /**
   * Shows the site in `language` once its texts have loaded (the page stays in the current language
   * meanwhile, and when they cannot load). The reader's own choice is remembered in the `kib_lang`
   * cookie; a language that comes from elsewhere (an LMS launch) is applied with `remember: false`,
   * for this page only: inside an LMS frame the cookie is a third-party one, which browsers may drop.
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
 * `<html lang>`; the API client asks the server for the same language, so its messages match. The
 * site's bundle holds the Spanish texts only: another language's load before the page is shown in it
 * (`main.tsx` waits for the first one), so no text ever appears as a key or in the wrong language.
 */
export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Language }) {
  const api = useApi();
  const [language, setState] = useState<Language>(() => {
    const first = initial ?? initialLanguage();
    api.setLanguage(first);
    return first;
  });
  // The language asked for last: a slower load of an earlier choice does not override it.
  const wanted = useRef(language);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    document.documentElement.lang = language;
    // Only when the first language's texts could not load before the page was shown: retried here.
    if (!hasCatalog(language))
      loadLanguage(language).then(
        () => setLoaded((n) => n + 1),
        () => undefined,
      );
  }, [language]);
  const setLanguage = useCallback(
    (next: Language, { remember = true }: { remember?: boolean } = {}) => {
      wanted.current = next;
      const apply = () => {
        if (wanted.current !== next) return;
        if (remember) writeCookie(LANGUAGE_COOKIE, next, COOKIE_MAX_AGE);
        api.setLanguage(next);
        setState(next);
      };
      if (hasCatalog(next)) apply();
      else loadLanguage(next).then(apply, () => undefined);
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
