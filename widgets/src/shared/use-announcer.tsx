import { useCallback, useRef, useState } from 'react';

/**
 * A polite live region: `announce(text)` makes screen readers read `text` (e.g. "Point placed at
 * (2, 3)"). Render `region` once inside the widget.
 */
export function useAnnouncer() {
  const [message, setMessage] = useState('');
  const toggle = useRef(false);
  const announce = useCallback((text: string) => {
    // A trailing zero-width space alternates so the same sentence twice is still read twice.
    toggle.current = !toggle.current;
    setMessage(text + (toggle.current ? '\u200b' : ''));
  }, []);
  const region = (
    <div className="kib-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
  return { announce, region };
}
