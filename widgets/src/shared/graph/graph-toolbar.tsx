import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { Translate } from '../i18n';
import { rovingTarget } from '../roving-focus';
import { TOOL_MIN_DISTANCE_PX } from './cartesian';
import type { CartesianBoardProps } from './cartesian-board';

/**
 * The tool buttons of a graph console as an ARIA toolbar: one Tab stop (the last button used), the
 * arrow keys, Home and End move between the buttons that are enabled.
 */
export function GraphToolbar({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef(0);

  const enabledButtons = () =>
    [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter((b) => !b.disabled);

  const sync = () => {
    const buttons = enabledButtons();
    if (current.current >= buttons.length) current.current = 0;
    buttons.forEach((b, i) => {
      b.tabIndex = i === current.current ? 0 : -1;
    });
  };
  // After every render: buttons appear, disappear or get disabled with the console's state.
  useLayoutEffect(sync);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target: EventTarget = event.target;
    const index = enabledButtons().findIndex((b) => b === target);
    if (index >= 0) {
      current.current = index;
      sync();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = enabledButtons();
    const target: EventTarget = event.target;
    const from = buttons.findIndex((b) => b === target);
    if (from < 0) return;
    const to = rovingTarget(event.key, from, buttons.length, 'both');
    if (to === null) return;
    event.preventDefault();
    current.current = to;
    sync();
    buttons[to]!.focus();
  };

  return (
    <div
      ref={ref}
      className="kib-toolbar kib-graph-console__toolbar"
      role="toolbar"
      aria-label={label}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

/** The zoom buttons of a graph console: + and − with their names for screen readers. */
export function ZoomButtons({
  zoomInLabel,
  zoomOutLabel,
  disabled,
  onZoom,
}: {
  zoomInLabel: string;
  zoomOutLabel: string;
  disabled: boolean;
  onZoom: (direction: -1 | 1) => void;
}) {
  return (
    <>
      <button type="button" className="kib-button" disabled={disabled} onClick={() => onZoom(-1)}>
        <span aria-hidden="true" className="kib-graph-console__zoom">
          +
        </span>
        <span className="kib-visually-hidden">{zoomInLabel}</span>
      </button>
      <button type="button" className="kib-button" disabled={disabled} onClick={() => onZoom(1)}>
        <span aria-hidden="true" className="kib-graph-console__zoom">
          −
        </span>
        <span className="kib-visually-hidden">{zoomOutLabel}</span>
      </button>
    </>
  );
}

/** A tool of a cartesian console (spec 02 §4). */
export type GraphTool = 'draw' | 'erase' | 'move' | 'createPoint' | 'movePoints';

const TOOL_LABELS: Record<GraphTool, string> = {
  draw: 'graph-console.tool-draw',
  erase: 'graph-console.tool-erase',
  move: 'graph-console.tool-move',
  createPoint: 'graph-console.tool-create-point',
  movePoints: 'graph-console.tool-move-points',
};

/** The CSS cursor over the board while a tool is in use. */
export const TOOL_CURSORS = {
  draw: 'crosshair',
  erase: 'cell',
  move: 'grab',
  createPoint: 'crosshair',
  movePoints: 'pointer',
} as const satisfies Record<GraphTool, CartesianBoardProps['pointerCursor']>;

/** How far a press travels with a tool before it drags (spec 02 §9): at once when moving the plane, else 3 px. */
export function pressMinDistance(tool: GraphTool): number {
  return tool === 'move' ? TOOL_MIN_DISTANCE_PX.move : TOOL_MIN_DISTANCE_PX.other;
}

/**
 * The tool buttons of a cartesian console, one per tool in the order given, the tool in use
 * pressed (aria-pressed): placed in a GraphToolbar.
 */
export function ToolButtons<Tool extends GraphTool>({
  tools,
  current,
  t,
  disabled,
  onSelect,
}: {
  tools: readonly Tool[];
  current: Tool;
  t: Translate;
  disabled: boolean;
  onSelect: (tool: Tool) => void;
}) {
  return (
    <>
      {tools.map((id) => (
        <button
          key={id}
          type="button"
          className="kib-button"
          aria-pressed={current === id}
          disabled={disabled}
          onClick={() => onSelect(id)}
        >
          {t(TOOL_LABELS[id])}
        </button>
      ))}
    </>
  );
}
