/** The arrows that move along a row of items: left and right only (tabs), or up and down too (toolbars). */
export type RovingArrows = 'horizontal' | 'both';

/**
 * The index a key moves to in a row of `count` items with one Tab stop (tabs, toolbar buttons),
 * from the item at `current`: the arrows to the next and previous item, wrapping around at the
 * ends, Home and End to the first and last. Null for any other key, or when the row is empty.
 */
export function rovingTarget(
  key: string,
  current: number,
  count: number,
  arrows: RovingArrows,
): number | null {
  if (count <= 0) return null;
  const upDown = arrows === 'both';
  if (key === 'ArrowRight' || (upDown && key === 'ArrowDown')) return (current + 1) % count;
  if (key === 'ArrowLeft' || (upDown && key === 'ArrowUp')) return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
