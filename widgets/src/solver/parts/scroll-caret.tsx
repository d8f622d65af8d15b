import type { Language } from '@kib/i18n';
import type { RefObject } from 'react';
import { useT } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import css from './scroll-caret.css?inline';
import { showsScrollCaret } from './scroll-ratio';

/** Where a press of the caret leads, when the page decides at the moment of the press. */
export interface ScrollCaretDestination {
  /** The element brought into view. */
  element: Element;
  /** Where it goes in the view; `start` by default. */
  block?: ScrollLogicalPosition;
  /** What takes the focus when the caret was pressed from the keyboard (the caret may hide then). */
  focus?: HTMLElement | null;
}

/** Props of {@link ScrollCaret}. */
export interface ScrollCaretProps {
  /** How much of the page has been seen, in percent (see `scrollRatio`); the caret shows under 98. */
  ratio: number;
  /** What to bring into view when pressed: an element, or the page's choice at the moment of the press. */
  target?: RefObject<Element | null> | (() => ScrollCaretDestination | null);
  /** Called after scrolling, e.g. to move the focus. */
  onScrolled?: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

function prefersReducedMotion(element: Element | null): boolean {
  const view = element?.ownerDocument.defaultView;
  return view?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function destinationOf(target: ScrollCaretProps['target']): ScrollCaretDestination | null {
  if (typeof target === 'function') return target();
  const element = target?.current ?? null;
  return element ? { element } : null;
}

/**
 * The bouncing down-caret guide (spec 01 §2, §9): shown while the scroll ratio is under 98; pressing
 * it scrolls the target into view. Neither bounces nor scrolls smoothly for readers who prefer reduced motion.
 */
export function ScrollCaret({ ratio, target, onScrolled, lang }: ScrollCaretProps) {
  const t = useT(lang);
  if (!showsScrollCaret(ratio)) return null;
  return (
    <div className="kib-root kib-scroll-caret">
      <WidgetStyles css={css} />
      <button
        type="button"
        className="kib-scroll-caret__button"
        aria-label={t('solver.parts.scroll-down')}
        onClick={(event) => {
          const destination = destinationOf(target);
          const smooth = !prefersReducedMotion(event.currentTarget);
          destination?.element.scrollIntoView({
            behavior: smooth ? 'smooth' : 'auto',
            block: destination.block ?? 'start',
          });
          // A click without a pointer (detail 0) came from the keyboard: the focus follows the page.
          if (event.detail === 0) destination?.focus?.focus({ preventScroll: true });
          onScrolled?.();
        }}
      >
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path
            d="M5 9l7 7 7-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </div>
  );
}
