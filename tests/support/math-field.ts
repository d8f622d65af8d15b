import type { Locator } from 'playwright';

/** Clicks into a math field and waits until MathLive has the keyboard (it settles its focus briefly). */
export async function focusField(field: Locator): Promise<void> {
  await field.click();
  await field.evaluate(
    (f) =>
      new Promise<void>((resolve) => {
        const check = () => (f.shadowRoot?.activeElement ? setTimeout(resolve, 100) : setTimeout(check, 20));
        check();
      }),
  );
}

/** A math field's LaTeX, spaces and empty groups dropped. */
export function fieldValue(field: Locator): Promise<string> {
  return field.evaluate((f) => (f as HTMLElement & { value: string }).value.replace(/\s|\{\}/g, ''));
}
