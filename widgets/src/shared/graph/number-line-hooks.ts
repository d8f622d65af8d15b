import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The local copy of a controlled console's editor state: starts from `value`, follows `value` when
 * its content changes to something other than the current answer (a parent that echoes every answer
 * back, or none at all, never resets the drawing), and keeps a ref that is current inside event
 * handlers between renders.
 */
export function useControlledEditor<State, Answer>(
  value: Answer | null | undefined,
  fromValue: (value: Answer | null | undefined) => State,
  answerOf: (state: State) => Answer,
) {
  const [state, setState] = useState(() => fromValue(value));
  const ref = useRef(state);
  const commit = useCallback((next: State) => {
    ref.current = next;
    setState(next);
  }, []);
  const valueKey = JSON.stringify(value ?? null);
  const latest = useRef({ value, fromValue, answerOf });
  latest.current = { value, fromValue, answerOf };
  useEffect(() => {
    const { value: incoming, fromValue: read, answerOf: answer } = latest.current;
    const next = read(incoming);
    if (JSON.stringify(answer(next)) === JSON.stringify(answer(ref.current))) return;
    commit(next);
  }, [valueKey, commit]);
  return { state, ref, commit };
}
