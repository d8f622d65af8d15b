import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { scrollContainerOf } from './use-scroll-ratio';

/** The least space (px) kept between the active line and the top of an on-screen keyboard. */
export const KEYBOARD_MARGIN = 12;

/** What the window tells about the visible part of the page (`window.visualViewport`). */
export interface ViewportBox {
  height: number;
  offsetTop: number;
  /** The pinch-zoom factor (1 unzoomed). */
  scale?: number;
}

/** The VirtualKeyboard API (`navigator.virtualKeyboard`), where the browser has it. */
export interface VirtualKeyboardLike extends EventTarget {
  overlaysContent: boolean;
  boundingRect: DOMRectReadOnly;
}

/**
 * How many pixels of the window's height the system's on-screen keyboard takes. When the
 * page has asked the keyboard to overlay its content (the VirtualKeyboard API's `overlaysContent`),
 * the keyboard's own rectangle says; otherwise the visual viewport, which the keyboard shrinks, does.
 */
export function keyboardInset({
  layoutHeight,
  viewport,
  virtualKeyboard,
}: {
  /** The layout viewport's height without scrollbars (the root element's `clientHeight`). */
  layoutHeight: number;
  viewport: ViewportBox | null;
  virtualKeyboard: Pick<VirtualKeyboardLike, 'overlaysContent' | 'boundingRect'> | null;
}): number {
  if (virtualKeyboard?.overlaysContent) return Math.max(0, Math.round(virtualKeyboard.boundingRect.height));
  if (!viewport) return 0;
  // Zoomed in, the visual viewport is smaller by the zoom factor too: only the rest is the keyboard.
  return Math.max(0, Math.round(layoutHeight - viewport.height * (viewport.scale ?? 1)));
}

/**
 * How far to scroll down (positive) or up (negative) so that a box lies between `top` and `bottom`
 * of the window with `margin` to spare; 0 when it already does. A box taller than the space keeps
 * its top in view.
 */
export function revealDelta(
  box: { top: number; bottom: number },
  visible: { top: number; bottom: number },
  margin = KEYBOARD_MARGIN,
): number {
  const below = box.bottom - (visible.bottom - margin);
  const above = box.top - (visible.top + margin);
  if (below > 0) return Math.min(below, Math.max(0, above));
  if (above < 0) return above;
  return 0;
}

/** MathLive's virtual keyboard as the console uses it (`window.mathVirtualKeyboard`). */
interface MathKeyboardLike extends EventTarget {
  visible: boolean;
  boundingRect: DOMRect;
}

function mathKeyboardOf(view: Window): MathKeyboardLike | undefined {
  return (view as Window & { mathVirtualKeyboard?: MathKeyboardLike }).mathVirtualKeyboard;
}

function virtualKeyboardOf(view: Window): VirtualKeyboardLike | null {
  return (view.navigator as Navigator & { virtualKeyboard?: VirtualKeyboardLike }).virtualKeyboard ?? null;
}

/** How much of the window's bottom MathLive's keyboard covers (it pads the page for itself). */
function mathKeyboardCover(view: Window): number {
  const keyboard = mathKeyboardOf(view);
  if (!keyboard?.visible) return 0;
  const rect = keyboard.boundingRect;
  return rect.height > 0 ? Math.max(0, Math.round(view.innerHeight - rect.top)) : 0;
}

/** The element that has the focus inside `root`, through the shadow root `root` may live in. */
function focusedIn(root: Element): HTMLElement | null {
  const active = (root.getRootNode() as Document | ShadowRoot).activeElement;
  return active instanceof HTMLElement && root.contains(active) ? active : null;
}

/** What the solver page reads of an on-screen keyboard. */
export interface KeyboardInset {
  /** Pixels of the page's bottom hidden by the system's on-screen keyboard: the page's bottom padding. */
  inset: number;
}

/**
 * Keeps the line being typed in visible above an on-screen keyboard (spec 01 §2). The system keyboard
 * is followed through `visualViewport` (resize, scroll) or, when the page lets it overlay the content,
 * the VirtualKeyboard API's `geometrychange`; its height is returned so the page pads its bottom by it
 * (otherwise the last lines could never scroll above it). MathLive's own keyboard pads the page by
 * itself and is only followed. Whenever a keyboard appears or changes, and whenever the focus moves
 * inside `root` while one is up, the focused element is scrolled to just above the keyboard.
 */
export function useKeyboardInset(root: RefObject<HTMLElement | null>): KeyboardInset {
  const [inset, setInset] = useState(0);
  const [mathCover, setMathCover] = useState(0);
  const [overlays, setOverlays] = useState(false);
  // What covers the window's bottom without shrinking the visual viewport, and whether anything is up.
  const overlayCover = Math.max(mathCover, overlays ? inset : 0);
  const cover = useRef({ overlay: 0, any: false });
  cover.current = { overlay: overlayCover, any: inset > 0 || mathCover > 0 };

  useEffect(() => {
    const element = root.current;
    const view = element?.ownerDocument.defaultView;
    if (!element || !view) return;
    const viewport = view.visualViewport ?? null;
    const virtualKeyboard = virtualKeyboardOf(view);
    const update = () => {
      setInset(
        keyboardInset({
          layoutHeight: view.document.documentElement.clientHeight,
          viewport,
          virtualKeyboard,
        }),
      );
      setOverlays(virtualKeyboard?.overlaysContent ?? false);
    };
    const updateMath = () => setMathCover(mathKeyboardCover(view));
    update();
    viewport?.addEventListener('resize', update);
    viewport?.addEventListener('scroll', update);
    virtualKeyboard?.addEventListener('geometrychange', update);
    view.addEventListener('resize', update);

    // MathLive (and its keyboard) loads with the first math console: followed from the first focus on.
    let mathKeyboard: MathKeyboardLike | undefined;
    const followMathKeyboard = () => {
      if (mathKeyboard) return;
      mathKeyboard = mathKeyboardOf(view);
      mathKeyboard?.addEventListener('geometrychange', updateMath);
      updateMath();
    };
    const onFocus = () => {
      followMathKeyboard();
      if (cover.current.any) view.requestAnimationFrame(() => reveal(element, cover.current.overlay));
    };
    followMathKeyboard();
    element.addEventListener('focusin', onFocus);
    return () => {
      viewport?.removeEventListener('resize', update);
      viewport?.removeEventListener('scroll', update);
      virtualKeyboard?.removeEventListener('geometrychange', update);
      view.removeEventListener('resize', update);
      mathKeyboard?.removeEventListener('geometrychange', updateMath);
      element.removeEventListener('focusin', onFocus);
    };
  }, [root]);

  // After the padding of a new inset is laid out, the focused line goes above the keyboard.
  useLayoutEffect(() => {
    const element = root.current;
    if (element && (inset > 0 || mathCover > 0)) reveal(element, overlayCover);
  }, [root, inset, mathCover, overlayCover]);

  return { inset };
}

/**
 * Scrolls the element focused in `root` into the visual viewport (which the system keyboard shrinks)
 * above the keyboards that cover the window's bottom instead (MathLive's, and the system's when it
 * overlays the content): the window, or the ancestor that scrolls the solver (a dialog) and the part
 * of it on screen.
 */
function reveal(root: HTMLElement, covered: number): void {
  const focused = focusedIn(root);
  const view = root.ownerDocument.defaultView;
  if (!focused || !view) return;
  const viewport = view.visualViewport;
  let top = viewport?.offsetTop ?? 0;
  let bottom = Math.min(viewport ? top + viewport.height : view.innerHeight, view.innerHeight - covered);
  const container = scrollContainerOf(root);
  if (container) {
    const box = container.getBoundingClientRect();
    top = Math.max(top, box.top);
    bottom = Math.min(bottom, box.bottom);
  }
  // The room the page keeps under a focused element (its scroll margin: the floating caret's).
  const margin = Math.max(
    KEYBOARD_MARGIN,
    parseFloat(view.getComputedStyle(focused).scrollMarginBottom) || 0,
  );
  const delta = revealDelta(focused.getBoundingClientRect(), { top, bottom }, margin);
  if (delta !== 0) (container ?? view).scrollBy({ top: delta, behavior: 'instant' });
}
