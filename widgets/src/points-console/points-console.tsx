import type { CartesianPoint } from '@kib/core';
import { useMemo, useRef, useState } from 'react';
import { FeedbackBadge, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { CartesianBoard, type BoardPointer } from '../shared/graph/cartesian-board';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  formatPoint,
  hitPoint,
  hitTolerance,
  snapPoint,
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
  movePoint,
  placePoint,
  pointsFromValue,
  pointsMinDistance,
  removePoint,
  samePoints,
  toolAfterEdit,
  type PointRefusal,
  type PointsTool,
} from './points-console.logic';
import type { PointsConsoleProps } from './points-console.types';

const SIZE = CANVAS_SIZES.points;

const TOOL_LABELS: Record<PointsTool, string> = {
  createPoint: 'graph-console.tool-create-point',
  movePoints: 'graph-console.tool-move-points',
  erase: 'graph-console.tool-erase',
  move: 'graph-console.tool-move',
};

const TOOL_CURSORS = {
  createPoint: 'crosshair',
  movePoints: 'pointer',
  erase: 'cell',
  move: 'grab',
} as const;

type Gesture =
  | { kind: 'pan' }
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
export function PointsConsole({
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
}: PointsConsoleProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [points, setPoints] = useLocalAnswer(value, pointsFromValue, samePoints);
  const [tool, setTool] = useState<PointsTool>('createPoint');
  const [draft, setDraft] = useState<CartesianPoint[] | null>(null);
  const gesture = useRef<Gesture | null>(null);

  const badge = useMemo(() => plotBadge(t, feedback), [t, feedback]);
  const { visible, rootProps } = useFeedbackBadge(badge);

  const commit = (next: CartesianPoint[], message: string) => {
    setPoints(next);
    onAnswer?.(next);
    announce(message);
  };

  const refusal = (reason: PointRefusal, at: CartesianPoint) =>
    reason === 'full'
      ? t('graph-console.points-full')
      : t('graph-console.point-occupied', { point: formatPoint(view, at) });

  const controls = useBoardControls({
    size: SIZE,
    selectable: points,
    t,
    announce,
    onActivate: (at) => {
      const change = placePoint(points, at);
      if (!change.ok) return announce(refusal(change.reason, at));
      commit(change.points, t('graph-console.point-placed', { point: formatPoint(view, at) }));
      setTool(toolAfterEdit());
    },
    onMoveSelected: (index, to) => {
      const change = movePoint(points, index, to);
      if (!change.ok) {
        announce(refusal(change.reason, to));
        return false;
      }
      commit(change.points, t('graph-console.point-moved', { point: formatPoint(view, to) }));
      return true;
    },
    onDeleteSelected: (index) => {
      const p = points[index]!;
      commit(removePoint(points, index), t('graph-console.point-deleted', { point: formatPoint(view, p) }));
    },
  });
  const { view } = controls;

  const eraseUnder = (current: CartesianPoint[], e: BoardPointer): CartesianPoint[] => {
    const i = hitPoint(view, current, e.px, e.py, hitTolerance(e.pointerType));
    if (i < 0) return current;
    const p = current[i]!;
    const next = removePoint(current, i);
    commit(next, t('graph-console.point-deleted', { point: formatPoint(view, p) }));
    return next;
  };

  const onPointer = (e: BoardPointer) => {
    const g = gesture.current;
    if (e.phase === 'down') {
      const selected = controls.selected;
      controls.setSelected(null);
      if (tool === 'move') {
        controls.startPan(e.pointerId, e.px, e.py);
        gesture.current = { kind: 'pan' };
      } else if (tool === 'createPoint') {
        const at = snapPoint(view, e.point);
        gesture.current = { kind: 'create', at };
        setDraft([...points, at]);
      } else if (tool === 'movePoints') {
        const index = hitPoint(view, points, e.px, e.py, hitTolerance(e.pointerType));
        if (index >= 0) {
          const press = beginPress(e.pointerId, e.px, e.py, pointsMinDistance(tool));
          gesture.current = { kind: 'move', index, press, at: points[index]! };
        } else if (selected !== null) {
          gesture.current = { kind: 'moveTo', index: selected, at: snapPoint(view, e.point) };
        }
      } else {
        gesture.current = { kind: 'erase', points: eraseUnder(points, e) };
      }
      return;
    }
    if (!g) return;
    if (e.phase === 'move') {
      if (g.kind === 'pan') controls.continuePan(e.px, e.py);
      else if (g.kind === 'create') {
        const at = snapPoint(view, e.point);
        gesture.current = { kind: 'create', at };
        setDraft([...points, at]);
      } else if (g.kind === 'moveTo') {
        gesture.current = { ...g, at: snapPoint(view, e.point) };
      } else if (g.kind === 'move') {
        const { state } = advancePress(g.press, e.px, e.py);
        if (!state.dragging) return;
        const at = snapPoint(view, e.point);
        gesture.current = { ...g, press: state, at };
        setDraft(points.map((p, i) => (i === g.index ? at : p)));
      } else {
        gesture.current = { kind: 'erase', points: eraseUnder(g.points, e) };
      }
      return;
    }
    gesture.current = null;
    setDraft(null);
    if (g.kind === 'pan') controls.endPan();
    if (e.phase === 'cancel') return;
    if (g.kind === 'create') {
      const change = placePoint(points, g.at);
      if (!change.ok) return announce(refusal(change.reason, g.at));
      commit(change.points, t('graph-console.point-placed', { point: formatPoint(view, g.at) }));
      setTool(toolAfterEdit());
    } else if (g.kind === 'move' && !g.press.dragging) {
      controls.pick(g.index);
    } else if (g.kind === 'move' || g.kind === 'moveTo') {
      if (samePoints([g.at], [points[g.index]!])) return;
      const change = movePoint(points, g.index, g.at);
      if (!change.ok) return announce(refusal(change.reason, g.at));
      commit(change.points, t('graph-console.point-moved', { point: formatPoint(view, g.at) }));
      setTool(toolAfterEdit());
    }
  };

  const shown = draft ?? points;
  const selectedPoint = controls.selected !== null ? (points[controls.selected] ?? null) : null;
  const scene = useMemo(
    () => ({ points: shown, pointRadius: POINT_RADIUS_PX.point, selected: selectedPoint }),
    [shown, selectedPoint],
  );
  const description = `${
    points.length === 0
      ? t('graph-console.points-empty')
      : t('graph-console.points-list', { list: points.map((p) => formatPoint(view, p)).join('; ') })
  } ${controls.scaleText()}`;

  return (
    <div
      className="kib-root kib-graph-console kib-points-console"
      role={label ? 'group' : undefined}
      aria-label={label}
      {...rootProps}
    >
      <WidgetStyles css={graphCss} />
      <GraphToolbar label={t('graph-console.tools')}>
        {(['createPoint', 'movePoints', 'erase', 'move'] as const).map((id) => (
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
        instructions={t('graph-console.instructions-points')}
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
