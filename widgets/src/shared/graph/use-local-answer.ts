import { useEffect, useRef, useState } from 'react';

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
  const [local, setLocal] = useState<Local>(() => fromValue(value));
  const seen = useRef(value);
  const helpers = useRef({ fromValue, sameAs });
  helpers.current = { fromValue, sameAs };
  useEffect(() => {
    if (seen.current === value) return;
    seen.current = value;
    setLocal((current) =>
      helpers.current.sameAs(current, value) ? current : helpers.current.fromValue(value),
    );
  }, [value]);
  return [local, setLocal];
}
