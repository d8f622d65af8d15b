import { ProblemSchema, type Problem } from '@kib/core';
import type { MathfieldElement } from 'mathlive';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toCustomElement } from '../element';
import { WIDGETS } from '../registry';
import sample from './sample-problem.json' with { type: 'json' };
import { Solver } from './solver';

const problem: Problem = ProblemSchema.parse(sample);

/** The statement's and the consoles' boxes inside `root` (a page or a shadow root). */
function columns(root: ParentNode) {
  const left = root.querySelector('.kib-solver__statement')!.getBoundingClientRect();
  const right = root.querySelector('.kib-solver__work')!.getBoundingClientRect();
  return { left, right };
}

const layoutOf = (root: ParentNode) =>
  root.querySelector('.kib-solver__page')?.getAttribute('data-layout') ?? null;

const caret = (root: ParentNode) => root.querySelector<HTMLButtonElement>('.kib-scroll-caret__button');

const scroller = () => document.scrollingElement ?? document.documentElement;

const originalViewport = Object.getOwnPropertyDescriptor(window, 'visualViewport');

afterEach(async () => {
  window.mathVirtualKeyboard?.hide();
  if (originalViewport) Object.defineProperty(window, 'visualViewport', originalViewport);
  window.scrollTo(0, 0);
  document.body.querySelectorAll('[data-layout-test]').forEach((el) => el.remove());
  await page.viewport(1024, 768);
});

describe('Solver layout', () => {
  it('puts the statement beside the consoles on a 1440 px window', async () => {
    await page.viewport(1440, 900);
    const screen = await render(<Solver problem={problem} />);
    await expect.poll(() => layoutOf(screen.container)).toBe('columns');
    const { left, right } = columns(screen.container);
    expect(left.right).toBeLessThanOrEqual(right.left);
    expect(Math.abs(left.top - right.top)).toBeLessThanOrEqual(20);
    expect(left.width).toBeGreaterThan(200);
    expect(right.width).toBeGreaterThan(left.width);
  });

  it('stacks them on a 360 px phone, and follows the window when it changes', async () => {
    await page.viewport(360, 740);
    const screen = await render(<Solver problem={problem} lang="en" />);
    await expect.poll(() => layoutOf(screen.container)).toBe('stacked');
    const stacked = columns(screen.container);
    expect(stacked.right.top).toBeGreaterThanOrEqual(stacked.left.bottom);
    expect(stacked.right.top - stacked.left.top).toBeGreaterThan(20);
    // Nothing wider than the phone.
    expect(scroller().scrollWidth).toBeLessThanOrEqual(360);

    await page.viewport(1440, 900);
    await expect.poll(() => layoutOf(screen.container)).toBe('columns');
    await page.viewport(360, 740);
    await expect.poll(() => layoutOf(screen.container)).toBe('stacked');
  });

  it('measures its columns inside the shadow root of <kib-solver>', async () => {
    const descriptor = WIDGETS.find((w) => w.tag === 'kib-solver')!;
    const tag = 'kib-solver-layout-test';
    if (!customElements.get(tag)) customElements.define(tag, toCustomElement({ ...descriptor, tag }));
    await page.viewport(1440, 900);
    const element = document.createElement(tag);
    element.setAttribute('data-layout-test', '');
    element.setAttribute('problem', JSON.stringify(sample));
    document.body.append(element);
    await expect.poll(() => element.shadowRoot && layoutOf(element.shadowRoot)).toBe('columns');
    const wide = columns(element.shadowRoot!);
    expect(wide.left.right).toBeLessThanOrEqual(wide.right.left);
    await page.viewport(360, 740);
    await expect.poll(() => layoutOf(element.shadowRoot!)).toBe('stacked');
  });
});

describe('Solver scroll caret', () => {
  it('shows while the page goes on below, scrolls on a press, and goes at the bottom', async () => {
    await page.viewport(360, 420);
    const screen = await render(<Solver problem={problem} />);
    await expect.poll(() => layoutOf(screen.container)).toBe('stacked');
    const button = screen.getByRole('button', { name: 'Desplazarse hacia abajo' });
    await expect.element(button).toBeVisible();
    // It floats at the bottom of the window, not at the end of the page.
    const box = caret(screen.container)!.getBoundingClientRect();
    expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    expect(box.top).toBeGreaterThan(window.innerHeight / 2);

    expect(scroller().scrollTop).toBe(0);
    await button.click({ force: true });
    await expect.poll(() => scroller().scrollTop).toBeGreaterThan(0);

    window.scrollTo(0, scroller().scrollHeight);
    await expect.poll(() => caret(screen.container)).toBeNull();
    window.scrollTo(0, 0);
    await expect.poll(() => caret(screen.container)).not.toBeNull();
  });

  it('goes once the end of the problem is in view, though the page goes on below', async () => {
    await page.viewport(360, 420);
    const screen = await render(
      <div>
        <Solver problem={problem} />
        <div style={{ height: 2000 }} />
      </div>,
    );
    await expect.poll(() => caret(screen.container)).not.toBeNull();
    const end = screen.container.querySelector('.kib-solver__page')!.getBoundingClientRect().bottom;
    window.scrollTo(0, end + scroller().scrollTop - window.innerHeight + 1);
    await expect.poll(() => caret(screen.container)).toBeNull();
    // Nothing covers the check button there.
    const check = screen
      .getByRole('button', { name: 'Comprobar respuesta' })
      .element()
      .getBoundingClientRect();
    const hit = document.elementFromPoint(check.left + check.width / 2, check.top + check.height / 2);
    expect(hit?.closest('.kib-solver__check')).not.toBeNull();
  });

  it('does not show when the whole problem fits in the window', async () => {
    await page.viewport(1440, 2000);
    const screen = await render(<Solver problem={problem} />);
    await expect.poll(() => layoutOf(screen.container)).toBe('columns');
    // Once what grows late has loaded (the math fields, the fonts), the solver measures the page
    // again on a resize, and React shows the answer at once (flushSync): still no caret.
    await expect.poll(() => screen.container.querySelector('math-field')?.shadowRoot ?? null).not.toBeNull();
    await document.fonts.ready;
    flushSync(() => window.dispatchEvent(new Event('resize')));
    expect(caret(screen.container)).toBeNull();
  });

  it('follows the box that scrolls the solver, such as a dialog', async () => {
    await page.viewport(1024, 768);
    const screen = await render(
      <div data-testid="box" style={{ height: 300, overflowY: 'auto' }}>
        <Solver problem={problem} />
      </div>,
    );
    const box = screen.getByTestId('box').element();
    await expect.poll(() => caret(screen.container)).not.toBeNull();
    expect(caret(screen.container)!.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      box.getBoundingClientRect().bottom,
    );
    caret(screen.container)!.click();
    await expect.poll(() => box.scrollTop).toBeGreaterThan(0);
    box.scrollTo(0, box.scrollHeight);
    await expect.poll(() => caret(screen.container)).toBeNull();
  });

  it('pressed from the keyboard, leads to the next unanswered line and focuses it', async () => {
    await page.viewport(360, 420);
    const screen = await render(<Solver problem={problem} lang="en" />);
    await expect.poll(() => screen.container.querySelector('math-field')).not.toBeNull();
    const button = caret(screen.container)!;
    button.focus();
    // A click from the keyboard has no pointer position (detail 0).
    button.click();
    const field = screen.container.querySelector('math-field') as MathfieldElement;
    await expect.poll(() => (document.activeElement === field || field.hasFocus?.()) ?? false).toBe(true);
    const rect = field.getBoundingClientRect();
    expect(rect.top).toBeGreaterThanOrEqual(0);
    expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight);
  });
});

describe('Solver and an on-screen keyboard', () => {
  it('pads the page by the keyboard and keeps the focused line above it', async () => {
    await page.viewport(360, 740);
    const viewport = Object.assign(new EventTarget(), { height: 740, offsetTop: 0, scale: 1, width: 360 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => viewport });
    const screen = await render(<Solver problem={problem} />);
    await expect.poll(() => screen.container.querySelector('math-field')).not.toBeNull();
    const field = screen.container.querySelector('math-field') as MathfieldElement;
    const article = screen.container.querySelector<HTMLElement>('.kib-solver__page')!;
    // The line sits low in the window, where the keyboard will come up.
    const spacer = document.createElement('div');
    spacer.style.height = `${Math.max(0, 600 - field.getBoundingClientRect().top)}px`;
    screen.container.prepend(spacer);
    field.focus();
    await expect.poll(() => field.hasFocus()).toBe(true);
    expect(field.getBoundingClientRect().bottom).toBeGreaterThan(440);

    viewport.height = 440;
    viewport.dispatchEvent(new Event('resize'));
    await expect.poll(() => getComputedStyle(article).paddingBottom).toBe('300px');
    await expect.poll(() => field.getBoundingClientRect().bottom).toBeLessThanOrEqual(440);
    expect(field.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);

    viewport.height = 740;
    viewport.dispatchEvent(new Event('resize'));
    await expect.poll(() => getComputedStyle(article).paddingBottom).toBe('0px');
  });
});
