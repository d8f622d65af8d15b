/** Below this scroll ratio (percent of the content seen) the scroll-down caret shows (spec 01 §9). */
export const SCROLL_CARET_THRESHOLD = 98;

/**
 * How far down a scrollable area has been seen, in percent: 100 when its bottom is in view (or when
 * it does not scroll at all).
 */
export function scrollRatio({
  scrollTop,
  clientHeight,
  scrollHeight,
}: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): number {
  if (scrollHeight <= 0 || scrollHeight <= clientHeight) return 100;
  return Math.min(100, Math.max(0, ((scrollTop + clientHeight) / scrollHeight) * 100));
}

/** True when the caret should show for `ratio`. */
export function showsScrollCaret(ratio: number): boolean {
  return Number.isFinite(ratio) && ratio < SCROLL_CARET_THRESHOLD;
}
