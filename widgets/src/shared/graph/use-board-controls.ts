import type { CartesianPoint } from '@kib/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Translate } from '../i18n';
import { cycleSelection, type BoardCommand } from './board-keys';
import type { BoardPointer } from './cartesian-board';
import {
  formatPoint,
  formatX,
  formatY,
  initialCartesianView,
  panView,
  snapPoint,
  stepPoint,
  visibleBox,
  xStep,
  yStep,
  zoomCartesian,
  type BoardSize,
  type CartesianView,
} from './cartesian';
import { beginPress, advancePress, type PressState } from './press';
import type { GridView } from './scale';

/** What a console tells the board controls. */
export interface BoardControlsOptions {
  size: BoardSize;
  /** x-axis in multiples of π (the freehand console's To Radians mode). */
  radians?: boolean;
  /** The points the keyboard can select with N, in order. */
  selectable: readonly CartesianPoint[];
  t: Translate;
  announce: (text: string) => void;
  /** Enter or Space at the keyboard cursor. */
  onActivate: (at: CartesianPoint) => void;
  /** An arrow key with point `index` selected; returns false when the move is refused. */
  onMoveSelected: (index: number, to: CartesianPoint) => boolean;
  /** Delete with point `index` selected. */
  onDeleteSelected: (index: number) => void;
  /** Escape (after the selection is let go). */
  onEscape?: () => void;
}

/**
 * The state every cartesian console shares: the grid view (zoom, pan), the keyboard cursor, the
 * point selected by keyboard, and the handling of board commands (board-keys.ts), with each change
 * read out. The console keeps its answer; this hook only calls back to change it.
 */
export function useBoardControls(options: BoardControlsOptions) {
  const { size, radians = false, selectable, t, announce } = options;
  const [grid, setGrid] = useState<GridView>(() => initialCartesianView());
  const [cursor, setCursor] = useState<CartesianPoint>({ x: 0, y: 0 });
  const [selectedRaw, setSelected] = useState<number | null>(null);
  const view: CartesianView = useMemo(() => ({ ...grid, radians }), [grid, radians]);
  const selected = selectedRaw !== null && selectedRaw < selectable.length ? selectedRaw : null;
  const press = useRef<PressState | null>(null);

  const scaleText = (v: CartesianView) =>
    t('graph-console.scale', { x: formatX(v, xStep(v)), y: formatY(yStep(v)) });

  const zoom = (direction: -1 | 1) => {
    const next = zoomCartesian(view, direction);
    setGrid(next);
    announce(scaleText(next));
  };

  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  /** A stable wheel handler for the board. */
  const onWheelZoom = useCallback((direction: -1 | 1) => zoomRef.current(direction), []);

  /** Starts panning the plane from a press (the move tool, or a drag on empty plane). */
  const startPan = (pointerId: number, px: number, py: number) => {
    press.current = beginPress(pointerId, px, py, 0);
  };
  /** Pans with the pointer; returns false when no pan is under way. */
  const continuePan = (px: number, py: number): boolean => {
    if (!press.current) return false;
    const { state, dx, dy } = advancePress(press.current, px, py);
    press.current = state;
    if (dx !== 0 || dy !== 0) setGrid((g) => panView(g, dx, dy, size));
    return true;
  };
  /**
   * Gives a pointer event to the pan under way, if any: a move pans the plane, a release or a cancel
   * ends the pan. True when the event belonged to the pan (the console then leaves it alone); a
   * press is never the pan's and drops any pan left over.
   */
  const followPan = (e: Pick<BoardPointer, 'phase' | 'px' | 'py'>): boolean => {
    if (e.phase === 'down') press.current = null;
    if (!press.current) return false;
    if (e.phase === 'move') continuePan(e.px, e.py);
    else press.current = null;
    return true;
  };

  /**
   * Selects point `index` by a tap (the alternative to dragging, WCAG 2.5.7): the next tap on the
   * plane moves it there; the arrow keys move it too.
   */
  const pick = (index: number) => {
    const p = selectable[index];
    if (!p) return;
    setSelected(index);
    setCursor(p);
    announce(t('graph-console.point-picked', { point: formatPoint(view, p) }));
  };

  const onCommand = (command: BoardCommand) => {
    const box = visibleBox(view, size);
    switch (command.type) {
      case 'step': {
        if (selected !== null) {
          const from = selectable[selected]!;
          const to = stepPoint(view, from, command.dx, command.dy, command.whole, box);
          if (options.onMoveSelected(selected, to)) setCursor(to);
        } else {
          const to = stepPoint(view, snapPoint(view, cursor), command.dx, command.dy, command.whole, box);
          setCursor(to);
          announce(t('graph-console.cursor-at', { point: formatPoint(view, to) }));
        }
        return;
      }
      case 'activate':
        options.onActivate(snapPoint(view, cursor));
        return;
      case 'select': {
        const next = cycleSelection(selected, selectable.length, command.direction);
        if (next === null) {
          announce(t('graph-console.nothing-to-select'));
          return;
        }
        const p = selectable[next]!;
        setSelected(next);
        setCursor(p);
        announce(
          t('graph-console.point-selected', {
            index: next + 1,
            count: selectable.length,
            point: formatPoint(view, p),
          }),
        );
        return;
      }
      case 'delete':
        if (selected === null) {
          announce(t('graph-console.nothing-selected'));
          return;
        }
        options.onDeleteSelected(selected);
        setSelected(null);
        return;
      case 'escape':
        if (selected !== null) {
          setSelected(null);
          announce(t('graph-console.selection-cleared'));
        }
        options.onEscape?.();
        return;
      case 'zoom':
        zoom(command.direction);
        return;
    }
  };

  return {
    size,
    view,
    setGrid,
    cursor,
    setCursor,
    selected,
    /** The point selected by keyboard or tap, or null. */
    selectedPoint: selected !== null ? (selectable[selected] ?? null) : null,
    setSelected,
    pick,
    zoom,
    onWheelZoom,
    startPan,
    continuePan,
    followPan,
    onCommand,
    scaleText: () => scaleText(view),
  };
}

/** The board controls a cartesian console holds (what useBoardControls returns). */
export type BoardControls = ReturnType<typeof useBoardControls>;
