/**
 * The translation runtime: the languages, the reader's language choice and `translate`, with the
 * Spanish catalog (the default and the fallback). English loads on demand (`loadLanguage`). The
 * package's main entry (`index.ts`) adds English at once for the server and the widget bundle; the
 * site is built against this module alone, so a Spanish reader never downloads the English texts.
 */
import i18next, { type i18n, type TOptions } from 'i18next';
import { catalog as spanish, type es, type siteEs, type widgetsEs } from './catalog.es';

/** The interface languages; Spanish is the default. */
export const LANGUAGES = ['es', 'en'] as const;
/** One of LANGUAGES. */
export type Language = (typeof LANGUAGES)[number];
/** The language used when nothing else is known. */
export const DEFAULT_LANGUAGE: Language = 'es';
/** The cookie that remembers the reader's language choice. */
export const LANGUAGE_COOKIE = 'kib_lang';

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, typed from the Spanish (source) catalog. */
export type TranslationKey =
  Leaves<typeof es> | Leaves<typeof widgetsEs> | Leaves<typeof siteEs> | `feedback.${string}`;

/**
 * The catalogs loaded so far. Spanish, the default and the fallback of every missing text, is always
 * here; English comes with `loadLanguage('en')` (the server and the widget bundle load it at once).
 */
const loaded: Partial<Record<Language, Record<string, unknown>>> = { es: spanish };
const loading: Partial<Record<Language, Promise<void>>> = {};
/** The languages that load on demand, each its own chunk. */
const LOADERS: Record<Exclude<Language, 'es'>, () => Promise<{ catalog: Record<string, unknown> }>> = {
  en: () => import('./catalog.en'),
};

/** Adds a language's catalog to every translator, present and future. */
export function addCatalog(language: Language, catalog: Record<string, unknown>): void {
  loaded[language] = catalog;
  shared?.addResourceBundle(language, 'translation', catalog, true, true);
}

/** True once `language`'s texts are loaded, so `translate` answers in it. */
export function hasCatalog(language: Language): boolean {
  return loaded[language] !== undefined;
}

/**
 * Loads `language`'s texts (a chunk of their own in a browser bundle, so a page downloads only the
 * reader's language); resolves at once when they are here already.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (language === 'es' || hasCatalog(language)) return Promise.resolve();
  loading[language] ??= LOADERS[language]().then(
    (module) => addCatalog(language, module.catalog),
    (error: unknown) => {
      delete loading[language];
      throw error;
    },
  );
  return loading[language];
}

/** True when `value` is one of the supported languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the reader's language: an explicit choice (cookie) first, then the best Accept-Language entry
 * we support, else Spanish.
 */
export function resolveLanguage(choice?: string | null, acceptLanguage?: string | null): Language {
  if (isLanguage(choice)) return choice;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { lang: tag.toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
      })
      .filter((e) => !Number.isNaN(e.q))
      .sort((a, b) => b.q - a.q);
    const hit = ranked.find((e) => isLanguage(e.lang));
    if (hit && isLanguage(hit.lang)) return hit.lang;
  }
  return DEFAULT_LANGUAGE;
}

/** Creates an independent i18next instance with the catalogs loaded so far, synchronously. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries(loaded).map(([lng, catalog]) => [lng, { translation: catalog }]),
  );
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

let shared: i18n | undefined;

/**
 * Translates `key` in `language`; a language not loaded yet answers in Spanish, and unknown keys
 * come back as the key itself, never undefined.
 */
export function translate(
  language: Language,
  key: TranslationKey | (string & {}),
  params?: TOptions,
): string {
  shared ??= createI18n();
  // Keys are checked by TranslationKey above; i18next's own key typing is not wired to our catalogs.
  const t = shared.t as unknown as (k: string, o: Record<string, unknown>) => string;
  return t(key, { ...params, lng: language });
}

/** Lists the dotted keys of a catalog (used by the parity test and tooling). */
export function catalogKeys(catalog: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) =>
    v !== null && typeof v === 'object'
      ? catalogKeys(v as Record<string, unknown>, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}
