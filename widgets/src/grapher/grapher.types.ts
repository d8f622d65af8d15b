/** How a graph's line is drawn. */
export type GraphBorder = 'solid' | 'dashed';

/**
 * One graph of the grapher: the spec's graph function object (spec 02 §3). The bounds are the texts
 * the author typed (a number, or a multiple of π such as `-2π`); an empty bound leaves that side open.
 */
export interface GraphFunction {
  /** Identifies the graph in a list (stable while it is edited). */
  id: string;
  /** The function as LaTeX: `x^2`, `y=\tan x`; with `asymptote`, a line `x=2` or `y=1`. */
  value: string;
  /** A CSS colour, one of GRAPH_COLORS. */
  color: string;
  border: GraphBorder;
  /** The value is an asymptote: `x=c` (or just `c`) is the vertical line at c, `y=c` the horizontal one. */
  asymptote: boolean;
  minXValue: string;
  maxXValue: string;
  minYValue: string;
  maxYValue: string;
}

/** The grapher's board settings (spec 02 §4 "Grapher"). */
export interface GrapherSettings {
  /** The x-axis is counted in multiples of π (To Radians) instead of integers. */
  inRadians: boolean;
  /** Numbers are written along the axes. */
  axisNumbers: boolean;
  /** Sample every 0.005 units instead of every half pixel (spec 02 §9). */
  highResolution: boolean;
}

/** Props of the grapher: the graphs and the settings in, every change out through callbacks. */
export interface GrapherProps {
  functions: readonly GraphFunction[];
  settings: GrapherSettings;
  /** Interface language: 'es' (default) or 'en'. */
  lang?: string;
  /** One graph's fields changed. */
  onFunctionChange(id: string, patch: Partial<Omit<GraphFunction, 'id'>>): void;
  /** 'Add function' was pressed. */
  onAddFunction(): void;
  /** A graph's 'Remove' was pressed. */
  onRemoveFunction(id: string): void;
  onSettingsChange(patch: Partial<GrapherSettings>): void;
}
