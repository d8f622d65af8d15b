import { describe, expect, it } from 'vitest';
import { SCROLL_CARET_THRESHOLD, scrollRatio, showsScrollCaret } from './scroll-ratio';

describe('scrollRatio', () => {
  it.each([
    [{ scrollTop: 0, clientHeight: 500, scrollHeight: 1000 }, 50],
    [{ scrollTop: 500, clientHeight: 500, scrollHeight: 1000 }, 100],
    [{ scrollTop: 250, clientHeight: 500, scrollHeight: 1000 }, 75],
    [{ scrollTop: 0, clientHeight: 800, scrollHeight: 600 }, 100],
    [{ scrollTop: 0, clientHeight: 0, scrollHeight: 0 }, 100],
    [{ scrollTop: 900, clientHeight: 500, scrollHeight: 1000 }, 100],
    [{ scrollTop: -100, clientHeight: 100, scrollHeight: 1000 }, 0],
  ])('%j is %s %', (metrics, ratio) => {
    expect(scrollRatio(metrics)).toBe(ratio);
  });
});

describe('showsScrollCaret', () => {
  it('shows under the threshold of 98 only', () => {
    expect(SCROLL_CARET_THRESHOLD).toBe(98);
    expect(showsScrollCaret(97.9)).toBe(true);
    expect(showsScrollCaret(0)).toBe(true);
    expect(showsScrollCaret(98)).toBe(false);
    expect(showsScrollCaret(100)).toBe(false);
    expect(showsScrollCaret(Number.NaN)).toBe(false);
  });
});
