/**
 * The translation runtime: the languages, the reader's language choice and `translate`, with the
 * Spanish catalog (the default and the fallback). English loads on demand (`loadLanguage`), and so do
 * the staff areas' texts in every language (`loadTexts('staff')`). The package's main entry
 * (`index.ts`) adds them all at once for the server and the widget bundle; the site is built against
 * this module alone, so a Spanish-speaking student never downloads the English or the staff texts.
 */
import i18next, { type i18n, type TOptions } from 'i18next';
import { catalog as spanish, type es, type siteEs, type widgetsEs } from './catalog.es';
import type { staffSiteEs, staffWidgetsEs } from './catalog.staff.es';

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

/** Every translation key, typed from the Spanish (source) catalogs. */
export type TranslationKey =
  | Leaves<typeof es>
  | Leaves<typeof widgetsEs>
  | Leaves<typeof siteEs>
  | Leaves<typeof staffWidgetsEs>
  | Leaves<typeof staffSiteEs>
  | `feedback.${string}`;

/**
 * Texts that load apart from a language's catalog, when a page shows them: `staff`, those of the
 * staff areas (teacher, school administrator, platform administrator, creator) and their dashboards.
 */
export type TextPart = 'staff';

/** A language's catalog (`base`: everything but the parts) or one of its parts. */
type Piece = 'base' | TextPart;

type CatalogModule = Promise<{ catalog: Record<string, unknown> }>;

/** Each piece that loads on demand, a chunk of its own in a browser bundle. */
const LOADERS: Record<Language, Partial<Record<Piece, () => CatalogModule>>> = {
  es: { staff: () => import('./catalog.staff.es') },
  en: { base: () => import('./catalog.en'), staff: () => import('./catalog.staff.en') },
};

/**
 * The pieces loaded so far, by language. Spanish's catalog, the default and the fallback of every
 * missing text, is always here.
 */
const loaded: Record<Language, Map<Piece, Record<string, unknown>>> = {
  es: new Map([['base', spanish]]),
  en: new Map(),
};
const loading = new Map<string, Promise<void>>();
/** The parts a page has asked for: every language loaded from then on brings them too. */
const wanted = new Set<TextPart>();

/** Adds a language's catalog, or one of its parts, to every translator, present and future. */
export function addCatalog(
  language: Language,
  catalog: Record<string, unknown>,
  piece: Piece = 'base',
): void {
  loaded[language].set(piece, catalog);
  shared?.addResourceBundle(language, 'translation', catalog, true, true);
}

/** True once `language`'s texts are loaded, with every part asked for, so `translate` answers in it. */
export function hasCatalog(language: Language): boolean {
  const pieces = loaded[language];
  return pieces.has('base') && [...wanted].every((part) => pieces.has(part));
}

/** Loads one piece of a language (once: everyone who asks meanwhile shares the download). */
function loadPiece(language: Language, piece: Piece): Promise<void> {
  if (loaded[language].has(piece)) return Promise.resolve();
  const key = `${language}:${piece}`;
  let pending = loading.get(key);
  if (!pending) {
    const load = LOADERS[language][piece];
    if (!load) return Promise.reject(new Error(`no loader for the ${piece} texts of ${language}`));
    pending = load().then(
      (module) => {
        loading.delete(key);
        addCatalog(language, module.catalog, piece);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The loads under way of whole languages, by language and the parts they bring. */
const languageLoads = new Map<string, Promise<void>>();

/**
 * Loads `language`'s texts, with every part asked for so far (chunks of their own in a browser
 * bundle, so a page downloads only the reader's language); resolves at once when they are here.
 */
export function loadLanguage(language: Language): Promise<void> {
  if (hasCatalog(language)) return Promise.resolve();
  const pieces: Piece[] = ['base', ...wanted];
  const key = `${language}:${pieces.join(',')}`;
  let pending = languageLoads.get(key);
  if (!pending) {
    pending = Promise.all(pieces.map((piece) => loadPiece(language, piece))).then(
      () => void languageLoads.delete(key),
      (error: unknown) => {
        languageLoads.delete(key);
        throw error;
      },
    );
    languageLoads.set(key, pending);
  }
  return pending;
}

/**
 * Loads a part of the texts in every language loaded so far, and in each language loaded later;
 * resolves once they are here (a page that shows them waits for it, so no key ever shows).
 */
export function loadTexts(part: TextPart): Promise<void> {
  wanted.add(part);
  const languages = LANGUAGES.filter((language) => loaded[language].has('base'));
  return Promise.all(languages.map((language) => loadPiece(language, part))).then(() => undefined);
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
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: {},
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  for (const lng of LANGUAGES)
    for (const catalog of loaded[lng].values())
      instance.addResourceBundle(lng, 'translation', catalog, true, true);
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
