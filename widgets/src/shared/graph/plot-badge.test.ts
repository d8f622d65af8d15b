import { translate } from '@kib/i18n';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../i18n';
import { plotBadge } from './plot-badge';

const es: Translate = (key, params) => translate('es', key, params);

describe('plotBadge', () => {
  it('hides the badge before any feedback', () => {
    expect(plotBadge(es, null)).toBeNull();
  });
  it('says ¡Muy bien! when right, whatever the server text', () => {
    expect(plotBadge(es, { correctAns: true, feedbacks: 'feedback.points-correct' })).toEqual({
      correct: true,
      text: '¡Muy bien!',
    });
  });
  it('shows the checker message when wrong', () => {
    expect(plotBadge(es, { correctAns: false, feedbacks: 'feedback.line-same-point' })?.text).toBe(
      translate('es', 'feedback.line-same-point'),
    );
  });
  it('falls back to ¡Intenta de nuevo! without a message', () => {
    expect(plotBadge(es, { correctAns: false, feedbacks: '' })).toEqual({
      correct: false,
      text: '¡Intenta de nuevo!',
    });
  });
});
