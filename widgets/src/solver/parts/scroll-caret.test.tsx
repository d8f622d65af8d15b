import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { ScrollCaret } from './scroll-caret';

describe('ScrollCaret', () => {
  it('shows under a scroll ratio of 98 only', async () => {
    const screen = await render(<ScrollCaret ratio={50} />);
    await expect.element(screen.getByRole('button', { name: 'Desplazarse hacia abajo' })).toBeVisible();
    await screen.rerender(<ScrollCaret ratio={98} />);
    expect(screen.container.querySelector('button')).toBeNull();
    await screen.rerender(<ScrollCaret ratio={97.5} lang="en" />);
    await expect.element(screen.getByRole('button', { name: 'Scroll down' })).toBeVisible();
  });

  it('scrolls its target into view', async () => {
    const target = createRef<HTMLDivElement>();
    const onScrolled = vi.fn();
    const screen = await render(
      <div>
        <ScrollCaret ratio={10} target={target} onScrolled={onScrolled} />
        <div style={{ height: 3000 }} />
        <div ref={target}>bottom</div>
      </div>,
    );
    const spy = vi.spyOn(target.current!, 'scrollIntoView');
    // The caret bounces; the click need not wait for it to stand still.
    await screen.getByRole('button').click({ force: true });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(onScrolled).toHaveBeenCalled();
    await expect.poll(() => target.current!.getBoundingClientRect().top).toBeLessThan(window.innerHeight);
  });

  it('asks the page where to go at the moment of the press, and moves the focus there from the keyboard only', async () => {
    const target = createRef<HTMLButtonElement>();
    const destination = vi.fn(() => ({
      element: target.current!,
      block: 'center' as const,
      focus: target.current,
    }));
    const screen = await render(
      <div>
        <ScrollCaret ratio={10} target={destination} />
        <div style={{ height: 3000 }} />
        <button type="button" ref={target}>
          Check
        </button>
      </div>,
    );
    const caret = screen.getByRole('button', { name: 'Desplazarse hacia abajo' });
    const spy = vi.spyOn(target.current!, 'scrollIntoView');
    await caret.click({ force: true });
    expect(destination).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    expect(document.activeElement).not.toBe(target.current);

    // Enter on the focused caret: a click without a pointer.
    (caret.element() as HTMLButtonElement).focus();
    (caret.element() as HTMLButtonElement).click();
    expect(destination).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(target.current);
  });

  it('bounces only when motion is welcome', async () => {
    const screen = await render(<ScrollCaret ratio={10} />);
    const button = screen.getByRole('button').element();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    expect(getComputedStyle(button).animationName).toBe(reduce ? 'none' : 'kib-caret-bounce');
  });
});
