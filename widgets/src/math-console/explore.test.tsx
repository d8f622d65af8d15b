import type { MathfieldElement } from 'mathlive';
import { expect, it } from 'vitest';
import { userEvent } from 'storybook/test';
import { loadMathField } from './mathlive-setup';

it('explores', async () => {
  const { MathfieldElement: F } = await loadMathField();
  const mf = new F() as MathfieldElement;
  mf.mathVirtualKeyboardPolicy = 'manual';
  document.body.append(mf);
  const log: string[] = [];
  try {
  mf.focus();
  await expect.poll(() => !!mf.shadowRoot?.activeElement).toBe(true);
  await new Promise((r) => setTimeout(r, 100));
  window.mathVirtualKeyboard.show();
  await expect.poll(() => document.querySelector('.ML__keyboard .MLK__keycap')).not.toBeNull();
  const caps = Array.from(document.querySelectorAll('.ML__keyboard .is-visible [aria-label]')).map((e) => e.getAttribute('aria-label'));
  log.push('caps ' + caps.join('|'));
  const key = (name: string) => document.querySelector<HTMLElement>(`.ML__keyboard .is-visible [aria-label="${name}"]`)!;
  await userEvent.click(key('2'));
  await userEvent.click(key('x'));
  await new Promise((r) => setTimeout(r, 100));
  log.push('value=' + mf.value);
  mf.insert('y');
  await new Promise((r) => setTimeout(r, 100));
  log.push('after insert=' + mf.value);
  } finally { console.log(log.join('\n')); window.mathVirtualKeyboard.hide(); }
});
