import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** The styles of ScrollRegion, to add to the CSS of a console that uses it. */
export const SCROLL_REGION_CSS = `
.kib-scroll-region {
  max-width: 100%;
  overflow-x: auto;
  overscroll-behavior-x: contain;
}
.kib-scroll-region[tabindex]:focus-visible {
  outline: 3px solid var(--kib-focus);
  outline-offset: 2px;
}
`;

/**
 * A box that scrolls its content sideways when it is wider than the screen (a 360 px phone). Only
 * then is it a labelled region that takes the keyboard focus, so it can be scrolled with the arrow
 * keys (WCAG 2.1.1); a table that fits adds no tab stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="kib-scroll-region"
      role={overflows ? 'region' : undefined}
      aria-label={overflows ? label : undefined}
      tabIndex={overflows ? 0 : undefined}
    >
      {children}
    </div>
  );
}
