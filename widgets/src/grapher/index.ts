/** The function grapher: graphs typed in math fields, drawn on a JSXGraph board, saved as SVG or PNG. */
export { Grapher } from './grapher';
/** A graph (the spec's graph function object), the board settings and the grapher's props. */
export type { GraphBorder, GraphFunction, GrapherProps, GrapherSettings } from './grapher.types';
/** A new graph, the default settings, the colours a graph may take and the board's size. */
export { DEFAULT_GRAPHER_SETTINGS, GRAPH_COLORS, GRAPHER_SIZE, newGraphFunction } from './grapher.logic';
