import { useEffect, useState, type RefObject } from 'react';
import { scrollRatio } from './parts/index';

/** The element's parent in the composed tree: through a shadow root to its host. */
function composedParent(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * What scrolls `element`: the nearest ancestor (across shadow roots) that scrolls its overflow, such
 * as a dialog the solver is previewed in, or else null for the window.
 */
export function scrollContainerOf(element: Element): HTMLElement | null {
  const view = element.ownerDocument.defaultView;
  if (!view) return null;
  const top = element.ownerDocument.documentElement;
  for (let at = composedParent(element); at && at !== top && at !== element.ownerDocument.body;) {
    const overflow = view.getComputedStyle(at).overflowY;
    if (at instanceof HTMLElement && (overflow === 'auto' || overflow === 'scroll')) return at;
    at = composedParent(at);
  }
  return null;
}

/**
 * How much of `element` (the problem page) has been seen, in percent, as it scrolls in the window or
 * in a scrolling ancestor: 100 once its end is in view. The scroll-down caret shows below a threshold
 * (spec 01 §2), and so only while the page goes on below the view, where it floats over the page
 * rather than over the page's last controls. Measured again on every scroll, resize, and change of
 * size (a console or a picture that loads, hints that open, a notice above the page), which a
 * ResizeObserver reports; the caret takes no room, so showing it cannot change what it is shown for.
 */
export function useScrollRatio(element: RefObject<Element | null>): number {
  const [ratio, setRatio] = useState(100);
  useEffect(() => {
    const at = element.current;
    const view = at?.ownerDocument.defaultView;
    if (!at || !view) return;
    const container = scrollContainerOf(at);
    const update = () => {
      const box = at.getBoundingClientRect();
      const frame = container?.getBoundingClientRect();
      const top = Math.max(0, frame?.top ?? 0);
      const bottom = Math.min(view.innerHeight, frame?.bottom ?? Infinity);
      setRatio(
        scrollRatio({
          scrollTop: top - box.top,
          clientHeight: Math.max(0, bottom - top),
          scrollHeight: box.height,
        }),
      );
    };
    update();
    // The window scrolls the page, and also the box that scrolls it when there is one.
    container?.addEventListener('scroll', update, { passive: true });
    view.addEventListener('scroll', update, { passive: true });
    view.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(at);
    observer?.observe(container ?? view.document.documentElement);
    return () => {
      container?.removeEventListener('scroll', update);
      view.removeEventListener('scroll', update);
      view.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [element]);
  return ratio;
}
