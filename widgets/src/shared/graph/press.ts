/**
 * A press on a board (mouse button, finger or pen): it becomes a drag only once the pointer has
 * travelled the tool's minimum distance (spec 02 §9: 0 when panning, 3 px for points), so a tap
 * is never mistaken for a tiny drag.
 */

/** The state of one press. */
export interface PressState {
  pointerId: number;
  startPx: number;
  startPy: number;
  lastPx: number;
  lastPy: number;
  /** True once the pointer has travelled `minDistance` from where it went down. */
  dragging: boolean;
  minDistance: number;
}

/** A press that starts at a canvas pixel. */
export function beginPress(pointerId: number, px: number, py: number, minDistance: number): PressState {
  return {
    pointerId,
    startPx: px,
    startPy: py,
    lastPx: px,
    lastPy: py,
    dragging: minDistance <= 0,
    minDistance,
  };
}

/**
 * The press after the pointer moved to (px, py), and the offset since the last move while dragging
 * (zero while still under the minimum distance; the first drag offset counts from the start).
 */
export function advancePress(
  state: PressState,
  px: number,
  py: number,
): { state: PressState; dx: number; dy: number } {
  if (!state.dragging) {
    if (Math.hypot(px - state.startPx, py - state.startPy) < state.minDistance)
      return { state, dx: 0, dy: 0 };
    return {
      state: { ...state, dragging: true, lastPx: px, lastPy: py },
      dx: px - state.startPx,
      dy: py - state.startPy,
    };
  }
  return { state: { ...state, lastPx: px, lastPy: py }, dx: px - state.lastPx, dy: py - state.lastPy };
}
