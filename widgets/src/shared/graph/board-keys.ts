/**
 * The keyboard of a cartesian board (WCAG 2.1.1): what each key means, the same on every console.
 * Arrows move the cursor (or the selected point) half a scale step, a whole one with Shift; Enter or
 * Space acts at the cursor; N and Shift+N select the next or previous point; Delete removes it;
 * Escape lets go (and ends a freehand stroke); + and − zoom. Tab is left alone, so focus never traps.
 */

/** A keyboard command of the board. */
export type BoardCommand =
  | { type: 'step'; dx: -1 | 0 | 1; dy: -1 | 0 | 1; whole: boolean }
  | { type: 'activate' }
  | { type: 'escape' }
  | { type: 'select'; direction: 1 | -1 }
  | { type: 'delete' }
  | { type: 'zoom'; direction: -1 | 1 };

/** The parts of a keyboard event the board reads. */
export interface BoardKey {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** The command of a key press, or null for keys the board leaves to the browser (Tab, shortcuts). */
export function boardCommand(event: BoardKey): BoardCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const whole = event.shiftKey;
  switch (event.key) {
    case 'ArrowLeft':
      return { type: 'step', dx: -1, dy: 0, whole };
    case 'ArrowRight':
      return { type: 'step', dx: 1, dy: 0, whole };
    case 'ArrowUp':
      return { type: 'step', dx: 0, dy: 1, whole };
    case 'ArrowDown':
      return { type: 'step', dx: 0, dy: -1, whole };
    case 'Enter':
    case ' ':
      return { type: 'activate' };
    case 'Escape':
      return { type: 'escape' };
    case 'n':
    case 'N':
      return { type: 'select', direction: whole ? -1 : 1 };
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' };
    case '+':
    case '=':
      return { type: 'zoom', direction: -1 };
    case '-':
    case '_':
    case '\u2212':
      return { type: 'zoom', direction: 1 };
    default:
      return null;
  }
}

/**
 * The index selected after pressing N (`direction` 1) or Shift+N (−1) among `count` points, from the
 * current selection (`null`: none); wraps around; null when there is nothing to select.
 */
export function cycleSelection(current: number | null, count: number, direction: 1 | -1): number | null {
  if (count <= 0) return null;
  if (current === null || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
