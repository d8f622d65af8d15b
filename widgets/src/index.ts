/** Every answer console with its props: controlled React components (spec 02 §3 shapes). */
export { MathConsole } from './math-console/index';
/** One MathLive field as the math console makes it, for forms that take math (the creator's forms). */
export { MathLine, type LineEditorHandle, type MathLineProps } from './math-console/math-line';
/** MathLive loaded and set up for MathLine (fonts declared, no sounds, the virtual keyboard in this window). */
export { loadMathField, type MathLiveModule } from './math-console/mathlive-setup';
export { FunctionConsole } from './function-console/index';
export { LineConsole } from './line-console/index';
export { PointsConsole } from './points-console/index';
export { IntervalConsole } from './interval-console/index';
export { NumberlineConsole } from './numberline-console/index';
export { ChoiceConsole } from './choice-console/index';
export { TableConsole } from './table-console/index';
export { PrimeConsole } from './prime-console/index';
/** The props every console takes. */
export type { ConsoleProps } from './shared/console.types';
/** The console of each math type (spec 02 "Console chooser") and the data a console gets. */
export { CONSOLES, consoleData, consoleFor, type ConsoleDescriptor } from './consoles';
/** The problem page: online through the API or offline in the browser. */
export { Solver } from './solver/solver';
/** The solver's props and event details. */
export type { NumeralCompleteDetail, SolverCompleteDetail, SolverProps } from './solver/solver.types';
/** The phone photo a page may offer the solver, and its socket's address on an origin. */
export { phonePhotoSocketUrl } from './solver/parts/phone-photo-socket';
export type { PhonePhotoCapability } from './solver/parts/phone-photo.logic';
/** Where the solver gets problems and checks answers; the API and the in-browser backends. */
export {
  ApiBackend,
  type CheckInput,
  type CheckOutput,
  type HintsOutput,
  type SolverBackend,
} from './solver/solver.backend';
export { OfflineBackend } from './solver/solver.offline';
/** Hands a Blob to the browser as a downloaded file (a chart, a problem's JSON). */
export { downloadBlob } from './grapher/grapher.export';
/** The teacher's activity results dashboard. */
export { ActivityResults } from './activity-results/index';
/** A classroom's dashboard: progress, weekly activity, assignments and students. */
export { ClassroomOverview } from './classroom-overview/index';
/** Props and data of ClassroomOverview, and the names of its sections. */
export type {
  ClassroomOverviewData,
  ClassroomOverviewProps,
  ClassroomOverviewSection,
} from './classroom-overview/index';
/** One student of a classroom: overview and assignments in detail. */
export { StudentDetail } from './student-detail/index';
/** Props and data of StudentDetail. */
export type { StudentDetailData, StudentDetailProps } from './student-detail/index';
/** The function grapher (spec 02 §2 /graphertool): graphs, board settings, SVG and PNG export. */
export {
  DEFAULT_GRAPHER_SETTINGS,
  GRAPH_COLORS,
  GRAPHER_SIZE,
  Grapher,
  newGraphFunction,
  type GraphBorder,
  type GraphFunction,
  type GrapherProps,
  type GrapherSettings,
} from './grapher/index';
/** Every widget with its custom element (tag, props, events). */
export { WIDGETS } from './registry';
/** Problem text with its $…$ math rendered. */
export { MathText } from './shared/math-text';
/** WAI-ARIA tabs: a tab list with arrow-key roving and the panels it switches. */
export { TabList, TabPanel, useTabs, type Tabs } from './shared/tabs';
