import { useLayoutEffect, useRef } from 'react';
import type { KeyLike } from './math-console.controller';
import type { LineEditorHandle } from './math-line';

/** The props of one line's raw LaTeX input. */
export interface RawLineProps {
  value: string;
  /** Accessible name ("Línea 1 (LaTeX)"). */
  label: string;
  readOnly: boolean;
  /** The student changed the LaTeX. */
  onEdit(math: string): void;
  /** A key pressed in the input; true when the console handled it (the input then ignores it). */
  onKey(event: KeyLike): boolean;
  onFocus(): void;
  /** Registers the input so the console can focus it; null on unmount. */
  register(handle: LineEditorHandle | null): void;
}

/** One answer line as a plain text input showing its LaTeX (Ctrl+M). */
export function RawLine({ value, label, readOnly, onEdit, onKey, onFocus, register }: RawLineProps) {
  const input = useRef<HTMLInputElement>(null);
  const registerRef = useRef(register);
  useLayoutEffect(() => {
    registerRef.current = register;
  });
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    registerRef.current({
      focus: () => {
        element.focus();
        element.setSelectionRange(element.value.length, element.value.length);
      },
    });
    return () => registerRef.current(null);
  }, []);
  return (
    <input
      ref={input}
      type="text"
      className="kib-math-console__raw"
      aria-label={label}
      value={value}
      readOnly={readOnly}
      dir="ltr"
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      onChange={(event) => onEdit(event.target.value)}
      onKeyDown={(event) => {
        if (onKey(event)) event.preventDefault();
      }}
      onFocus={onFocus}
    />
  );
}
