import { LIMITS, type CartesianPoint, type PlotFunctionAnswer } from '@kib/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { FeedbackBadge, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { CartesianBoard, type BoardPointer } from '../shared/graph/cartesian-board';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  TOOL_MIN_DISTANCE_PX,
  formatPoint,
  formatX,
  hitTolerance,
  initialCartesianView,
  snapPoint,
  tidyPoint,
} from '../shared/graph/cartesian';
import graphCss from '../shared/graph/graph-console.css?inline';
import { GraphToolbar, ZoomButtons } from '../shared/graph/graph-toolbar';
import { plotBadge } from '../shared/graph/plot-badge';
import { advancePress, beginPress, type PressState } from '../shared/graph/press';
import { useBoardControls } from '../shared/graph/use-board-controls';
import { useLocalAnswer } from '../shared/graph/use-local-answer';
import { useT } from '../shared/i18n';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import {
  FREEHAND_TOOLS,
  drawingPoints,
  drawingSpan,
  eraseAt,
  extendStroke,
  freehandAnswer,
  freehandMinDistance,
  loosePoints,
  moveVertex,
  pointCount,
  removeVertex,
  restoreStrokes,
  sameDrawing,
  startStroke,
  toolAfterClear,
  vertex,
  vertexAt,
  vertexRefs,
  type FreehandTool,
  type Strokes,
  type VertexRef,
} from './function-console.logic';
import type { FunctionConsoleProps } from './function-console.types';

const SIZE = CANVAS_SIZES.freehand;

const TOOL_LABELS: Record<FreehandTool, string> = {
  draw: 'graph-console.tool-draw',
  erase: 'graph-console.tool-erase',
  move: 'graph-console.tool-move',
  createPoint: 'graph-console.tool-create-point',
  movePoints: 'graph-console.tool-move-points',
};

const TOOL_CURSORS = {
  draw: 'crosshair',
  erase: 'cell',
  move: 'grab',
  createPoint: 'crosshair',
  movePoints: 'pointer',
} as const;

/** The console's own state: the strokes (the answer's points in drawing order) and the x-axis mode. */
interface Drawing {
  strokes: Strokes;
  inRadians: boolean;
}

type Gesture =
  | { kind: 'pan' }
  | { kind: 'draw' }
  | { kind: 'erase'; changed: boolean }
  | { kind: 'create'; at: CartesianPoint }
  | { kind: 'move'; ref: VertexRef; press: PressState; at: CartesianPoint }
  | { kind: 'moveTo'; ref: VertexRef; at: CartesianPoint };

function fromValue(value: PlotFunctionAnswer | null | undefined): Drawing {
  const inRadians = value?.inRadians === true;
  return { strokes: restoreStrokes(value?.points ?? [], initialCartesianView(inRadians)), inRadians };
}

function sameAsValue(local: Drawing, value: PlotFunctionAnswer | null | undefined): boolean {
  return sameDrawing(local.strokes, local.inRadians, value);
}

/**
 * The freehand function console (plotFunction; spec 02 §3–§4): the student draws the graph of a
 * function on a cartesian plane with a finger, the mouse or the keyboard (Enter adds a point to the
 * stroke at the cursor, Escape ends it). Tools: draw, erase, move the plane, create a point, move
 * points; Clear empties the drawing and returns to draw; To Radians / To Integers labels the x-axis
 * in multiples of π or in numbers. Reports {points, inRadians} after every change.
 */
export function FunctionConsole({
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: FunctionConsoleProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [drawing, setDrawing] = useLocalAnswer(value, fromValue, sameAsValue);
  const { strokes, inRadians } = drawing;
  const [tool, setTool] = useState<FreehandTool>('draw');
  const [draft, setDraft] = useState<Strokes | null>(null);
  const [keyboardStroke, setKeyboardStroke] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const draftRef = useRef<Strokes | null>(null);

  const badge = useMemo(() => plotBadge(t, feedback), [t, feedback]);
  const { visible, rootProps } = useFeedbackBadge(badge);

  const updateDraft = useCallback((next: Strokes | null) => {
    draftRef.current = next;
    setDraft(next);
  }, []);

  const commit = (next: Drawing, message: string) => {
    setDrawing(next);
    onAnswer?.(freehandAnswer(next.strokes, next.inRadians));
    announce(message);
  };
  const commitStrokes = (next: Strokes, message: string) => commit({ strokes: next, inRadians }, message);

  const refs = useMemo(() => vertexRefs(strokes), [strokes]);
  const selectable = useMemo(() => drawingPoints(strokes), [strokes]);

  const controls = useBoardControls({
    size: SIZE,
    radians: inRadians,
    selectable,
    t,
    announce,
    onActivate: (at) => {
      if (pointCount(strokes) >= LIMITS.drawnPointsMaxItems) return announce(t('graph-console.drawing-full'));
      const next = keyboardStroke ? extendStroke(strokes, view, at, 0) : startStroke(strokes, at);
      // Null here means Enter at the stroke's last point again: nothing to add.
      if (!next) return;
      commitStrokes(
        next,
        keyboardStroke
          ? t('graph-console.stroke-point-added', { point: formatPoint(view, at) })
          : t('graph-console.stroke-started', { point: formatPoint(view, at) }),
      );
      setKeyboardStroke(true);
    },
    onMoveSelected: (index, to) => {
      const ref = refs[index];
      if (!ref) return false;
      commitStrokes(
        moveVertex(strokes, ref, to),
        t('graph-console.point-moved', { point: formatPoint(view, to) }),
      );
      return true;
    },
    onDeleteSelected: (index) => {
      const ref = refs[index];
      const p = ref ? vertex(strokes, ref) : undefined;
      if (!ref || !p) return;
      commitStrokes(
        removeVertex(strokes, ref),
        t('graph-console.point-deleted', { point: formatPoint(view, p) }),
      );
    },
    onEscape: () => {
      if (!keyboardStroke) return;
      setKeyboardStroke(false);
      announce(t('graph-console.stroke-ended'));
    },
  });
  const { view } = controls;

  const onPointer = (e: BoardPointer) => {
    const g = gesture.current;
    // A created point stays on the grid; a point of a drawn stroke follows the pointer freely.
    const placeFor = (ref: VertexRef) =>
      (strokes[ref.stroke]?.length ?? 0) === 1 ? snapPoint(view, e.point) : tidyPoint(view, e.point);
    if (e.phase === 'down') {
      const selected = controls.selected !== null ? refs[controls.selected] : undefined;
      controls.setSelected(null);
      setKeyboardStroke(false);
      if (tool === 'move') {
        controls.startPan(e.pointerId, e.px, e.py);
        gesture.current = { kind: 'pan' };
      } else if (tool === 'draw') {
        const next = startStroke(strokes, tidyPoint(view, e.point));
        if (!next) return announce(t('graph-console.drawing-full'));
        gesture.current = { kind: 'draw' };
        updateDraft(next);
      } else if (tool === 'erase') {
        const next = eraseAt(strokes, view, e.px, e.py, hitTolerance(e.pointerType));
        gesture.current = { kind: 'erase', changed: next !== strokes };
        updateDraft(next);
      } else if (tool === 'createPoint') {
        const at = snapPoint(view, e.point);
        const next = startStroke(strokes, at);
        if (!next) return announce(t('graph-console.drawing-full'));
        gesture.current = { kind: 'create', at };
        updateDraft(next);
      } else {
        const ref = vertexAt(strokes, view, e.px, e.py, hitTolerance(e.pointerType));
        const p = ref ? vertex(strokes, ref) : undefined;
        if (ref && p) {
          gesture.current = {
            kind: 'move',
            ref,
            press: beginPress(e.pointerId, e.px, e.py, freehandMinDistance(tool)),
            at: p,
          };
        } else if (selected) {
          gesture.current = { kind: 'moveTo', ref: selected, at: placeFor(selected) };
        }
      }
      return;
    }
    if (!g) return;
    const current = draftRef.current ?? strokes;
    if (e.phase === 'move') {
      if (g.kind === 'pan') controls.continuePan(e.px, e.py);
      else if (g.kind === 'draw') {
        const next = extendStroke(current, view, tidyPoint(view, e.point), TOOL_MIN_DISTANCE_PX.draw);
        if (next) updateDraft(next);
      } else if (g.kind === 'erase') {
        const next = eraseAt(current, view, e.px, e.py, hitTolerance(e.pointerType));
        if (next !== current) {
          gesture.current = { kind: 'erase', changed: true };
          updateDraft(next);
        }
      } else if (g.kind === 'create') {
        const at = snapPoint(view, e.point);
        gesture.current = { kind: 'create', at };
        updateDraft([...strokes, [at]]);
      } else if (g.kind === 'moveTo') {
        gesture.current = { ...g, at: placeFor(g.ref) };
      } else {
        const { state } = advancePress(g.press, e.px, e.py);
        if (!state.dragging) return;
        const at = placeFor(g.ref);
        gesture.current = { ...g, press: state, at };
        updateDraft(moveVertex(strokes, g.ref, at));
      }
      return;
    }
    gesture.current = null;
    const final = draftRef.current;
    updateDraft(null);
    if (g.kind === 'pan') controls.endPan();
    if (e.phase === 'cancel') return;
    if (g.kind === 'move' && !g.press.dragging) {
      controls.pick(refs.findIndex((r) => r.stroke === g.ref.stroke && r.index === g.ref.index));
      return;
    }
    if (g.kind === 'moveTo') {
      commitStrokes(
        moveVertex(strokes, g.ref, g.at),
        t('graph-console.point-moved', { point: formatPoint(view, g.at) }),
      );
      return;
    }
    if (!final) return;
    if (g.kind === 'draw') {
      const stroke = final[final.length - 1] ?? [];
      const span = drawingSpan([stroke]);
      commitStrokes(
        final,
        span
          ? t('graph-console.stroke-drawn', { from: formatX(view, span.from), to: formatX(view, span.to) })
          : '',
      );
    } else if (g.kind === 'erase' && g.changed) {
      commitStrokes(final, t('graph-console.erased', { count: pointCount(final) }));
    } else if (g.kind === 'create') {
      commitStrokes(final, t('graph-console.point-placed', { point: formatPoint(view, g.at) }));
    } else if (g.kind === 'move') {
      commitStrokes(final, t('graph-console.point-moved', { point: formatPoint(view, g.at) }));
    }
  };

  const clear = () => {
    setKeyboardStroke(false);
    commit({ strokes: [], inRadians }, t('graph-console.cleared'));
    setTool(toolAfterClear());
  };

  const toggleRadians = () => {
    const next = !inRadians;
    commit({ strokes, inRadians: next }, t(next ? 'graph-console.radians-on' : 'graph-console.radians-off'));
  };

  const shown = draft ?? strokes;
  const selectedPoint = controls.selected !== null ? (selectable[controls.selected] ?? null) : null;
  const scene = useMemo(
    () => ({
      strokes: shown,
      points: loosePoints(shown),
      pointRadius: POINT_RADIUS_PX.point,
      selected: selectedPoint,
    }),
    [shown, selectedPoint],
  );
  const span = drawingSpan(strokes);
  const description = `${
    span
      ? t('graph-console.freehand-summary', {
          count: pointCount(strokes),
          from: formatX(view, span.from),
          to: formatX(view, span.to),
        })
      : t('graph-console.freehand-empty')
  } ${controls.scaleText()}`;

  return (
    <div
      className="kib-root kib-graph-console kib-function-console"
      role={label ? 'group' : undefined}
      aria-label={label}
      {...rootProps}
    >
      <WidgetStyles css={graphCss} />
      <GraphToolbar label={t('graph-console.tools')}>
        {FREEHAND_TOOLS.map((id) => (
          <button
            key={id}
            type="button"
            className="kib-button"
            aria-pressed={tool === id}
            disabled={disabled}
            onClick={() => setTool(id)}
          >
            {t(TOOL_LABELS[id])}
          </button>
        ))}
        <button
          type="button"
          className="kib-button"
          disabled={disabled || strokes.length === 0}
          onClick={clear}
        >
          {t('graph-console.clear')}
        </button>
        <button type="button" className="kib-button" disabled={disabled} onClick={toggleRadians}>
          {t(inRadians ? 'graph-console.to-integers' : 'graph-console.to-radians')}
        </button>
        <ZoomButtons
          zoomInLabel={t('graph-console.zoom-in')}
          zoomOutLabel={t('graph-console.zoom-out')}
          disabled={disabled}
          onZoom={controls.zoom}
        />
      </GraphToolbar>
      <CartesianBoard
        size={SIZE}
        view={view}
        scene={scene}
        label={t('graph-console.board')}
        description={description}
        instructions={t('graph-console.instructions-freehand')}
        cursor={controls.cursor}
        disabled={disabled}
        lang={lang}
        pointerCursor={TOOL_CURSORS[tool]}
        onPointer={onPointer}
        onCommand={controls.onCommand}
        onZoom={controls.onWheelZoom}
      />
      <FeedbackBadge badge={badge} visible={visible} />
      {region}
    </div>
  );
}
