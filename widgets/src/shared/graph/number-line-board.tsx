import type { BracketValue } from '@kib/core';
import type JXG from 'jsxgraph';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { loadJsxGraph } from '../lazy';
import boardCss from './number-line-board.css?inline';
import {
  DOT_RADIUS_PX,
  INTERVAL_FILL_PX,
  NUMBER_LINE_AXIS_Y,
  NUMBER_LINE_END_PX,
  NUMBER_LINE_SIZE,
  formatValue,
  panNumberLine,
  pxOfValue,
  visibleRange,
  zoomNumberLine,
} from './number-line';
import { formatTick, fromPixelX, gridValues, toPixelX, type GridView } from './scale';

/** How a mark is drawn: a finished element, the half-drawn one, or the selected one. */
export type NumberLineTone = 'normal' | 'pending' | 'selected';

/** Something drawn on the number line, in line values (the board turns them into pixels). */
export type NumberLineMark =
  | { kind: 'fill'; from: BracketValue; to: BracketValue; tone: NumberLineTone }
  | { kind: 'bracket'; at: BracketValue; side: 'left' | 'right'; open: boolean; tone: NumberLineTone }
  | { kind: 'dot'; at: number; tone: NumberLineTone }
  | { kind: 'cursor'; at: BracketValue };

/** A pointer on the board in logical canvas px (0–400 × 0–200), whatever size the board is shown at. */
export interface NumberLinePointer {
  px: number;
  py: number;
  /** 'mouse', 'pen' or 'touch'. */
  pointerType: string;
  /** True while a button is down (a drag), false for a hover. */
  pressed: boolean;
}

/** Why the view changed: a pan step, the end of a pan, or a zoom. */
export type NumberLineViewChange = 'pan' | 'pan-end' | 'zoom';

/** Props of the number-line board. */
export interface NumberLineBoardProps {
  /** Origin, cell and scale of the line (the axis y is fixed at 100). */
  view: GridView;
  /** A pan (the move tool) or a wheel zoom asks for a new view. */
  onViewChange: (view: GridView, how: NumberLineViewChange) => void;
  /** What to draw on the line. */
  marks: readonly NumberLineMark[];
  /** Accessible name of the board. */
  label: string;
  /** Text description of what the board shows, read after the name. */
  description: string;
  /** Shown while JSXGraph loads. */
  loadingText: string;
  /** Shown if JSXGraph cannot load. */
  errorText?: string;
  /** No input at all. */
  disabled?: boolean;
  /** Dragging pans the line (the move tool) instead of reaching the pointer handlers. */
  panMode?: boolean;
  /** CSS cursor over the board. */
  pointerCursor?: string;
  /** A press on the board (not in pan mode). */
  onBoardPointerDown?: (pointer: NumberLinePointer) => void;
  /** A move while pressed (drag) or not (hover). */
  onBoardPointerMove?: (pointer: NumberLinePointer) => void;
  /** The release of a press. */
  onBoardPointerUp?: (pointer: NumberLinePointer) => void;
  /** The pointer left the board without a press. */
  onBoardPointerLeave?: () => void;
  /** Keys pressed while the board has the focus. */
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
  /**
   * The board got or lost the keyboard focus: true on a keyboard focus or a key press, false on
   * blur or a pointer press (a click focuses the board without showing a keyboard cursor).
   */
  onFocusChange?: (focused: boolean) => void;
  /** Accessible names of the zoom buttons shown over the board's corner; no buttons without them. */
  zoomLabels?: { zoomIn: string; zoomOut: string };
}

interface Palette {
  primary: string;
  pending: string;
  selected: string;
  grid: string;
  axis: string;
  text: string;
  muted: string;
}

const { width: W, height: H } = NUMBER_LINE_SIZE;
/** JSXGraph's y grows upwards: user y of a logical canvas py. */
const uy = (py: number) => H - py;
const AXIS = NUMBER_LINE_AXIS_Y;

function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const get = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    primary: get('--kib-primary', '#c2185b'),
    pending: get('--kib-purple', '#6a3fb5'),
    selected: get('--kib-focus', '#1a56db'),
    grid: get('--kib-grid', 'rgba(0,0,0,0.12)'),
    axis: get('--kib-grid-strong', 'rgba(0,0,0,0.55)'),
    text: get('--kib-text', '#1f1f24'),
    muted: get('--kib-muted', '#55555f'),
  };
}

const FIXED = { fixed: true, highlight: false, showInfobox: false, withLabel: false, name: '' } as const;

/** JSXGraph layers, bottom to top: the grid never covers a mark, whichever was drawn last. */
const LAYER = { grid: 0, axis: 1, fill: 2, cursor: 3, mark: 4, label: 5 } as const;

/** Creates the shapes of one drawing pass and remembers them, so the pass can be undone as a whole. */
function painter(board: JXG.Board) {
  const created: JXG.GeometryElement[] = [];
  const curve = (xs: number[], ys: number[], layer: number, attrs: Record<string, unknown>) => {
    created.push(
      board.create('curve', [xs, ys.map(uy)], { ...FIXED, layer, ...attrs }) as JXG.GeometryElement,
    );
  };
  const text = (x: number, py: number, value: string, attrs: Record<string, unknown>) => {
    created.push(
      board.create('text', [x, uy(py), value], {
        ...FIXED,
        layer: LAYER.label,
        display: 'internal',
        anchorX: 'middle',
        anchorY: 'middle',
        fontSize: 12,
        ...attrs,
      }) as JXG.GeometryElement,
    );
  };
  const circle = (cx: number, cy: number, r: number, attrs: Record<string, unknown>) => {
    const ts = Array.from({ length: 33 }, (_, k) => (k / 32) * 2 * Math.PI);
    curve(
      ts.map((t) => cx + r * Math.cos(t)),
      ts.map((t) => cy + r * Math.sin(t)),
      LAYER.mark,
      attrs,
    );
  };
  return { created, curve, text, circle };
}

/** Draws the grid, the axis with its arrowheads, the ticks and their labels; returns what it created. */
function drawGrid(board: JXG.Board, view: GridView, palette: Palette): JXG.GeometryElement[] {
  const { created, curve, text } = painter(board);
  // Grid lines (translucent black) at every multiple of the scale across the whole canvas.
  for (const v of gridValues(fromPixelX(view, 0), fromPixelX(view, W), view.scale)) {
    const x = toPixelX(view, v);
    curve([x, x], [0, H], LAYER.grid, { strokeColor: palette.grid, strokeWidth: 1 });
  }
  curve([6, W - 6], [AXIS, AXIS], LAYER.axis, { strokeColor: palette.axis, strokeWidth: 2 });
  const arrow = { strokeColor: palette.axis, fillColor: palette.axis, fillOpacity: 1, strokeWidth: 1 };
  curve([2, 12, 12, 2], [AXIS, AXIS - 5, AXIS + 5, AXIS], LAYER.axis, arrow);
  curve([W - 2, W - 12, W - 12, W - 2], [AXIS, AXIS - 5, AXIS + 5, AXIS], LAYER.axis, arrow);
  // Ticks on the finite part of the axis: whole steps labelled (every other one when labels are
  // wider than a cell), half steps short.
  const { min, max } = visibleRange(view);
  const labels = gridValues(min, max, view.scale);
  const widest = Math.max(0, ...labels.map((v) => formatTick(v).length)) * 7;
  const every = widest > view.cell - 4 ? 2 : 1;
  for (const v of gridValues(min, max, view.scale / 2)) {
    const x = toPixelX(view, v);
    const whole = labels.includes(v);
    curve([x, x], whole ? [AXIS - 6, AXIS + 6] : [AXIS - 3, AXIS + 3], LAYER.axis, {
      strokeColor: palette.axis,
      strokeWidth: whole ? 1.5 : 1,
    });
    if (whole && Math.round(v / view.scale) % every === 0) {
      text(x, AXIS + 22, formatTick(v), { strokeColor: palette.text });
    }
  }
  // Beyond the ends lies infinity.
  text(NUMBER_LINE_END_PX / 2 + 2, AXIS + 22, formatValue('minusInf'), { strokeColor: palette.muted });
  text(W - NUMBER_LINE_END_PX / 2 - 2, AXIS + 22, formatValue('inf'), { strokeColor: palette.muted });
  return created;
}

/** Draws the marks: interval fills, brackets, dots and the keyboard cursor; returns what it created. */
function drawMarks(
  board: JXG.Board,
  view: GridView,
  marks: readonly NumberLineMark[],
  palette: Palette,
): JXG.GeometryElement[] {
  const { created, curve, text, circle } = painter(board);
  const toneColor = (tone: NumberLineTone) =>
    tone === 'selected' ? palette.selected : tone === 'pending' ? palette.pending : palette.primary;
  const clip = (x: number) => Math.min(W, Math.max(0, x));
  const half = INTERVAL_FILL_PX / 2;
  for (const mark of marks) {
    if (mark.kind === 'fill') {
      const a = clip(pxOfValue(view, mark.from));
      const b = clip(pxOfValue(view, mark.to));
      curve([a, b, b, a, a], [AXIS - half, AXIS - half, AXIS + half, AXIS + half, AXIS - half], LAYER.fill, {
        strokeWidth: 0,
        strokeColor: 'none',
        fillColor: toneColor(mark.tone),
        fillOpacity: mark.tone === 'pending' ? 0.2 : 0.35,
      });
    } else if (mark.kind === 'bracket') {
      const x = pxOfValue(view, mark.at);
      if (x < -10 || x > W + 10) continue;
      const color = toneColor(mark.tone);
      const dir = mark.side === 'left' ? 1 : -1;
      const top = AXIS - 16;
      const bottom = AXIS + 16;
      if (mark.tone === 'selected') {
        curve(
          [x - 12, x + 12, x + 12, x - 12, x - 12],
          [top - 6, top - 6, bottom + 6, bottom + 6, top - 6],
          LAYER.mark,
          { strokeColor: color, strokeWidth: 1.5, dash: 2 },
        );
      }
      if (mark.open) {
        const ts = Array.from({ length: 17 }, (_, k) => -Math.PI / 2 + (k / 16) * Math.PI);
        curve(
          ts.map((t) => x + dir * 8 * (1 - Math.cos(t))),
          ts.map((t) => AXIS + 16 * Math.sin(t)),
          LAYER.mark,
          { strokeColor: color, strokeWidth: 3 },
        );
      } else {
        curve([x + dir * 7, x, x, x + dir * 7], [top, top, bottom, bottom], LAYER.mark, {
          strokeColor: color,
          strokeWidth: 3,
        });
      }
      text(x, top - 12, formatValue(mark.at), { strokeColor: color });
    } else if (mark.kind === 'dot') {
      const x = toPixelX(view, mark.at);
      if (x < -10 || x > W + 10) continue;
      const color = toneColor(mark.tone);
      if (mark.tone === 'selected') circle(x, AXIS, 10, { strokeColor: color, strokeWidth: 2, dash: 2 });
      circle(x, AXIS, DOT_RADIUS_PX, {
        strokeColor: color,
        fillColor: color,
        fillOpacity: 1,
        strokeWidth: 1,
      });
      text(x, AXIS - 24, formatValue(mark.at), { strokeColor: color });
    } else {
      const x = pxOfValue(view, mark.at);
      curve([x, x], [AXIS - 34, AXIS + 34], LAYER.cursor, {
        strokeColor: palette.selected,
        strokeWidth: 2,
        dash: 1,
      });
      text(x, AXIS - 44, formatValue(mark.at), { strokeColor: palette.selected });
    }
  }
  return created;
}

/**
 * The number line shared by the intervals and number-line points consoles: a JSXGraph board (loaded
 * lazily) showing a 400x200 canvas scaled to the width it has, with the grid, the axis and its
 * ticks, and the marks it is given. React owns every value; the board only draws. Pointer positions
 * come out in logical px; the move tool pans and the wheel zooms through `onViewChange`. The board
 * is one focusable element with a name and a text description; keys go to `onKeyDown`.
 */
export function NumberLineBoard(props: NumberLineBoardProps) {
  const {
    view,
    marks,
    label,
    description,
    loadingText,
    errorText = '',
    disabled = false,
    panMode = false,
    pointerCursor,
    onKeyDown,
    onFocusChange,
    zoomLabels,
  } = props;
  const descriptionId = useId();
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [board, setBoard] = useState<JXG.Board | null>(null);
  const [failed, setFailed] = useState(false);
  const palette = useRef<Palette | null>(null);
  const gridDrawn = useRef<JXG.GeometryElement[]>([]);
  const drawn = useRef<JXG.GeometryElement[]>([]);
  const pan = useRef<{ startPx: number; view: GridView; pointerId: number } | null>(null);
  const pressed = useRef<number | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const keyboard = useRef(false);
  const pointerFocus = useRef(false);
  const setKeyboard = (on: boolean) => {
    if (keyboard.current === on) return;
    keyboard.current = on;
    onFocusChange?.(on);
  };

  useEffect(() => {
    if (!host) return;
    let alive = true;
    let created: JXG.Board | null = null;
    let free: ((b: JXG.Board) => void) | null = null;
    loadJsxGraph()
      .then((jsx) => {
        if (!alive) return;
        created = jsx.JSXGraph.initBoard(host, {
          boundingbox: [0, H, W, 0],
          keepAspectRatio: false,
          axis: false,
          grid: false,
          showNavigation: false,
          showCopyright: false,
          showInfobox: false,
          showFullscreen: false,
          showScreenshot: false,
          showClearTraces: false,
          registerEvents: false,
          pan: { enabled: false },
          zoom: { enabled: false },
          keyboard: { enabled: false },
          renderer: 'svg',
        } as Partial<JXG.BoardAttributes>);
        free = (b) => jsx.JSXGraph.freeBoard(b);
        // The focusable wrapper carries the name and description; the drawing itself is decoration.
        host.removeAttribute('role');
        host.removeAttribute('aria-label');
        palette.current = readPalette(host);
        setBoard(created);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      setBoard(null);
      gridDrawn.current = [];
      drawn.current = [];
      if (created && free) free(created);
    };
  }, [host]);

  // The board follows the size it is shown at, keeping its 400x200 logical coordinates.
  useEffect(() => {
    if (!board || !host) return;
    const fit = () => {
      const { width, height } = host.getBoundingClientRect();
      if (width < 1 || height < 1) return;
      board.resizeContainer(width, height, true, true);
      board.setBoundingBox([0, H, W, 0], false);
      board.fullUpdate();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(host);
    return () => observer.disconnect();
  }, [board, host]);

  useEffect(() => {
    if (!board || !palette.current) return;
    board.suspendUpdate();
    if (gridDrawn.current.length > 0) board.removeObject(gridDrawn.current);
    gridDrawn.current = drawGrid(board, view, palette.current);
    board.unsuspendUpdate();
  }, [board, view]);

  useEffect(() => {
    if (!board || !palette.current) return;
    board.suspendUpdate();
    if (drawn.current.length > 0) board.removeObject(drawn.current);
    drawn.current = drawMarks(board, view, marks, palette.current);
    board.unsuspendUpdate();
  }, [board, view, marks]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    if (!host) return;
    const onWheel = (event: WheelEvent) => {
      const current = latest.current;
      if (current.disabled || event.deltaY === 0) return;
      event.preventDefault();
      const { px } = toLogical(host, event.clientX, event.clientY);
      current.onViewChange(zoomNumberLine(current.view, event.deltaY < 0 ? -1 : 1, px), 'zoom');
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [host]);

  const pointer = useCallback(
    (event: ReactPointerEvent<HTMLDivElement>, isPressed: boolean): NumberLinePointer | null => {
      if (!host) return null;
      return {
        ...toLogical(host, event.clientX, event.clientY),
        pointerType: event.pointerType,
        pressed: isPressed,
      };
    },
    [host],
  );

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    setKeyboard(false);
    if (disabled || event.button > 0) return;
    const p = pointer(event, true);
    if (!p) return;
    event.preventDefault();
    pointerFocus.current = true;
    event.currentTarget.focus({ preventScroll: true });
    pointerFocus.current = false;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A synthetic pointer has nothing to capture; the drag still works while it stays on the board.
    }
    pressed.current = event.pointerId;
    if (panMode) {
      pan.current = { startPx: p.px, view, pointerId: event.pointerId };
      return;
    }
    props.onBoardPointerDown?.(p);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    const isPressed = pressed.current === event.pointerId;
    const p = pointer(event, isPressed);
    if (!p) return;
    if (pan.current && isPressed) {
      props.onViewChange(panNumberLine(pan.current.view, p.px - pan.current.startPx), 'pan');
      return;
    }
    props.onBoardPointerMove?.(p);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (pressed.current !== event.pointerId) return;
    pressed.current = null;
    const p = pointer(event, false);
    if (pan.current) {
      const start = pan.current;
      pan.current = null;
      if (p) props.onViewChange(panNumberLine(start.view, p.px - start.startPx), 'pan-end');
      return;
    }
    if (p && !disabled) props.onBoardPointerUp?.(p);
  };

  const zoomButton = (direction: -1 | 1, name: string) => (
    <button
      type="button"
      className="kib-button"
      disabled={disabled}
      onClick={() => props.onViewChange(zoomNumberLine(view, direction), 'zoom')}
    >
      <span aria-hidden="true">{direction < 0 ? '+' : '\u2212'}</span>
      <span className="kib-visually-hidden">{name}</span>
    </button>
  );

  return (
    <div className="kib-number-line-stage">
      <style>{boardCss}</style>
      <div
        className="kib-number-line"
        role="application"
        tabIndex={0}
        aria-label={label}
        aria-describedby={descriptionId}
        aria-disabled={disabled || undefined}
        style={pointerCursor && !disabled ? { cursor: pointerCursor } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={() => {
          if (pressed.current === null) props.onBoardPointerLeave?.();
        }}
        onKeyDown={(event) => {
          setKeyboard(true);
          onKeyDown?.(event);
        }}
        onFocus={(event) =>
          setKeyboard(!pointerFocus.current && event.currentTarget.matches(':focus-visible'))
        }
        onBlur={() => setKeyboard(false)}
      >
        <div ref={setHost} className="kib-number-line__canvas" aria-hidden="true" />
        {!board ? (
          <div className="kib-number-line__loading" aria-hidden="true">
            {failed ? errorText : loadingText}
          </div>
        ) : null}
        <p id={descriptionId} className="kib-visually-hidden">
          {description}
        </p>
      </div>
      {zoomLabels ? (
        <div className="kib-number-line__zoom">
          {zoomButton(-1, zoomLabels.zoomIn)}
          {zoomButton(1, zoomLabels.zoomOut)}
        </div>
      ) : null}
    </div>
  );
}

/** Client coordinates to logical canvas px, whatever the board's shown size. */
function toLogical(host: HTMLElement, clientX: number, clientY: number): { px: number; py: number } {
  const rect = host.getBoundingClientRect();
  return {
    px: ((clientX - rect.left) / (rect.width || W)) * W,
    py: ((clientY - rect.top) / (rect.height || H)) * H,
  };
}
