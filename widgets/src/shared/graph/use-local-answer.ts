import { useCallback, useEffect, useRef, useState } from 'react';

/** How a console keeps its answer locally: the local form of a saved answer, and the answer of it. */
export interface AnswerModel<Answer, Local> {
  /** The local state of a saved answer (or of none). */
  fromValue: (value: Answer | null | undefined) => Local;
  /** True when `value` is only the echo of the local state (see useLocalAnswer). */
  sameAs: (local: Local, value: Answer | null | undefined) => boolean;
  /** The answer of the local state, or null while there is none to report (a line of one point). */
  toAnswer: (local: Local) => Answer | null;
}

/**
 * The local copy of a controlled console's answer: it starts from `value`, follows `value` whenever
 * the parent passes a different answer, and otherwise keeps the student's work, so drawing is not
 * lost when the parent is slow to feed the answer back. `sameAs(local, value)` tells when a new
 * `value` is only the echo of the local state (then the local form, e.g. stroke boundaries, stays).
 */
export function useLocalAnswer<Value, Local>(
  value: Value | null | undefined,
  fromValue: (value: Value | null | undefined) => Local,
  sameAs: (local: Local, value: Value | null | undefined) => boolean,
): [Local, (next: Local) => void] {
  const [local, setLocalState] = useState<Local>(() => fromValue(value));
  // The local states since the page last set `value`: a `value` matching one of them is this
  // console's own answer coming back late (after the student went on), not a new answer.
  const recent = useRef<Local[]>([]);
  const seen = useRef(value);
  const helpers = useRef({ fromValue, sameAs });
  helpers.current = { fromValue, sameAs };
  const setLocal = useCallback((next: Local) => {
    recent.current = [...recent.current.slice(-(RECENT_STATES - 1)), next];
    setLocalState(next);
  }, []);
  useEffect(() => {
    if (seen.current === value) return;
    seen.current = value;
    if (recent.current.some((state) => helpers.current.sameAs(state, value))) return;
    recent.current = [];
    setLocalState(helpers.current.fromValue(value));
  }, [value]);
  return [local, setLocal];
}

/** How many recent local states count as the console's own (echoes of them are ignored). */
const RECENT_STATES = 32;
