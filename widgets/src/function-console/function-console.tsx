import { LIMITS, type CartesianPoint } from '@kib/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useBoardGesture } from '../shared/graph/board-gesture';
import type { BoardPointer } from '../shared/graph/cartesian-board';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  TOOL_MIN_DISTANCE_PX,
  formatPoint,
  formatX,
  hitTolerance,
  snapPoint,
  tidyPoint,
} from '../shared/graph/cartesian';
import { CartesianConsoleFrame, useCartesianConsole } from '../shared/graph/cartesian-console';
import { TOOL_CURSORS, ToolButtons, pressMinDistance } from '../shared/graph/graph-toolbar';
import { advancePress, beginPress, type PressState } from '../shared/graph/press';
import { useBoardControls } from '../shared/graph/use-board-controls';
import {
  DRAWING_MODEL,
  FREEHAND_TOOLS,
  drawingPoints,
  drawingSpan,
  eraseAt,
  extendStroke,
  loosePoints,
  moveVertex,
  pointCount,
  removeVertex,
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

type Gesture =
  | { kind: 'draw' }
  | { kind: 'erase'; changed: boolean }
  | { kind: 'create'; at: CartesianPoint }
  | { kind: 'move'; ref: VertexRef; press: PressState; at: CartesianPoint }
  | { kind: 'moveTo'; ref: VertexRef; at: CartesianPoint };

/**
 * The freehand function console (plotFunction; spec 02 §3–§4): the student draws the graph of a
 * function on a cartesian plane with a finger, the mouse or the keyboard (Enter adds a point to the
 * stroke at the cursor, Escape ends it). Tools: draw, erase, move the plane, create a point, move
 * points; Clear empties the drawing and returns to draw; To Radians / To Integers labels the x-axis
 * in multiples of π or in numbers. Reports {points, inRadians} after every change.
 */
export function FunctionConsole(props: FunctionConsoleProps) {
  const {
    t,
    announce,
    local: drawing,
    commit,
    frame,
  } = useCartesianConsole(props, DRAWING_MODEL, 'plotFunction');
  const { strokes, inRadians } = drawing;
  const [tool, setTool] = useState<FreehandTool>('draw');
  const [draft, setDraft] = useState<Strokes | null>(null);
  const [keyboardStroke, setKeyboardStroke] = useState(false);
  const draftRef = useRef<Strokes | null>(null);

  const updateDraft = useCallback((next: Strokes | null) => {
    draftRef.current = next;
    setDraft(next);
  }, []);

  const commitStrokes = (next: Strokes, message: string) => commit({ strokes: next, inRadians }, message);

  const refs = useMemo(() => vertexRefs(strokes), [strokes]);
  const selectable = useMemo(() => drawingPoints(strokes), [strokes]);

  const controls = useBoardControls({
    size: CANVAS_SIZES.freehand,
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
  const { view, selectedPoint } = controls;

  // A created point stays on the grid; a point of a drawn stroke follows the pointer freely.
  const placeFor = (ref: VertexRef, e: BoardPointer) =>
    (strokes[ref.stroke]?.length ?? 0) === 1 ? snapPoint(view, e.point) : tidyPoint(view, e.point);

  /** The drawing with a new stroke started at `at`, shown as a draft; null (and said why) when full. */
  const startDraft = (at: CartesianPoint): Strokes | null => {
    const next = startStroke(strokes, at);
    if (next) updateDraft(next);
    else announce(t('graph-console.drawing-full'));
    return next;
  };

  const onPointer = useBoardGesture<Gesture>(controls, {
    down: (e, selectedIndex) => {
      const selected = selectedIndex !== null ? refs[selectedIndex] : undefined;
      setKeyboardStroke(false);
      if (tool === 'move') {
        controls.startPan(e.pointerId, e.px, e.py);
        return null;
      }
      if (tool === 'draw') return startDraft(tidyPoint(view, e.point)) ? { kind: 'draw' } : null;
      if (tool === 'erase') {
        const next = eraseAt(strokes, view, e.px, e.py, hitTolerance(e.pointerType));
        updateDraft(next);
        return { kind: 'erase', changed: next !== strokes };
      }
      if (tool === 'createPoint') {
        const at = snapPoint(view, e.point);
        return startDraft(at) ? { kind: 'create', at } : null;
      }
      const ref = vertexAt(strokes, view, e.px, e.py, hitTolerance(e.pointerType));
      const p = ref ? vertex(strokes, ref) : undefined;
      if (ref && p) {
        const press = beginPress(e.pointerId, e.px, e.py, pressMinDistance(tool));
        return { kind: 'move', ref, press, at: p };
      }
      return selected ? { kind: 'moveTo', ref: selected, at: placeFor(selected, e) } : null;
    },
    move: (e, g) => {
      const current = draftRef.current ?? strokes;
      if (g.kind === 'draw') {
        const next = extendStroke(current, view, tidyPoint(view, e.point), TOOL_MIN_DISTANCE_PX.draw);
        if (next) updateDraft(next);
        return g;
      }
      if (g.kind === 'erase') {
        const next = eraseAt(current, view, e.px, e.py, hitTolerance(e.pointerType));
        if (next === current) return g;
        updateDraft(next);
        return { kind: 'erase', changed: true };
      }
      if (g.kind === 'create') {
        const at = snapPoint(view, e.point);
        updateDraft([...strokes, [at]]);
        return { kind: 'create', at };
      }
      if (g.kind === 'moveTo') return { ...g, at: placeFor(g.ref, e) };
      const { state } = advancePress(g.press, e.px, e.py);
      if (!state.dragging) return g;
      const at = placeFor(g.ref, e);
      updateDraft(moveVertex(strokes, g.ref, at));
      return { ...g, press: state, at };
    },
    up: (_e, g) => {
      const final = draftRef.current;
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
    },
    settle: () => updateDraft(null),
  });

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

  return (
    <CartesianConsoleFrame
      frame={frame}
      className="kib-function-console"
      controls={controls}
      tools={
        <>
          <ToolButtons
            tools={FREEHAND_TOOLS}
            current={tool}
            t={t}
            disabled={frame.disabled}
            onSelect={setTool}
          />
          <button
            type="button"
            className="kib-button"
            disabled={frame.disabled || strokes.length === 0}
            onClick={clear}
          >
            {t('graph-console.clear')}
          </button>
          <button type="button" className="kib-button" disabled={frame.disabled} onClick={toggleRadians}>
            {t(inRadians ? 'graph-console.to-integers' : 'graph-console.to-radians')}
          </button>
        </>
      }
      scene={scene}
      summary={
        span
          ? t('graph-console.freehand-summary', {
              count: pointCount(strokes),
              from: formatX(view, span.from),
              to: formatX(view, span.to),
            })
          : t('graph-console.freehand-empty')
      }
      instructions={t('graph-console.instructions-freehand')}
      pointerCursor={TOOL_CURSORS[tool]}
      onPointer={onPointer}
    />
  );
}
