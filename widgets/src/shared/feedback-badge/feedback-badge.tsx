import { useState } from 'react';
import type { Translate } from '../i18n';

/** What a badge shows: right or wrong, and the text (already translated). */
export interface BadgeState {
  correct: boolean;
  text: string;
}

/**
 * The badge of a console (spec 02 §4): hidden until feedback arrives, shown for every new feedback,
 * and a wrong badge stays for as long as the answer it judged is unchanged, however the check was
 * made (mouse, keyboard, touch or pen); changing the answer dismisses it. `feedback` is the host's
 * feedback object (a new one for each check), `answer` the console's current answer.
 */
export function useFeedbackBadge(badge: BadgeState | null, feedback: unknown, answer: unknown) {
  const key = answerKey(answer);
  const [judged, setJudged] = useState<{ feedback: unknown; key: string }>({ feedback, key });
  // A new feedback judges the answer shown now (state adjusted during render, not after it).
  if (judged.feedback !== feedback) setJudged({ feedback, key });
  const judgedKey = judged.feedback === feedback ? judged.key : key;
  const visible = badge !== null && (badge.correct || judgedKey === key);
  return { visible };
}

function answerKey(answer: unknown): string {
  try {
    return JSON.stringify(answer ?? null) ?? 'null';
  } catch {
    return String(answer);
  }
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
