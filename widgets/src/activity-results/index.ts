/** The teacher's activity results dashboard (spec 03). */
export { ActivityResults } from './activity-results';
/** Props of ActivityResults: data, lang, onRemoveStudent, onDownload. */
export type { ActivityResultsProps } from './activity-results';
/** The zod schema of the widget's `data`, for elements that receive JSON. */
export { ActivityResultsDataSchema } from './activity-results.types';
/** Validates `data` given as an object or JSON text, without throwing. */
export { parseActivityResultsData } from './activity-results.types';
/** The widget's data and its parts. */
export type {
  ActivityResultsData,
  ActivityResultsParse,
  NumeralStat,
  ResultsNumeral,
  ResultsProblem,
  ResultsStudent,
} from './activity-results.types';
/** The spreadsheet rows of the Excel export, and the derived numbers of the view. */
export { resultRows, summarizeResults, RESULTS_SHEET_NAME } from './activity-results.logic';
/** Realistic results: typical (12 students, 4 problems), empty, and all completed. */
export {
  activityResultsFixture,
  activityResultsEmptyFixture,
  activityResultsCompletedFixture,
} from './activity-results.fixtures';
