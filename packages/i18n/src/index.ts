import i18next, { type i18n, type TOptions } from 'i18next';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import graphicalEn from '../locales/feedback/graphical.en.json' with { type: 'json' };
import graphicalEs from '../locales/feedback/graphical.es.json' with { type: 'json' };
import hintsEn from '../locales/feedback/hints.en.json' with { type: 'json' };
import hintsEs from '../locales/feedback/hints.es.json' with { type: 'json' };
import solveEn from '../locales/feedback/solve.en.json' with { type: 'json' };
import solveEs from '../locales/feedback/solve.es.json' with { type: 'json' };
import textEn from '../locales/feedback/text.en.json' with { type: 'json' };
import textEs from '../locales/feedback/text.es.json' with { type: 'json' };
import commonWidgetEs from '../locales/widgets/common.es.json' with { type: 'json' };
import commonWidgetEn from '../locales/widgets/common.en.json' with { type: 'json' };
import mathConsoleWidgetEs from '../locales/widgets/math-console.es.json' with { type: 'json' };
import mathConsoleWidgetEn from '../locales/widgets/math-console.en.json' with { type: 'json' };
import graphConsoleWidgetEs from '../locales/widgets/graph-console.es.json' with { type: 'json' };
import graphConsoleWidgetEn from '../locales/widgets/graph-console.en.json' with { type: 'json' };
import intervalConsoleWidgetEs from '../locales/widgets/interval-console.es.json' with { type: 'json' };
import intervalConsoleWidgetEn from '../locales/widgets/interval-console.en.json' with { type: 'json' };
import numberlineConsoleWidgetEs from '../locales/widgets/numberline-console.es.json' with { type: 'json' };
import numberlineConsoleWidgetEn from '../locales/widgets/numberline-console.en.json' with { type: 'json' };
import choiceConsoleWidgetEs from '../locales/widgets/choice-console.es.json' with { type: 'json' };
import choiceConsoleWidgetEn from '../locales/widgets/choice-console.en.json' with { type: 'json' };
import tableConsoleWidgetEs from '../locales/widgets/table-console.es.json' with { type: 'json' };
import tableConsoleWidgetEn from '../locales/widgets/table-console.en.json' with { type: 'json' };
import primeConsoleWidgetEs from '../locales/widgets/prime-console.es.json' with { type: 'json' };
import primeConsoleWidgetEn from '../locales/widgets/prime-console.en.json' with { type: 'json' };
import solverWidgetEs from '../locales/widgets/solver.es.json' with { type: 'json' };
import solverWidgetEn from '../locales/widgets/solver.en.json' with { type: 'json' };
import calculatorWidgetEs from '../locales/widgets/calculator.es.json' with { type: 'json' };
import calculatorWidgetEn from '../locales/widgets/calculator.en.json' with { type: 'json' };
import handwritingWidgetEs from '../locales/widgets/handwriting.es.json' with { type: 'json' };
import handwritingWidgetEn from '../locales/widgets/handwriting.en.json' with { type: 'json' };
import activityResultsWidgetEs from '../locales/widgets/activity-results.es.json' with { type: 'json' };
import activityResultsWidgetEn from '../locales/widgets/activity-results.en.json' with { type: 'json' };
import grapherWidgetEs from '../locales/widgets/grapher.es.json' with { type: 'json' };
import grapherWidgetEn from '../locales/widgets/grapher.en.json' with { type: 'json' };

import siteSiteEs from '../locales/site/site.es.json' with { type: 'json' };
import siteSiteEn from '../locales/site/site.en.json' with { type: 'json' };
import landingSiteEs from '../locales/site/landing.es.json' with { type: 'json' };
import landingSiteEn from '../locales/site/landing.en.json' with { type: 'json' };
import accountSiteEs from '../locales/site/account.es.json' with { type: 'json' };
import accountSiteEn from '../locales/site/account.en.json' with { type: 'json' };
import studentSiteEs from '../locales/site/student.es.json' with { type: 'json' };
import studentSiteEn from '../locales/site/student.en.json' with { type: 'json' };
import codeSiteEs from '../locales/site/code.es.json' with { type: 'json' };
import codeSiteEn from '../locales/site/code.en.json' with { type: 'json' };
import ltiSiteEs from '../locales/site/lti.es.json' with { type: 'json' };
import ltiSiteEn from '../locales/site/lti.en.json' with { type: 'json' };
import platformAdminSiteEs from '../locales/site/platform-admin.es.json' with { type: 'json' };
import platformAdminSiteEn from '../locales/site/platform-admin.en.json' with { type: 'json' };
import teacherSiteEs from '../locales/site/teacher.es.json' with { type: 'json' };
import teacherSiteEn from '../locales/site/teacher.en.json' with { type: 'json' };
import classroomOverviewWidgetEs from '../locales/widgets/classroom-overview.es.json' with { type: 'json' };
import classroomOverviewWidgetEn from '../locales/widgets/classroom-overview.en.json' with { type: 'json' };
import studentDetailWidgetEs from '../locales/widgets/student-detail.es.json' with { type: 'json' };
import studentDetailWidgetEn from '../locales/widgets/student-detail.en.json' with { type: 'json' };
import teacherModulesSiteEs from '../locales/site/teacher-modules.es.json' with { type: 'json' };
import teacherModulesSiteEn from '../locales/site/teacher-modules.en.json' with { type: 'json' };
import learningStandardsSiteEs from '../locales/site/learning-standards.es.json' with { type: 'json' };
import learningStandardsSiteEn from '../locales/site/learning-standards.en.json' with { type: 'json' };
import teacherClassroomSiteEs from '../locales/site/teacher-classroom.es.json' with { type: 'json' };
import teacherClassroomSiteEn from '../locales/site/teacher-classroom.en.json' with { type: 'json' };
import teacherEmbedSiteEs from '../locales/site/teacher-embed.es.json' with { type: 'json' };
import teacherEmbedSiteEn from '../locales/site/teacher-embed.en.json' with { type: 'json' };
import schoolAdminSiteEs from '../locales/site/school-admin.es.json' with { type: 'json' };
import schoolAdminSiteEn from '../locales/site/school-admin.en.json' with { type: 'json' };
import creatorSiteEs from '../locales/site/creator.es.json' with { type: 'json' };
import creatorSiteEn from '../locales/site/creator.en.json' with { type: 'json' };
import creatorFormSiteEs from '../locales/site/creator-form.es.json' with { type: 'json' };
import creatorFormSiteEn from '../locales/site/creator-form.en.json' with { type: 'json' };
import creatorModulesSiteEs from '../locales/site/creator-modules.es.json' with { type: 'json' };
import creatorModulesSiteEn from '../locales/site/creator-modules.en.json' with { type: 'json' };
import creatorStatsSiteEs from '../locales/site/creator-stats.es.json' with { type: 'json' };
import creatorStatsSiteEn from '../locales/site/creator-stats.en.json' with { type: 'json' };
import creatorReviewsSiteEs from '../locales/site/creator-reviews.es.json' with { type: 'json' };
import creatorReviewsSiteEn from '../locales/site/creator-reviews.en.json' with { type: 'json' };

/**
 * Checker feedback lives in per-area files (`locales/feedback/<area>.<lang>.json`, flat maps of
 * kebab-case codes) and is served under the `feedback.` namespace: `feedback.not-equivalent`.
 */
/**
 * The widgets' texts live in one file per widget area (`locales/widgets/<area>.<lang>.json`) and are
 * served under the area's name: `solver.check-answer`, `interval-console.tool-move`.
 */
const widgetsEs = {
  common: commonWidgetEs,
  'math-console': mathConsoleWidgetEs,
  'graph-console': graphConsoleWidgetEs,
  'interval-console': intervalConsoleWidgetEs,
  'numberline-console': numberlineConsoleWidgetEs,
  'choice-console': choiceConsoleWidgetEs,
  'table-console': tableConsoleWidgetEs,
  'prime-console': primeConsoleWidgetEs,
  solver: solverWidgetEs,
  calculator: calculatorWidgetEs,
  handwriting: handwritingWidgetEs,
  'activity-results': activityResultsWidgetEs,
  'classroom-overview': classroomOverviewWidgetEs,
  'student-detail': studentDetailWidgetEs,
  grapher: grapherWidgetEs,
};
const widgetsEn = {
  common: commonWidgetEn,
  'math-console': mathConsoleWidgetEn,
  'graph-console': graphConsoleWidgetEn,
  'interval-console': intervalConsoleWidgetEn,
  'numberline-console': numberlineConsoleWidgetEn,
  'choice-console': choiceConsoleWidgetEn,
  'table-console': tableConsoleWidgetEn,
  'prime-console': primeConsoleWidgetEn,
  solver: solverWidgetEn,
  calculator: calculatorWidgetEn,
  handwriting: handwritingWidgetEn,
  'activity-results': activityResultsWidgetEn,
  'classroom-overview': classroomOverviewWidgetEn,
  'student-detail': studentDetailWidgetEn,
  grapher: grapherWidgetEn,
};

/**
 * The standalone site's texts live in one file per site area (`locales/site/<area>.<lang>.json`) and
 * are served under the area's name: `landing.hero-title`, `account.login-submit`.
 */
const siteEs = {
  site: siteSiteEs,
  landing: landingSiteEs,
  account: accountSiteEs,
  student: studentSiteEs,
  code: codeSiteEs,
  lti: ltiSiteEs,
  'platform-admin': platformAdminSiteEs,
  teacher: teacherSiteEs,
  'teacher-modules': teacherModulesSiteEs,
  'learning-standards': learningStandardsSiteEs,
  'teacher-classroom': teacherClassroomSiteEs,
  'teacher-embed': teacherEmbedSiteEs,
  'school-admin': schoolAdminSiteEs,
  'creator-modules': creatorModulesSiteEs,
  creator: { ...creatorSiteEs, form: creatorFormSiteEs },
  'creator-stats': creatorStatsSiteEs,
  'creator-reviews': creatorReviewsSiteEs,
};
const siteEn = {
  site: siteSiteEn,
  landing: landingSiteEn,
  account: accountSiteEn,
  student: studentSiteEn,
  code: codeSiteEn,
  lti: ltiSiteEn,
  'platform-admin': platformAdminSiteEn,
  teacher: teacherSiteEn,
  'teacher-modules': teacherModulesSiteEn,
  'learning-standards': learningStandardsSiteEn,
  'teacher-classroom': teacherClassroomSiteEn,
  'teacher-embed': teacherEmbedSiteEn,
  'school-admin': schoolAdminSiteEn,
  'creator-modules': creatorModulesSiteEn,
  creator: { ...creatorSiteEn, form: creatorFormSiteEn },
  'creator-stats': creatorStatsSiteEn,
  'creator-reviews': creatorReviewsSiteEn,
};

const esCatalog = {
  ...es,
  ...widgetsEs,
  ...siteEs,
  feedback: { ...textEs, ...solveEs, ...graphicalEs, ...hintsEs },
};
const enCatalog = {
  ...en,
  ...widgetsEn,
  ...siteEn,
  feedback: { ...textEn, ...solveEn, ...graphicalEn, ...hintsEn },
};

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

/** The catalogs by language, as loaded. */
export const CATALOGS: Record<Language, Record<string, unknown>> = { es: esCatalog, en: enCatalog };

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

/** Creates an independent i18next instance with both catalogs loaded synchronously. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { es: { translation: esCatalog }, en: { translation: enCatalog } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

let shared: i18n | undefined;

/** Translates `key` in `language`; unknown keys come back as the key itself, never undefined. */
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
