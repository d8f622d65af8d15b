import type { MathfieldElement } from 'mathlive';

/** The math fields under `root`, in order. */
export const fields = (root: ParentNode) =>
  Array.from(root.querySelectorAll('math-field')) as MathfieldElement[];

/** A math field's inner mathfield, with MathLive's flags of a focus under way. */
type MathLiveInner = {
  _mathfield?: { focusBlurInProgress?: boolean; programmaticFocusInProgress?: boolean };
};

/**
 * True once MathLive has settled a field's focus: it gives the keyboard to the field 60 ms after a
 * focus, then ends its programmatic focus a tick later (MathLive 0.111's own flags; should they be
 * renamed, this stays false and the wait fails rather than passing early).
 */
export function focusSettled(field: MathfieldElement | undefined): boolean {
  const inner = (field as unknown as MathLiveInner | undefined)?._mathfield;
  return (
    !!field?.shadowRoot?.activeElement &&
    inner?.focusBlurInProgress === false &&
    inner.programmaticFocusInProgress === false
  );
}
