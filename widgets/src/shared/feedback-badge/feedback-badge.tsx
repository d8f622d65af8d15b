import { useState } from 'react';
import type { GraphicalFeedbackConsole } from '@kib/checker/feedback-codes';
import { GRAPHICAL_FEEDBACK_BY_CONSOLE } from '@kib/checker/feedback-codes';
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

/** The longest of some texts: what a badge keeps room for. */
export function longestText(texts: readonly string[]): string {
  return texts.reduce((longest, text) => (text.length > longest.length ? text : longest), '');
}

/**
 * The room a graphical console's badge keeps: the longest translated text of the feedback codes its
 * checker can send (a parameter stays as its placeholder, which is longer than the numbers it holds).
 */
export function graphicalBadgeRoom(t: Translate, console: GraphicalFeedbackConsole): string {
  return longestText(GRAPHICAL_FEEDBACK_BY_CONSOLE[console].map((code) => t(`feedback.${code}`)));
}

/**
 * A feedback badge: a face and the text, announced politely to screen readers. `room` is the longest
 * text the console can show: an invisible badge holding it shares the slot's place (its text drawn by
 * CSS, so that it is never read, found or selected), so that feedback of any length up to it moves
 * nothing below the slot, the check button above all.
 */
export function FeedbackBadge({
  badge,
  visible,
  room,
}: {
  badge: BadgeState | null;
  visible: boolean;
  room?: string;
}) {
  return (
    <div className="kib-badge-slot">
      {room ? (
        <span className="kib-badge-room" aria-hidden="true">
          <span data-text="☹" />
          <span data-text={room} />
        </span>
      ) : null}
      <div role="status" aria-live="polite" className="kib-badge-live">
        {visible && badge ? (
          <span className={`kib-badge ${badge.correct ? 'kib-badge--correct' : 'kib-badge--wrong'}`}>
            <span aria-hidden="true">{badge.correct ? '☺' : '☹'}</span>
            <span>{badge.text}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
