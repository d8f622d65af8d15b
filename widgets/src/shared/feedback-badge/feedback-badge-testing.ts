import { userEvent } from 'vitest/browser';

/**
 * Comes back to a console the way each hand does, without changing its answer: the mouse moves in
 * and clicks on its text, a pen and a finger touch it, and the keyboard focus enters it. A wrong
 * badge must survive all of it.
 */
export async function comeBackWithoutChanging(console: Element): Promise<void> {
  const target = (console.querySelector('[role="status"]') ?? console) as HTMLElement;
  await userEvent.hover(target);
  await userEvent.click(target);
  const box = target.getBoundingClientRect();
  for (const pointerType of ['pen', 'touch'] as const) {
    const init = {
      bubbles: true,
      pointerType,
      clientX: box.left + 2,
      clientY: box.top + 2,
      isPrimary: true,
    };
    for (const type of ['pointerover', 'pointerenter', 'pointerdown', 'pointerup', 'pointerleave'])
      target.dispatchEvent(new PointerEvent(type, init));
  }
  const focusable = console.querySelector<HTMLElement>(
    'button:not([disabled]), input:not([disabled]), [tabindex="0"], math-field',
  );
  focusable?.focus();
  focusable?.blur();
}
