import type { CartesianPoint } from '@kib/core';
import { useMemo, useState } from 'react';
import { useBoardGesture } from '../shared/graph/board-gesture';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  TOOL_MIN_DISTANCE_PX,
  formatPoint,
  hitPoint,
  hitTolerance,
  snapPoint,
} from '../shared/graph/cartesian';
import { CartesianConsoleFrame, useCartesianConsole } from '../shared/graph/cartesian-console';
import { advancePress, beginPress, type PressState } from '../shared/graph/press';
import { useBoardControls } from '../shared/graph/use-board-controls';
import {
  LINE_MODEL,
  moveLinePoint,
  placeLinePoint,
  removeLinePoint,
  type LineChange,
  type LinePoints,
} from './line-console.logic';
import type { LineConsoleProps } from './line-console.types';

type Gesture =
  | { kind: 'place'; press: PressState; at: CartesianPoint }
  | { kind: 'moveTo'; index: number; press: PressState; at: CartesianPoint }
  | { kind: 'drag'; index: number; press: PressState; at: CartesianPoint };

/**
 * The two-point line console (plotLinearEquation; spec 02 §3–§5): the student places two points
 * (snapped to half a scale step) and drags them; the line through them is drawn across the plane.
 * A second point on top of the first is refused. Dragging the empty plane pans it, the wheel and
 * the + and − buttons zoom. Reports [p1, p2] after every change once both points are placed.
 */
export function LineConsole(props: LineConsoleProps) {
  const {
    t,
    announce,
    local: points,
    commit,
    frame,
  } = useCartesianConsole(props, LINE_MODEL, 'plotLinearEquation');
  const [draft, setDraft] = useState<LinePoints | null>(null);

  const describeLine = (next: LinePoints): string =>
    next.length === 2
      ? t('graph-console.line-complete', { a: formatPoint(view, next[0]), b: formatPoint(view, next[1]) })
      : next.length === 1
        ? t('graph-console.line-one', { a: formatPoint(view, next[0]) })
        : t('graph-console.line-empty');

  /** Applies a change, reports the answer when the line is complete, and reads out what happened. */
  const apply = (change: LineChange, at: CartesianPoint, kind: 'place' | 'move'): boolean => {
    if (!change.ok) {
      announce(
        change.reason === 'same-point'
          ? t('graph-console.line-same-point')
          : t('graph-console.line-complete-hint'),
      );
      return false;
    }
    const next = change.points;
    commit(
      next,
      kind === 'move'
        ? `${t('graph-console.point-moved', { point: formatPoint(view, at) })} ${describeLine(next)}`
        : next.length === 1
          ? t('graph-console.line-first-placed', { point: formatPoint(view, at) })
          : t('graph-console.line-drawn', { a: formatPoint(view, next[0]!), b: formatPoint(view, next[1]!) }),
    );
    return true;
  };

  const controls = useBoardControls({
    size: CANVAS_SIZES.line,
    selectable: points,
    t,
    announce,
    onActivate: (at) => {
      apply(placeLinePoint(points, at), at, 'place');
    },
    onMoveSelected: (index, to) => apply(moveLinePoint(points, index, to), to, 'move'),
    onDeleteSelected: (index) => {
      if (points.length === 2) return announce(t('graph-console.line-keep-two'));
      const p = points[index]!;
      commit(
        removeLinePoint(points, index),
        t('graph-console.point-deleted', { point: formatPoint(view, p) }),
      );
    },
  });
  const { view, selectedPoint } = controls;

  const onPointer = useBoardGesture<Gesture>(controls, {
    down: (e, selected) => {
      const index = hitPoint(view, points, e.px, e.py, hitTolerance(e.pointerType));
      const press = beginPress(e.pointerId, e.px, e.py, TOOL_MIN_DISTANCE_PX.other);
      const at = snapPoint(view, e.point);
      if (index >= 0) return { kind: 'drag', index, press, at: points[index]! };
      if (points.length < 2) return { kind: 'place', press, at };
      if (selected !== null) return { kind: 'moveTo', index: selected, press, at };
      controls.startPan(e.pointerId, e.px, e.py);
      return null;
    },
    move: (e, g) => {
      const { state } = advancePress(g.press, e.px, e.py);
      if (!state.dragging) return g;
      if (g.kind === 'place' || g.kind === 'moveTo') {
        // A press on empty plane that travels is a pan, not a point.
        controls.startPan(e.pointerId, g.press.startPx, g.press.startPy);
        controls.continuePan(e.px, e.py);
        return null;
      }
      const at = snapPoint(view, e.point);
      setDraft(points.map((p, i) => (i === g.index ? at : p)) as unknown as LinePoints);
      return { ...g, press: state, at };
    },
    up: (e, g) => {
      if (g.kind === 'place') apply(placeLinePoint(points, g.at), g.at, 'place');
      else if (g.kind === 'drag' && g.press.dragging) {
        const from = points[g.index]!;
        if (from.x !== g.at.x || from.y !== g.at.y) apply(moveLinePoint(points, g.index, g.at), g.at, 'move');
      } else if (g.kind === 'drag' && points.length < 2) {
        // A tap on the lone first point is an attempt to place the second one there: say why not.
        const at = snapPoint(view, e.point);
        apply(placeLinePoint(points, at), at, 'place');
      } else if (g.kind === 'drag') {
        controls.pick(g.index);
      } else if (g.kind === 'moveTo') {
        apply(moveLinePoint(points, g.index, g.at), g.at, 'move');
      }
    },
    settle: () => setDraft(null),
  });

  const shown = draft ?? points;
  const scene = useMemo(
    () => ({
      points: shown,
      pointRadius: POINT_RADIUS_PX.linePoint,
      line: shown.length === 2 ? ([shown[0], shown[1]] as const) : null,
      selected: selectedPoint,
    }),
    [shown, selectedPoint],
  );

  return (
    <CartesianConsoleFrame
      frame={frame}
      className="kib-line-console"
      controls={controls}
      scene={scene}
      summary={describeLine(points)}
      instructions={t('graph-console.instructions-line')}
      pointerCursor={points.length < 2 ? 'crosshair' : 'grab'}
      onPointer={onPointer}
    />
  );
}
