import { describe, expect, it } from 'vitest';
import { KEYBOARD_MARGIN, keyboardInset, revealDelta } from './use-keyboard-inset';

const rect = (height: number) => ({ height }) as DOMRectReadOnly;

describe('keyboardInset', () => {
  it('is what the keyboard takes off the visual viewport', () => {
    expect(
      keyboardInset({ layoutHeight: 740, viewport: { height: 440, offsetTop: 0 }, virtualKeyboard: null }),
    ).toBe(300);
    // The visual viewport scrolled inside the layout viewport: the keyboard is as high as before.
    expect(
      keyboardInset({ layoutHeight: 740, viewport: { height: 440, offsetTop: 120 }, virtualKeyboard: null }),
    ).toBe(300);
  });

  it('is 0 without a keyboard, without a visual viewport, and when only zoomed in', () => {
    expect(
      keyboardInset({ layoutHeight: 740, viewport: { height: 740, offsetTop: 0 }, virtualKeyboard: null }),
    ).toBe(0);
    expect(keyboardInset({ layoutHeight: 740, viewport: null, virtualKeyboard: null })).toBe(0);
    expect(
      keyboardInset({
        layoutHeight: 740,
        viewport: { height: 370, offsetTop: 50, scale: 2 },
        virtualKeyboard: null,
      }),
    ).toBe(0);
    expect(
      keyboardInset({
        layoutHeight: 740,
        viewport: { height: 220, offsetTop: 0, scale: 2 },
        virtualKeyboard: null,
      }),
    ).toBe(300);
  });

  it('reads the VirtualKeyboard API when the keyboard overlays the content', () => {
    const viewport = { height: 740, offsetTop: 0 };
    expect(
      keyboardInset({
        layoutHeight: 740,
        viewport,
        virtualKeyboard: { overlaysContent: true, boundingRect: rect(280) },
      }),
    ).toBe(280);
    expect(
      keyboardInset({
        layoutHeight: 740,
        viewport,
        virtualKeyboard: { overlaysContent: false, boundingRect: rect(280) },
      }),
    ).toBe(0);
  });
});

describe('revealDelta', () => {
  const visible = { top: 0, bottom: 440 };

  it('is 0 for a box already in view with the margin', () => {
    expect(revealDelta({ top: 100, bottom: 140 }, visible)).toBe(0);
  });

  it('scrolls down a box hidden behind the keyboard to just above it', () => {
    expect(revealDelta({ top: 600, bottom: 640 }, visible)).toBe(640 - 440 + KEYBOARD_MARGIN);
  });

  it('keeps the top of a box taller than the space in view', () => {
    expect(revealDelta({ top: 300, bottom: 1000 }, visible)).toBe(300 - KEYBOARD_MARGIN);
  });

  it('scrolls up a box above the view', () => {
    expect(revealDelta({ top: -50, bottom: -10 }, visible)).toBe(-50 - KEYBOARD_MARGIN);
  });
});
