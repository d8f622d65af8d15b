import type { CartesianPoint } from '@kib/core';
import { useMemo, useState } from 'react';
import { useBoardGesture } from '../shared/graph/board-gesture';
import type { BoardPointer } from '../shared/graph/cartesian-board';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  formatPoint,
  hitPoint,
  hitTolerance,
  snapPoint,
} from '../shared/graph/cartesian';
import { CartesianConsoleFrame, useCartesianConsole } from '../shared/graph/cartesian-console';
import { TOOL_CURSORS, ToolButtons, pressMinDistance } from '../shared/graph/graph-toolbar';
import { advancePress, beginPress, type PressState } from '../shared/graph/press';
import { useBoardControls } from '../shared/graph/use-board-controls';
import {
  POINTS_MODEL,
  POINTS_TOOLS,
  movePoint,
  placePoint,
  removePoint,
  samePoints,
  toolAfterEdit,
  type PointsChange,
  type PointsTool,
} from './points-console.logic';
import type { PointsConsoleProps } from './points-console.types';

type Gesture =
  | { kind: 'create'; at: CartesianPoint }
  | { kind: 'move'; index: number; press: PressState; at: CartesianPoint }
  | { kind: 'moveTo'; index: number; at: CartesianPoint }
  | { kind: 'erase'; points: CartesianPoint[] };

/**
 * The set-points console (setPointCartesianPlane, setMultiPointPlane; spec 02 §3–§4): the student
 * places points on a cartesian plane (snapped to half a scale step), moves and erases them, pans and
 * zooms the plane, with the mouse, a finger or the keyboard. Reports the placed points after every
 * change; after placing or moving a point the tool returns to move.
 */
export function PointsConsole(props: PointsConsoleProps) {
  const { t, announce, local: points, commit, frame } = useCartesianConsole(props, POINTS_MODEL, 'points');
  const [tool, setTool] = useState<PointsTool>('createPoint');
  const [draft, setDraft] = useState<CartesianPoint[] | null>(null);

  /** Applies a change, reading out `done` at `at` or why it was refused; true when it was made. */
  const apply = (
    change: PointsChange,
    at: CartesianPoint,
    done: 'graph-console.point-placed' | 'graph-console.point-moved',
  ): boolean => {
    if (!change.ok) {
      announce(
        change.reason === 'full'
          ? t('graph-console.points-full')
          : t('graph-console.point-occupied', { point: formatPoint(view, at) }),
      );
      return false;
    }
    commit(change.points, t(done, { point: formatPoint(view, at) }));
    return true;
  };

  const controls = useBoardControls({
    size: CANVAS_SIZES.points,
    selectable: points,
    t,
    announce,
    onActivate: (at) => {
      if (apply(placePoint(points, at), at, 'graph-console.point-placed')) setTool(toolAfterEdit());
    },
    onMoveSelected: (index, to) => apply(movePoint(points, index, to), to, 'graph-console.point-moved'),
    onDeleteSelected: (index) => {
      const p = points[index]!;
      commit(removePoint(points, index), t('graph-console.point-deleted', { point: formatPoint(view, p) }));
    },
  });
  const { view, selectedPoint } = controls;

  const eraseUnder = (current: CartesianPoint[], e: BoardPointer): CartesianPoint[] => {
    const i = hitPoint(view, current, e.px, e.py, hitTolerance(e.pointerType));
    if (i < 0) return current;
    const p = current[i]!;
    const next = removePoint(current, i);
    commit(next, t('graph-console.point-deleted', { point: formatPoint(view, p) }));
    return next;
  };

  const onPointer = useBoardGesture<Gesture>(controls, {
    down: (e, selected) => {
      if (tool === 'move') {
        controls.startPan(e.pointerId, e.px, e.py);
        return null;
      }
      if (tool === 'createPoint') {
        const at = snapPoint(view, e.point);
        setDraft([...points, at]);
        return { kind: 'create', at };
      }
      if (tool === 'erase') return { kind: 'erase', points: eraseUnder(points, e) };
      const index = hitPoint(view, points, e.px, e.py, hitTolerance(e.pointerType));
      if (index >= 0) {
        const press = beginPress(e.pointerId, e.px, e.py, pressMinDistance(tool));
        return { kind: 'move', index, press, at: points[index]! };
      }
      return selected !== null ? { kind: 'moveTo', index: selected, at: snapPoint(view, e.point) } : null;
    },
    move: (e, g) => {
      if (g.kind === 'erase') return { kind: 'erase', points: eraseUnder(g.points, e) };
      const at = snapPoint(view, e.point);
      if (g.kind === 'create') {
        setDraft([...points, at]);
        return { kind: 'create', at };
      }
      if (g.kind === 'moveTo') return { ...g, at };
      const { state } = advancePress(g.press, e.px, e.py);
      if (!state.dragging) return g;
      setDraft(points.map((p, i) => (i === g.index ? at : p)));
      return { ...g, press: state, at };
    },
    up: (_e, g) => {
      if (g.kind === 'create') {
        if (apply(placePoint(points, g.at), g.at, 'graph-console.point-placed')) setTool(toolAfterEdit());
      } else if (g.kind === 'move' && !g.press.dragging) {
        controls.pick(g.index);
      } else if (g.kind === 'move' || g.kind === 'moveTo') {
        if (samePoints([g.at], [points[g.index]!])) return;
        if (apply(movePoint(points, g.index, g.at), g.at, 'graph-console.point-moved'))
          setTool(toolAfterEdit());
      }
    },
    settle: () => setDraft(null),
  });

  const shown = draft ?? points;
  const scene = useMemo(
    () => ({ points: shown, pointRadius: POINT_RADIUS_PX.point, selected: selectedPoint }),
    [shown, selectedPoint],
  );

  return (
    <CartesianConsoleFrame
      frame={frame}
      className="kib-points-console"
      controls={controls}
      tools={
        <ToolButtons tools={POINTS_TOOLS} current={tool} t={t} disabled={frame.disabled} onSelect={setTool} />
      }
      scene={scene}
      summary={
        points.length === 0
          ? t('graph-console.points-empty')
          : t('graph-console.points-list', { list: points.map((p) => formatPoint(view, p)).join('; ') })
      }
      instructions={t('graph-console.instructions-points')}
      pointerCursor={TOOL_CURSORS[tool]}
      onPointer={onPointer}
    />
  );
}
