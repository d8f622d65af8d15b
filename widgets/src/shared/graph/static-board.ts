import type JXG from 'jsxgraph';

/** Attributes of the board's own drawings: not draggable, highlighted, labelled or inspected. */
export const FIXED = { fixed: true, highlight: false, withLabel: false, showInfobox: false } as const;

/** A colour from the page's custom properties, or `fallback` when it is not set. */
export function cssColour(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/**
 * A JSXGraph board that draws only what the component tells it (no axes, grid, navigation,
 * pointer or keyboard handling of its own), showing `boundingbox` first, and a maker of fixed
 * curves on it.
 */
export function initStaticBoard(
  jxg: typeof JXG,
  host: HTMLElement,
  boundingbox: [number, number, number, number],
): { board: JXG.Board; curve: (attributes: Record<string, unknown>) => JXG.Curve } {
  const board = jxg.JSXGraph.initBoard(host, {
    boundingbox,
    axis: false,
    grid: false,
    showNavigation: false,
    showCopyright: false,
    showInfobox: false,
    pan: { enabled: false },
    zoom: { enabled: false },
    keyboard: { enabled: false },
    resize: { enabled: false },
    registerEvents: false,
    keepAspectRatio: false,
  } as unknown as Partial<JXG.BoardAttributes>);
  const curve = (attributes: Record<string, unknown>) =>
    board.create('curve', [[], []], { ...FIXED, ...attributes } as JXG.CurveAttributes);
  return { board, curve };
}
