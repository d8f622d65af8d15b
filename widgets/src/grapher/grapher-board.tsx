import type JXG from 'jsxgraph';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { gridLineValues, type CartesianView } from '../shared/graph/cartesian';
import type { Translate } from '../shared/i18n';
import { cssColour, FIXED, initStaticBoard } from '../shared/graph/static-board';
import { loadJsxGraph } from '../shared/lazy';
import { standaloneSvg, svgFromDataUri } from './grapher.export';
import {
  axisTicks,
  DASHED_STYLE,
  GRAPHER_SIZE,
  grapherBox,
  LINE_WIDTH,
  planPath,
  sampleStep,
  type GraphPlan,
  type PathData,
} from './grapher.logic';
import type { GraphBorder } from './grapher.types';

/** One graph as the board draws it. */
export interface BoardGraph {
  id: string;
  color: string;
  border: GraphBorder;
  plan: GraphPlan;
}

/** What the grapher can ask of its board. */
export interface GrapherBoardHandle {
  /** The board as a standalone SVG file at its logical size (700x450), or null before it is drawn. */
  toSvg(): string | null;
}

interface GrapherBoardProps {
  view: CartesianView;
  axisNumbers: boolean;
  highResolution: boolean;
  graphs: readonly BoardGraph[];
  /** Accessible name of the board. */
  label: string;
  /** Id of the text alternative (the list of graphs) that describes the board. */
  describedBy: string;
  t: Translate;
}

interface Colours {
  grid: string;
  axis: string;
  label: string;
}

interface Drawing {
  jxg: typeof JXG;
  board: JXG.Board;
  colours: Colours;
  grid: JXG.Curve;
  axes: JXG.Curve;
  labels: JXG.Text[];
  curves: JXG.Curve[];
}

function setData(curve: JXG.Curve, [xs, ys]: PathData) {
  curve.dataX = xs;
  curve.dataY = ys;
}

/** Lines as polyline data, a NaN between two lines. */
function linesData(lines: readonly [number, number, number, number][]): PathData {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x0, y0, x1, y1] of lines) {
    if (xs.length > 0) {
      xs.push(NaN);
      ys.push(NaN);
    }
    xs.push(x0, x1);
    ys.push(y0, y1);
  }
  return [xs, ys];
}

function createDrawing(jxg: typeof JXG, host: HTMLElement, colours: Colours): Drawing {
  const { board, curve } = initStaticBoard(jxg, host, [-7, 4.5, 7, -4.5]);
  return {
    jxg,
    board,
    colours,
    grid: curve({ strokeColor: colours.grid, strokeWidth: 1 }),
    axes: curve({ strokeColor: colours.axis, strokeWidth: 1.5 }),
    labels: [],
    curves: [],
  };
}

interface Scene {
  view: CartesianView;
  axisNumbers: boolean;
  highResolution: boolean;
  graphs: readonly BoardGraph[];
}

/** Draws the scene on a board of `width` x `height` CSS pixels (the logical plane stays the same). */
function draw(d: Drawing, scene: Scene, width: number, height: number) {
  const { board } = d;
  const { view } = scene;
  board.suspendUpdate();
  board.resizeContainer(width, height, false, true);
  const box = grapherBox(view);
  board.setBoundingBox([box.xMin, box.yMax, box.xMax, box.yMin], false);
  const { xs, ys } = gridLineValues(view, GRAPHER_SIZE);
  setData(
    d.grid,
    linesData([
      ...xs.map((x): [number, number, number, number] => [x, box.yMin, x, box.yMax]),
      ...ys.map((y): [number, number, number, number] => [box.xMin, y, box.xMax, y]),
    ]),
  );
  setData(
    d.axes,
    linesData([
      [box.xMin, 0, box.xMax, 0],
      [0, box.yMin, 0, box.yMax],
    ]),
  );

  if (d.labels.length > 0) board.removeObject(d.labels);
  d.labels = [];
  if (scene.axisNumbers) {
    const unitX = (box.xMax - box.xMin) / GRAPHER_SIZE.width;
    const unitY = (box.yMax - box.yMin) / GRAPHER_SIZE.height;
    // Labels sit beside the axes, or along the board's edge when an axis is off the board.
    const labelY = Math.min(box.yMax - 14 * unitY, Math.max(box.yMin + 4 * unitY, -4 * unitY));
    const labelX = Math.min(box.xMax - 30 * unitX, Math.max(box.xMin + 30 * unitX, -5 * unitX));
    const ticks = [...axisTicks(view, GRAPHER_SIZE), { axis: 'origin' as const, value: 0, text: '0' }];
    d.labels = ticks.map((tick) =>
      board.create(
        'text',
        tick.axis === 'x'
          ? [tick.value, labelY, tick.text]
          : tick.axis === 'y'
            ? [labelX, tick.value, tick.text]
            : [labelX, labelY, tick.text],
        {
          ...FIXED,
          display: 'internal',
          fontSize: 12,
          strokeColor: d.colours.label,
          anchorX: tick.axis === 'x' ? 'middle' : 'right',
          anchorY: tick.axis === 'y' ? 'middle' : 'top',
        } as JXG.TextAttributes,
      ),
    );
  }

  if (d.curves.length > 0) board.removeObject(d.curves);
  const step = sampleStep(view, scene.highResolution);
  d.curves = scene.graphs.map((g) => {
    const curve = board.create('curve', [[], []], {
      ...FIXED,
      strokeColor: g.color,
      strokeWidth: LINE_WIDTH,
      dash: g.border === 'dashed' ? DASHED_STYLE : 0,
      dashScale: false,
    } as JXG.CurveAttributes);
    setData(curve, planPath(g.plan, box, step));
    return curve;
  });
  board.unsuspendUpdate();
  // Each graph's path names its graph, so a test or a stylesheet can find it.
  d.curves.forEach((curve, i) => curve.rendNode?.setAttribute('data-graph', scene.graphs[i]?.id ?? ''));
}

/**
 * The grapher's board (700x450, spec 02 §9), drawn with JSXGraph (loaded lazily) as the graph
 * consoles draw theirs: a 1-2-5 grid, the axes, tick numbers (multiples of π on a radians x-axis)
 * and each graph in its colour, solid or dashed. It scales down to the width available, same shape.
 * It is a picture for screen readers, named and described by the grapher's list of graphs.
 */
export const GrapherBoard = forwardRef<GrapherBoardHandle, GrapherBoardProps>(function GrapherBoard(
  { view, axisNumbers, highResolution, graphs, label, describedBy, t },
  ref,
) {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<number>(GRAPHER_SIZE.width);
  const scene = useRef<Scene>({ view, axisNumbers, highResolution, graphs });
  scene.current = { view, axisNumbers, highResolution, graphs };

  useEffect(() => {
    let cancelled = false;
    let created: Drawing | null = null;
    loadJsxGraph()
      .then((module) => {
        const host = hostRef.current;
        const surface = surfaceRef.current;
        if (cancelled || !host || !surface) return;
        const style = getComputedStyle(surface);
        created = createDrawing(module, host, {
          grid: cssColour(style, '--kib-grid', 'rgba(0, 0, 0, 0.12)'),
          axis: cssColour(style, '--kib-grid-strong', 'rgba(0, 0, 0, 0.55)'),
          label: cssColour(style, '--kib-muted', '#55555f'),
        });
        setDrawing(created);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (created) created.jxg.JSXGraph.freeBoard(created.board);
    };
  }, []);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w && w > 0) setWidth(Math.round(w * 100) / 100);
    });
    observer.observe(surface);
    return () => observer.disconnect();
  }, []);

  const height = (width * GRAPHER_SIZE.height) / GRAPHER_SIZE.width;
  useEffect(() => {
    if (drawing) draw(drawing, { view, axisNumbers, highResolution, graphs }, width, height);
  }, [drawing, view, axisNumbers, highResolution, graphs, width, height]);

  useImperativeHandle(
    ref,
    () => ({
      toSvg() {
        if (!drawing) return null;
        // Drawn once more at the logical size for the file, then back at the size on screen.
        draw(drawing, scene.current, GRAPHER_SIZE.width, GRAPHER_SIZE.height);
        const renderer = drawing.board.renderer as unknown as { dumpToDataURI(ignoreTexts: boolean): string };
        const svg = svgFromDataUri(renderer.dumpToDataURI(false));
        draw(drawing, scene.current, width, height);
        return svg ? standaloneSvg(svg, GRAPHER_SIZE.width, GRAPHER_SIZE.height) : null;
      },
    }),
    [drawing, width, height],
  );

  return (
    <div className="kib-grapher-board" style={{ maxWidth: `${GRAPHER_SIZE.width}px` }}>
      <div
        ref={surfaceRef}
        className="kib-grapher-board__surface"
        style={{ aspectRatio: `${GRAPHER_SIZE.width} / ${GRAPHER_SIZE.height}` }}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        data-ready={drawing ? 'true' : 'false'}
      >
        <div ref={hostRef} className="kib-grapher-board__canvas" aria-hidden="true" />
        {!drawing ? (
          <p className="kib-grapher-board__message" aria-hidden="true">
            {failed ? t('common.error') : t('common.loading')}
          </p>
        ) : null}
      </div>
    </div>
  );
});
