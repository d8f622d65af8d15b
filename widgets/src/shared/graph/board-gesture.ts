import { useRef } from 'react';
import type { BoardPointer } from './cartesian-board';
import type { BoardControls } from './use-board-controls';

/** How a cartesian console handles a press on its board, phase by phase (`G` is its gesture). */
export interface GestureHandlers<G> {
  /**
   * A press: the gesture it starts, or null for none (after starting a pan, say). `selected` is the
   * point that was selected; the selection is let go before this is called.
   */
  down: (e: BoardPointer, selected: number | null) => G | null;
  /** A move while pressed: the gesture as it goes on, or null once it has turned into a pan. */
  move: (e: BoardPointer, gesture: G) => G | null;
  /** The release (not a cancel): the console applies the gesture. */
  up: (e: BoardPointer, gesture: G) => void;
  /** After a release or a cancel: clear what the gesture drew meanwhile. */
  settle: () => void;
}

/**
 * The pointer handler every cartesian console gives its board: a pan under way (board controls)
 * takes the moves and the release; otherwise a press lets go of the selection and starts the
 * console's gesture, moves carry it on, and a release applies it; a cancel only settles it.
 */
export function useBoardGesture<G>(controls: BoardControls, handlers: GestureHandlers<G>) {
  const gesture = useRef<G | null>(null);
  return (e: BoardPointer) => {
    if (controls.followPan(e)) return;
    if (e.phase === 'down') {
      const selected = controls.selected;
      controls.setSelected(null);
      gesture.current = handlers.down(e, selected);
      return;
    }
    const g = gesture.current;
    if (g === null) return;
    if (e.phase === 'move') {
      gesture.current = handlers.move(e, g);
      return;
    }
    gesture.current = null;
    if (e.phase === 'up') handlers.up(e, g);
    handlers.settle();
  };
}
