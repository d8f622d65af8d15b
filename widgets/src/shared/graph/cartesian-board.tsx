import type { CartesianPoint } from '@kib/core';
import type JXG from 'jsxgraph';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '../i18n';
import { loadJsxGraph } from '../lazy';
import { cssColour, FIXED, initStaticBoard } from './static-board';
import { boardCommand, type BoardCommand } from './board-keys';
import css from './cartesian-board.css?inline';
import {
  POINT_RADIUS_PX,
  formatPoint,
  formatX,
  formatY,
  fromScreen,
  gridLineValues,
  lineAcrossBox,
  toScreen,
  visibleBox,
  type BoardSize,
  type CartesianView,
} from './cartesian';

/** What a cartesian board draws, all in plane units. */
export interface BoardScene {
  /** Freehand strokes, each drawn as one path (a stroke of one point draws nothing: pass it in `points`). */
  strokes?: readonly (readonly CartesianPoint[])[];
  /** Points drawn as filled circles. */
  points?: readonly CartesianPoint[];
  /** Radius of the circles of `points` (spec 02 §9: 4–5 px for points, 6 for a line's points). */
  pointRadius?: number;
  /** A line through two points, drawn across the whole visible plane. */
  line?: readonly [CartesianPoint, CartesianPoint] | null;
  /** The point the keyboard has selected: drawn with a ring. */
  selected?: CartesianPoint | null;
}

/** A pointer event on the board, in canvas pixels of the logical size and in plane units. */
export interface BoardPointer {
  phase: 'down' | 'move' | 'up' | 'cancel';
  pointerId: number;
  pointerType: string;
  /** Canvas pixels of the logical size (the board may be drawn smaller: these are scaled back). */
  px: number;
  py: number;
  /** The plane point under the pointer (not snapped). */
  point: CartesianPoint;
}

/** Props of the cartesian board. */
export interface CartesianBoardProps {
  /** The logical canvas size (spec 02 §9); on a narrow screen the board is drawn smaller, same shape. */
  size: BoardSize;
  view: CartesianView;
  scene: BoardScene;
  /** Accessible name of the board. */
  label: string;
  /** What the board holds now, read by screen readers as the board's description. */
  description: string;
  /** How to use the board by keyboard, read after the description. */
  instructions: string;
  /** The keyboard cursor: drawn as a crosshair while the board has keyboard focus. */
  cursor: CartesianPoint;
  /** While true the board shows its content but reports no pointer or key input. */
  disabled?: boolean;
  lang?: string;
  /** CSS cursor over the board (the tool in use). */
  pointerCursor?: 'crosshair' | 'grab' | 'grabbing' | 'pointer' | 'cell' | 'default';
  /** Called for presses, drags and releases (moves are reported only while pressed). */
  onPointer?: (event: BoardPointer) => void;
  /** Called with the command of a key press (board-keys.ts). */
  onCommand?: (command: BoardCommand) => void;
  /** Called for a wheel event: -1 zooms in, 1 out. */
  onZoom?: (direction: -1 | 1) => void;
}

interface Colours {
  grid: string;
  axis: string;
  label: string;
  stroke: string;
  point: string;
  focus: string;
}

/** The JSXGraph board and the elements it keeps updating. */
interface Drawing {
  jxg: typeof JXG;
  board: JXG.Board;
  colours: Colours;
  grid: JXG.Curve;
  axes: JXG.Curve;
  strokes: JXG.Curve;
  line: JXG.Curve;
  cursor: JXG.Curve;
  ring: JXG.Point;
  points: JXG.Point[];
  labels: JXG.Text[];
  labelsKey: string;
}

function createDrawing(jxg: typeof JXG, host: HTMLElement, colours: Colours): Drawing {
  const { board, curve } = initStaticBoard(jxg, host, [-2, 4, 7, -3]);
  return {
    jxg,
    board,
    colours,
    grid: curve({ strokeColor: colours.grid, strokeWidth: 1 }),
    axes: curve({ strokeColor: colours.axis, strokeWidth: 1.5 }),
    line: curve({ strokeColor: colours.stroke, strokeWidth: 3 }),
    strokes: curve({ strokeColor: colours.stroke, strokeWidth: 3 }),
    cursor: curve({ strokeColor: colours.focus, strokeWidth: 2, visible: false }),
    ring: board.create('point', [0, 0], {
      ...FIXED,
      name: '',
      face: 'o',
      size: 10,
      fillOpacity: 0,
      strokeColor: colours.focus,
      strokeWidth: 2,
      visible: false,
    } as JXG.PointAttributes),
    points: [],
    labels: [],
    labelsKey: '',
  };
}

/** Polyline data for JSXGraph: the paths joined, a NaN between two paths lifts the pen. */
function pathData(paths: readonly (readonly CartesianPoint[])[]): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const path of paths) {
    if (path.length < 2) continue;
    if (xs.length > 0) {
      xs.push(NaN);
      ys.push(NaN);
    }
    for (const p of path) {
      xs.push(p.x);
      ys.push(p.y);
    }
  }
  return [xs, ys];
}

function setData(curve: JXG.Curve, [xs, ys]: [number[], number[]]) {
  curve.dataX = xs;
  curve.dataY = ys;
}

interface LabelSpec {
  x: number;
  y: number;
  text: string;
  anchorX: 'left' | 'middle' | 'right';
  anchorY: 'top' | 'middle' | 'bottom';
}

/** The tick labels: along each axis, on the side of it that has room. */
function tickLabels(view: CartesianView, size: BoardSize): LabelSpec[] {
  const { xs, ys } = gridLineValues(view, size);
  const below = view.originY + 20 <= size.height;
  const left = view.originX - 30 >= 0;
  const labelY = fromScreen(view, 0, view.originY + (below ? 4 : -4)).y;
  const labelX = fromScreen(view, view.originX + (left ? -5 : 5), 0).x;
  const out: LabelSpec[] = [];
  // A label cut by the canvas border is noise: only values far enough inside get one.
  const inside = (value: number, low: number, high: number) => value >= low && value <= high;
  for (const x of xs) {
    if (x === 0 || !inside(toScreen(view, { x, y: 0 }).px, 12, size.width - 12)) continue;
    out.push({ x, y: labelY, text: formatX(view, x), anchorX: 'middle', anchorY: below ? 'top' : 'bottom' });
  }
  for (const y of ys) {
    if (y === 0 || !inside(toScreen(view, { x: 0, y }).py, 9, size.height - 9)) continue;
    out.push({ x: labelX, y, text: formatY(y), anchorX: left ? 'right' : 'left', anchorY: 'middle' });
  }
  out.push({
    x: labelX,
    y: labelY,
    text: '0',
    anchorX: left ? 'right' : 'left',
    anchorY: below ? 'top' : 'bottom',
  });
  return out;
}

function draw(
  d: Drawing,
  view: CartesianView,
  size: BoardSize,
  scene: BoardScene,
  cursor: CartesianPoint | null,
) {
  const { board, jxg } = d;
  board.suspendUpdate();
  const box = visibleBox(view, size);
  board.setBoundingBox([box.xMin, box.yMax, box.xMax, box.yMin], false);

  const { xs, ys } = gridLineValues(view, size);
  setData(
    d.grid,
    pathData([
      ...xs.map((x) => [
        { x, y: box.yMin },
        { x, y: box.yMax },
      ]),
      ...ys.map((y) => [
        { x: box.xMin, y },
        { x: box.xMax, y },
      ]),
    ]),
  );
  setData(
    d.axes,
    pathData([
      [
        { x: box.xMin, y: 0 },
        { x: box.xMax, y: 0 },
      ],
      [
        { x: 0, y: box.yMin },
        { x: 0, y: box.yMax },
      ],
    ]),
  );

  const labels = tickLabels(view, size);
  const labelsKey = JSON.stringify([labels, size]);
  if (labelsKey !== d.labelsKey) {
    if (d.labels.length > 0) board.removeObject(d.labels);
    d.labels = labels.map((l) =>
      board.create('text', [l.x, l.y, l.text], {
        ...FIXED,
        display: 'internal',
        fontSize: 12,
        strokeColor: d.colours.label,
        anchorX: l.anchorX,
        anchorY: l.anchorY,
      } as JXG.TextAttributes),
    );
    d.labelsKey = labelsKey;
  }

  setData(d.strokes, pathData(scene.strokes ?? []));
  const across = scene.line ? lineAcrossBox(scene.line[0], scene.line[1], box) : null;
  setData(d.line, pathData(across ? [across] : []));

  const points = scene.points ?? [];
  const radius = scene.pointRadius ?? POINT_RADIUS_PX.point;
  while (d.points.length < points.length) {
    d.points.push(
      board.create('point', [0, 0], {
        ...FIXED,
        name: '',
        face: 'o',
        size: radius,
        fillColor: d.colours.point,
        strokeColor: d.colours.point,
        strokeWidth: 1,
      } as JXG.PointAttributes),
    );
  }
  d.points.forEach((jp, i) => {
    const p = points[i];
    if (p) {
      jp.setPositionDirectly(jxg.COORDS_BY_USER, [p.x, p.y]);
      jp.setAttribute({ visible: true, size: radius });
    } else {
      jp.setAttribute({ visible: false });
    }
  });

  if (scene.selected) {
    d.ring.setPositionDirectly(jxg.COORDS_BY_USER, [scene.selected.x, scene.selected.y]);
    d.ring.setAttribute({ visible: true, size: radius + 5 });
  } else {
    d.ring.setAttribute({ visible: false });
  }

  if (cursor) {
    const c = toScreen(view, cursor);
    const at = (dx: number, dy: number) => fromScreen(view, c.px + dx, c.py + dy);
    setData(
      d.cursor,
      pathData([
        [at(-14, 0), at(-4, 0)],
        [at(4, 0), at(14, 0)],
        [at(0, -14), at(0, -4)],
        [at(0, 4), at(0, 14)],
      ]),
    );
    d.cursor.setAttribute({ visible: true });
  } else {
    d.cursor.setAttribute({ visible: false });
  }
  board.unsuspendUpdate();
}

/**
 * The cartesian plane of the graph consoles, drawn with JSXGraph (loaded lazily): a 1-2-5 grid with
 * labelled axes, freehand strokes, points, a line across the plane and a keyboard cursor. It draws
 * what it is given and reports presses, keys and wheel zooms; the console owns the state. The
 * canvas keeps its logical size in its arithmetic and scales down to the width available (a 360 px
 * phone), converting pointer positions back. The board is one focusable element with a name, a
 * description of its content and keyboard instructions.
 */
export function CartesianBoard({
  size,
  view,
  scene,
  label,
  description,
  instructions,
  cursor,
  disabled = false,
  lang,
  pointerCursor = 'crosshair',
  onPointer,
  onCommand,
  onZoom,
}: CartesianBoardProps) {
  const t = useT(lang);
  const uid = useId();
  const surfaceRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState<number>(size.width);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const activePointer = useRef<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let created: Drawing | null = null;
    loadJsxGraph()
      .then((module) => {
        const host = hostRef.current;
        const surface = surfaceRef.current;
        if (cancelled || !host || !surface) return;
        const style = getComputedStyle(surface);
        const colours: Colours = {
          grid: cssColour(style, '--kib-grid', 'rgba(0, 0, 0, 0.12)'),
          axis: cssColour(style, '--kib-grid-strong', 'rgba(0, 0, 0, 0.55)'),
          label: cssColour(style, '--kib-muted', '#55555f'),
          stroke: cssColour(style, '--kib-primary', '#c2185b'),
          point: cssColour(style, '--kib-purple', '#6a3fb5'),
          focus: cssColour(style, '--kib-focus', '#1a56db'),
        };
        created = createDrawing(module, host, colours);
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

  useEffect(() => {
    if (!drawing) return;
    drawing.board.resizeContainer(width, (width * size.height) / size.width, false, true);
  }, [drawing, width, size.width, size.height]);

  const shownCursor = keyboardFocus && !disabled ? cursor : null;
  useEffect(() => {
    if (drawing) draw(drawing, view, size, scene, shownCursor);
  }, [drawing, view, size, scene, shownCursor, width]);

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || !onZoom || disabled) return;
    // A native listener: React's wheel listener is passive and could not keep the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      onZoom(event.deltaY < 0 ? -1 : 1);
    };
    surface.addEventListener('wheel', onWheel, { passive: false });
    return () => surface.removeEventListener('wheel', onWheel);
  }, [onZoom, disabled]);

  const report = (phase: BoardPointer['phase'], event: PointerEvent<HTMLDivElement>) => {
    // The canvas sits inside the surface's border: measure it, not the surface.
    const rect = (hostRef.current ?? event.currentTarget).getBoundingClientRect();
    const k = rect.width > 0 ? size.width / rect.width : 1;
    const px = (event.clientX - rect.left) * k;
    const py = (event.clientY - rect.top) * k;
    onPointer?.({
      phase,
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      px,
      py,
      point: fromScreen(view, px, py),
    });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    // A second finger while one draws is ignored; a press whose release never arrived is forgotten.
    if (activePointer.current !== null && event.currentTarget.hasPointerCapture(activePointer.current))
      return;
    activePointer.current = event.pointerId;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic or already released pointer cannot be captured; moves still arrive while over the board.
    }
    report('down', event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (activePointer.current === event.pointerId) report('move', event);
  };
  const onPointerEnd = (phase: 'up' | 'cancel') => (event: PointerEvent<HTMLDivElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    report(phase, event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const command = boardCommand(event);
    if (!command) return;
    event.preventDefault();
    // Focused by a click, then driven by keys: the cursor shows from the first key on.
    setKeyboardFocus(true);
    onCommand?.(command);
  };

  const descriptionId = `${uid}-description`;
  const instructionsId = `${uid}-instructions`;
  return (
    <div className="kib-cartesian-board" style={{ maxWidth: `${size.width}px` }}>
      <style>{css}</style>
      <div
        ref={surfaceRef}
        className="kib-cartesian-board__surface"
        style={{
          aspectRatio: `${size.width} / ${size.height}`,
          cursor: disabled ? 'default' : pointerCursor,
        }}
        role="application"
        aria-label={label}
        aria-describedby={`${descriptionId} ${instructionsId}`}
        aria-disabled={disabled || undefined}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd('up')}
        onPointerCancel={onPointerEnd('cancel')}
        onLostPointerCapture={onPointerEnd('cancel')}
        onKeyDown={onKeyDown}
        onFocus={(event) => setKeyboardFocus(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setKeyboardFocus(false)}
        data-ready={drawing ? 'true' : 'false'}
      >
        <div ref={hostRef} className="kib-cartesian-board__canvas" aria-hidden="true" />
        {!drawing ? (
          <p className="kib-cartesian-board__message" aria-hidden="true">
            {failed ? t('common.error') : t('common.loading')}
          </p>
        ) : null}
        {shownCursor ? (
          <span className="kib-cartesian-board__readout" aria-hidden="true">
            {formatPoint(view, shownCursor)}
          </span>
        ) : null}
      </div>
      <p id={descriptionId} className="kib-visually-hidden">
        {description}
      </p>
      <p id={instructionsId} className="kib-visually-hidden">
        {instructions}
      </p>
    </div>
  );
}
