/** The table console (tableSimple): a table whose answer cells the student fills in. */
export { TableConsole } from './table-console';
/** Props of the table console. */
export type { TableConsoleProps } from './table-console.types';
/** Builds the table answer from the typed cells: one entry per filled answer cell, row by row. */
export { buildTableAnswer, buildGrid } from './table-grid';
/** A sideways-scrolling box that becomes a focusable, labelled region only when its content overflows. */
export { ScrollRegion, SCROLL_REGION_CSS } from './scroll-region';
