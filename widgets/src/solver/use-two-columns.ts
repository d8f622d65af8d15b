import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How far apart (px) the tops of the two columns may be before the page counts as stacked (spec 01 §9). */
export const STACKING_THRESHOLD = 20;

/** The problem page's layout: the statement beside the consoles, or above them. */
export type ColumnsLayout = 'columns' | 'stacked';

/** The parts of a column's box the decision reads. */
export interface ColumnBox {
  top: number;
  left: number;
  right: number;
}

/**
 * The layout two measured columns are in: stacked when their tops are more than 20 px apart or the
 * right one does not start after the left one ends (they wrapped onto separate rows).
 */
export function columnsLayout(left: ColumnBox, right: ColumnBox): ColumnsLayout {
  const apart = Math.abs(right.top - left.top) > STACKING_THRESHOLD;
  const beside = right.left >= left.right - 1;
  return apart || !beside ? 'stacked' : 'columns';
}

/** The refs to give the columns' container and the two columns, and the layout they are in. */
export interface TwoColumns {
  container: RefObject<HTMLDivElement | null>;
  left: RefObject<HTMLDivElement | null>;
  right: RefObject<HTMLDivElement | null>;
  /** Null until the columns have been measured. */
  layout: ColumnsLayout | null;
}

/**
 * The layout of two columns that wrap (a flex row with `flex-wrap`), measured rather than guessed
 * from a breakpoint: a ResizeObserver on the container and both columns measures their boxes after
 * every change of size (the window, the frame of an LMS, a picture that loads) and the page is stacked
 * when the columns sit more than 20 px apart vertically (spec 01 §2).
 *
 * Whether the columns wrap depends on the container's width only (their flex bases), so what the page
 * styles per layout cannot change the answer; still, a layout that would flip back at the width it last
 * flipped at is ignored, so no style can make the observer and the layout feed each other in a loop.
 */
export function useTwoColumns(): TwoColumns {
  const container = useRef<HTMLDivElement | null>(null);
  const left = useRef<HTMLDivElement | null>(null);
  const right = useRef<HTMLDivElement | null>(null);
  const [layout, setLayout] = useState<ColumnsLayout | null>(null);
  const decided = useRef<{ layout: ColumnsLayout; width: number } | null>(null);

  useLayoutEffect(() => {
    const box = container.current;
    const a = left.current;
    const b = right.current;
    if (!box || !a || !b) return;
    const measure = () => {
      const width = box.getBoundingClientRect().width;
      // Hidden (display: none, a closed tab of the LMS): nothing to decide from.
      if (width === 0) return;
      const next = columnsLayout(a.getBoundingClientRect(), b.getBoundingClientRect());
      const last = decided.current;
      if (last && (last.layout === next || Math.abs(last.width - width) < 0.5)) return;
      decided.current = { layout: next, width };
      setLayout(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const view = box.ownerDocument.defaultView ?? window;
    // Measured in the next frame: reading boxes inside the observer's callback and restyling right
    // away is what makes "ResizeObserver loop" errors.
    const observer = new ResizeObserver(() => {
      view.cancelAnimationFrame(frame);
      frame = view.requestAnimationFrame(measure);
    });
    observer.observe(box);
    observer.observe(a);
    observer.observe(b);
    return () => {
      view.cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  return { container, left, right, layout };
}
