import type { CartesianPoint } from '@kib/core';
import { useMemo, useRef, useState } from 'react';
import { FeedbackBadge, useFeedbackBadge } from '../shared/feedback-badge/feedback-badge';
import { CartesianBoard, type BoardPointer } from '../shared/graph/cartesian-board';
import {
  CANVAS_SIZES,
  POINT_RADIUS_PX,
  TOOL_MIN_DISTANCE_PX,
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
  lineAnswer,
  linePointsFromValue,
  moveLinePoint,
  placeLinePoint,
  removeLinePoint,
  sameLine,
  type LineChange,
  type LinePoints,
} from './line-console.logic';
import type { LineConsoleProps } from './line-console.types';

const SIZE = CANVAS_SIZES.line;

type Gesture =
  | { kind: 'pan' }
  | { kind: 'place'; press: PressState; at: CartesianPoint }
  | { kind: 'moveTo'; index: number; press: PressState; at: CartesianPoint }
  | { kind: 'drag'; index: number; press: PressState; at: CartesianPoint };

/**
 * The two-point line console (plotLinearEquation; spec 02 §3–§5): the student places two points
 * (snapped to half a scale step) and drags them; the line through them is drawn across the plane.
 * A second point on top of the first is refused. Dragging the empty plane pans it, the wheel and
 * the + and − buttons zoom. Reports [p1, p2] after every change once both points are placed.
 */
export function LineConsole({ value, onAnswer, feedback, disabled = false, lang, label }: LineConsoleProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [points, setPoints] = useLocalAnswer(value, linePointsFromValue, sameLine);
  const [draft, setDraft] = useState<LinePoints | null>(null);
  const gesture = useRef<Gesture | null>(null);

  const badge = useMemo(() => plotBadge(t, feedback), [t, feedback]);
  const { visible, rootProps } = useFeedbackBadge(badge);

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
    setPoints(next);
    const answer = lineAnswer(next);
    if (answer) onAnswer?.(answer);
    if (kind === 'place') {
      announce(
        next.length === 1
          ? t('graph-console.line-first-placed', { point: formatPoint(view, at) })
          : t('graph-console.line-drawn', {
              a: formatPoint(view, next[0]!),
              b: formatPoint(view, next[1]!),
            }),
      );
    } else {
      announce(`${t('graph-console.point-moved', { point: formatPoint(view, at) })} ${describeLine(next)}`);
    }
    return true;
  };

  const controls = useBoardControls({
    size: SIZE,
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
      setPoints(removeLinePoint(points, index));
      announce(t('graph-console.point-deleted', { point: formatPoint(view, p) }));
    },
  });
  const { view } = controls;

  const onPointer = (e: BoardPointer) => {
    const g = gesture.current;
    if (e.phase === 'down') {
      const selected = controls.selected;
      controls.setSelected(null);
      const index = hitPoint(view, points, e.px, e.py, hitTolerance(e.pointerType));
      const press = beginPress(e.pointerId, e.px, e.py, TOOL_MIN_DISTANCE_PX.other);
      const at = snapPoint(view, e.point);
      if (index >= 0) gesture.current = { kind: 'drag', index, press, at: points[index]! };
      else if (points.length < 2) gesture.current = { kind: 'place', press, at };
      else if (selected !== null) gesture.current = { kind: 'moveTo', index: selected, press, at };
      else {
        controls.startPan(e.pointerId, e.px, e.py);
        gesture.current = { kind: 'pan' };
      }
      return;
    }
    if (!g) return;
    if (e.phase === 'move') {
      if (g.kind === 'pan') controls.continuePan(e.px, e.py);
      else if (g.kind === 'place' || g.kind === 'moveTo') {
        // A press on empty plane that travels is a pan, not a point.
        const { state } = advancePress(g.press, e.px, e.py);
        if (!state.dragging) return;
        controls.startPan(e.pointerId, g.press.startPx, g.press.startPy);
        controls.continuePan(e.px, e.py);
        gesture.current = { kind: 'pan' };
      } else {
        const { state } = advancePress(g.press, e.px, e.py);
        if (!state.dragging) return;
        const at = snapPoint(view, e.point);
        gesture.current = { ...g, press: state, at };
        setDraft(points.map((p, i) => (i === g.index ? at : p)) as unknown as LinePoints);
      }
      return;
    }
    gesture.current = null;
    setDraft(null);
    if (g.kind === 'pan') controls.endPan();
    if (e.phase === 'cancel') return;
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
  };

  const shown = draft ?? points;
  const selectedPoint = controls.selected !== null ? (points[controls.selected] ?? null) : null;
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
    <div
      className="kib-root kib-graph-console kib-line-console"
      role={label ? 'group' : undefined}
      aria-label={label}
      {...rootProps}
    >
      <WidgetStyles css={graphCss} />
      <GraphToolbar label={t('graph-console.tools')}>
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
        description={`${describeLine(points)} ${controls.scaleText()}`}
        instructions={t('graph-console.instructions-line')}
        cursor={controls.cursor}
        disabled={disabled}
        lang={lang}
        pointerCursor={points.length < 2 ? 'crosshair' : 'grab'}
        onPointer={onPointer}
        onCommand={controls.onCommand}
        onZoom={controls.onWheelZoom}
      />
      <FeedbackBadge badge={badge} visible={visible} />
      {region}
    </div>
  );
}
