import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

/** The index of the button focused after a key in a toolbar of `count` buttons, or null for other keys. */
export function toolbarTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

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
    const to = toolbarTarget(event.key, from, buttons.length);
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

/**
 * The tool buttons of a graph console, one per tool, the tool in use pressed (aria-pressed): placed
 * in a GraphToolbar.
 */
export function ToolButtons<Tool extends string>({
  tools,
  current,
  label,
  disabled,
  onSelect,
}: {
  tools: readonly Tool[];
  current: Tool;
  /** The visible name of a tool. */
  label: (tool: Tool) => string;
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
          {label(id)}
        </button>
      ))}
    </>
  );
}
