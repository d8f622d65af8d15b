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
  const latest = useRef({ value, fromValue, answerOf });
  latest.current = { value, fromValue, answerOf };
  // The answers of the states since the page last set `value`: a `value` equal to one of them is
  // this console's own answer coming back late (after the student went on), not a new answer.
  const recent = useRef<string[]>([]);
  const commit = useCallback((next: State) => {
    ref.current = next;
    recent.current = [...recent.current.slice(-31), JSON.stringify(latest.current.answerOf(next))];
    setState(next);
  }, []);
  const valueKey = JSON.stringify(value ?? null);
  useEffect(() => {
    const { value: incoming, fromValue: read, answerOf: answer } = latest.current;
    const next = read(incoming);
    const key = JSON.stringify(answer(next));
    if (key === JSON.stringify(answer(ref.current)) || recent.current.includes(key)) return;
    commit(next);
    recent.current = [];
  }, [valueKey, commit]);
  return { state, ref, commit };
}
