import type { PlotFeedback } from '@kib/core';
import { defaultBadgeText, type BadgeState } from '../feedback-badge/feedback-badge';
import { messageText, type Translate } from '../i18n';

/**
 * The badge of a plot console (spec 02 §8): 'Muy bien!' when right; when wrong, the checker's
 * feedback text, or 'Intenta de Nuevo!' when there is none. Null before any feedback.
 */
export function plotBadge(t: Translate, feedback: PlotFeedback | null | undefined): BadgeState | null {
  if (!feedback) return null;
  if (feedback.correctAns) return { correct: true, text: defaultBadgeText(t, true) };
  return { correct: false, text: messageText(t, feedback.feedbacks) || defaultBadgeText(t, false) };
}
