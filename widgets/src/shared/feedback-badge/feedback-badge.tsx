import { useEffect, useState } from 'react';
import type { Translate } from '../i18n';

/** What a badge shows: right or wrong, and the text (already translated). */
export interface BadgeState {
  correct: boolean;
  text: string;
}

/**
 * The badge of a console (spec 02 §4): hidden until feedback arrives; shown again for every new
 * feedback; a wrong badge is dismissed when the student starts over (pointer enters the console, or
 * the keyboard focus does). Returns the state and the handler to put on the console's root.
 */
export function useFeedbackBadge(badge: BadgeState | null) {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(false), [badge?.correct, badge?.text]);
  const visible = badge !== null && !(dismissed && !badge.correct);
  const dismiss = () => {
    if (badge && !badge.correct) setDismissed(true);
  };
  return { visible, dismiss, rootProps: { onPointerEnter: dismiss, onFocus: dismiss } };
}

/** The default badge texts of the plot consoles: 'Muy bien!' / 'Intenta de Nuevo!'. */
export function defaultBadgeText(t: Translate, correct: boolean): string {
  return correct ? t('common.correct') : t('common.try-again');
}

/** A feedback badge: a face and the text, announced politely to screen readers. */
export function FeedbackBadge({ badge, visible }: { badge: BadgeState | null; visible: boolean }) {
  return (
    <div role="status" aria-live="polite" className="kib-badge-slot">
      {visible && badge ? (
        <span className={`kib-badge ${badge.correct ? 'kib-badge--correct' : 'kib-badge--wrong'}`}>
          <span aria-hidden="true">{badge.correct ? '☺' : '☹'}</span>
          <span>{badge.text}</span>
        </span>
      ) : null}
    </div>
  );
}
