import { useCallback, useRef } from 'react';

/**
 * Tells a console's own answers coming back through `value` from answers the page sets. A parent
 * feeds each answer back a render later; by then the student may have typed on, so an older echo
 * must not overwrite the newer local state (the last keys of a fast typist would be lost).
 * `remember(answer)` when emitting; `isEcho(value)` before following a new `value`; `forget()` once
 * a new `value` has been followed (only answers sent since then can come back as echoes).
 */
export function useEchoGuard(limit = 64) {
  const sent = useRef<string[]>([]);
  const remember = useCallback(
    (answer: unknown) => {
      sent.current.push(JSON.stringify(answer));
      if (sent.current.length > limit) sent.current.shift();
    },
    [limit],
  );
  const isEcho = useCallback(
    (value: unknown) => value !== null && value !== undefined && sent.current.includes(JSON.stringify(value)),
    [],
  );
  const forget = useCallback(() => {
    sent.current = [];
  }, []);
  return { remember, isEcho, forget };
}
