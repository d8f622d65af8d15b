/**
 * The Spanish (source and default) catalog: the general texts (`locales/es.json`), the widgets' and the site's areas (one file
 * per area, served under the area's name: `solver.check-answer`, `account.login-submit`) and the
 * checker's feedback (`locales/feedback/<area>.es.json`, under `feedback.`). The staff areas' texts
 * are apart, in `catalog.staff.es.ts`. A new area's file is registered here and in `catalog.en.ts`.
 */
import es from '../locales/es.json' with { type: 'json' };
import graphicalEs from '../locales/feedback/graphical.es.json' with { type: 'json' };
import hintsEs from '../locales/feedback/hints.es.json' with { type: 'json' };
import solveEs from '../locales/feedback/solve.es.json' with { type: 'json' };
import textEs from '../locales/feedback/text.es.json' with { type: 'json' };
import commonWidgetEs from '../locales/widgets/common.es.json' with { type: 'json' };
import mathConsoleWidgetEs from '../locales/widgets/math-console.es.json' with { type: 'json' };
import graphConsoleWidgetEs from '../locales/widgets/graph-console.es.json' with { type: 'json' };
import intervalConsoleWidgetEs from '../locales/widgets/interval-console.es.json' with { type: 'json' };
import numberlineConsoleWidgetEs from '../locales/widgets/numberline-console.es.json' with { type: 'json' };
import choiceConsoleWidgetEs from '../locales/widgets/choice-console.es.json' with { type: 'json' };
import tableConsoleWidgetEs from '../locales/widgets/table-console.es.json' with { type: 'json' };
import primeConsoleWidgetEs from '../locales/widgets/prime-console.es.json' with { type: 'json' };
import solverWidgetEs from '../locales/widgets/solver.es.json' with { type: 'json' };
import calculatorWidgetEs from '../locales/widgets/calculator.es.json' with { type: 'json' };
import handwritingWidgetEs from '../locales/widgets/handwriting.es.json' with { type: 'json' };
import phonePhotoWidgetEs from '../locales/widgets/phone-photo.es.json' with { type: 'json' };
import grapherWidgetEs from '../locales/widgets/grapher.es.json' with { type: 'json' };
import siteSiteEs from '../locales/site/site.es.json' with { type: 'json' };
import landingSiteEs from '../locales/site/landing.es.json' with { type: 'json' };
import accountSiteEs from '../locales/site/account.es.json' with { type: 'json' };
import studentSiteEs from '../locales/site/student.es.json' with { type: 'json' };
import codeSiteEs from '../locales/site/code.es.json' with { type: 'json' };
import ltiSiteEs from '../locales/site/lti.es.json' with { type: 'json' };
import photoSiteEs from '../locales/site/photo.es.json' with { type: 'json' };

/** The widgets' areas. */
export const widgetsEs = {
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
  'phone-photo': phonePhotoWidgetEs,
  grapher: grapherWidgetEs,
};

/** The site's areas. */
export const siteEs = {
  site: siteSiteEs,
  landing: landingSiteEs,
  account: accountSiteEs,
  student: studentSiteEs,
  code: codeSiteEs,
  lti: ltiSiteEs,
  photo: photoSiteEs,
};

/** The general texts (typed source of the keys). */
export { es };

/** Every text of the language, as i18next reads it. */
export const catalog = {
  ...es,
  ...widgetsEs,
  ...siteEs,
  feedback: { ...textEs, ...solveEs, ...graphicalEs, ...hintsEs },
};
