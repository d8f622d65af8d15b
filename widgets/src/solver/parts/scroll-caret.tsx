import type { Language } from '@kib/i18n';
import type { RefObject } from 'react';
import { useT } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import css from './scroll-caret.css?inline';
import { showsScrollCaret } from './scroll-ratio';

/** Props of {@link ScrollCaret}. */
export interface ScrollCaretProps {
  /** How much of the page has been seen, in percent (see `scrollRatio`); the caret shows under 98. */
  ratio: number;
  /** What to bring into view when pressed. */
  target?: RefObject<Element | null>;
  /** Called after scrolling, e.g. to move the focus. */
  onScrolled?: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

function prefersReducedMotion(element: Element | null): boolean {
  const view = element?.ownerDocument.defaultView;
  return view?.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
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
          const element = target?.current ?? null;
          element?.scrollIntoView({
            behavior: prefersReducedMotion(event.currentTarget) ? 'auto' : 'smooth',
            block: 'start',
          });
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
