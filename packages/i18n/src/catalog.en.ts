/**
 * The English catalog: the general texts (`locales/en.json`), the widgets' and the site's areas (one file
 * per area, served under the area's name: `solver.check-answer`, `account.login-submit`) and the
 * checker's feedback (`locales/feedback/<area>.en.json`, under `feedback.`). The staff areas' texts
 * are apart, in `catalog.staff.en.ts`. A new area's file is registered here and in `catalog.es.ts`.
 */
import en from '../locales/en.json' with { type: 'json' };
import graphicalEn from '../locales/feedback/graphical.en.json' with { type: 'json' };
import hintsEn from '../locales/feedback/hints.en.json' with { type: 'json' };
import solveEn from '../locales/feedback/solve.en.json' with { type: 'json' };
import textEn from '../locales/feedback/text.en.json' with { type: 'json' };
import commonWidgetEn from '../locales/widgets/common.en.json' with { type: 'json' };
import mathConsoleWidgetEn from '../locales/widgets/math-console.en.json' with { type: 'json' };
import graphConsoleWidgetEn from '../locales/widgets/graph-console.en.json' with { type: 'json' };
import intervalConsoleWidgetEn from '../locales/widgets/interval-console.en.json' with { type: 'json' };
import numberlineConsoleWidgetEn from '../locales/widgets/numberline-console.en.json' with { type: 'json' };
import choiceConsoleWidgetEn from '../locales/widgets/choice-console.en.json' with { type: 'json' };
import tableConsoleWidgetEn from '../locales/widgets/table-console.en.json' with { type: 'json' };
import primeConsoleWidgetEn from '../locales/widgets/prime-console.en.json' with { type: 'json' };
import solverWidgetEn from '../locales/widgets/solver.en.json' with { type: 'json' };
import calculatorWidgetEn from '../locales/widgets/calculator.en.json' with { type: 'json' };
import handwritingWidgetEn from '../locales/widgets/handwriting.en.json' with { type: 'json' };
import phonePhotoWidgetEn from '../locales/widgets/phone-photo.en.json' with { type: 'json' };
import grapherWidgetEn from '../locales/widgets/grapher.en.json' with { type: 'json' };
import siteSiteEn from '../locales/site/site.en.json' with { type: 'json' };
import landingSiteEn from '../locales/site/landing.en.json' with { type: 'json' };
import accountSiteEn from '../locales/site/account.en.json' with { type: 'json' };
import studentSiteEn from '../locales/site/student.en.json' with { type: 'json' };
import codeSiteEn from '../locales/site/code.en.json' with { type: 'json' };
import ltiSiteEn from '../locales/site/lti.en.json' with { type: 'json' };
import photoSiteEn from '../locales/site/photo.en.json' with { type: 'json' };

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
  'phone-photo': phonePhotoWidgetEn,
  grapher: grapherWidgetEn,
};

const siteEn = {
  site: siteSiteEn,
  landing: landingSiteEn,
  account: accountSiteEn,
  student: studentSiteEn,
  code: codeSiteEn,
  lti: ltiSiteEn,
  photo: photoSiteEn,
};

/** Every text of the language, as i18next reads it. */
export const catalog = {
  ...en,
  ...widgetsEn,
  ...siteEn,
  feedback: { ...textEn, ...solveEn, ...graphicalEn, ...hintsEn },
};
