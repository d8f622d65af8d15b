import { useCallback, useEffect, useRef, useState } from 'react';
import { useEchoGuard } from '../use-echo-guard';

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
  const { remember, isEcho, forget } = useEchoGuard();
  const commit = useCallback(
    (next: State) => {
      ref.current = next;
      remember(latest.current.answerOf(next));
      setState(next);
    },
    [remember],
  );
  const valueKey = JSON.stringify(value ?? null);
  useEffect(() => {
    const { value: incoming, fromValue: read, answerOf: answer } = latest.current;
    const next = read(incoming);
    if (JSON.stringify(answer(next)) === JSON.stringify(answer(ref.current)) || isEcho(answer(next))) return;
    commit(next);
    forget();
  }, [valueKey, commit, isEcho, forget]);
  return { state, ref, commit };
}
