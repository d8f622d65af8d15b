import { ANSWER_TEST_TYPES, LIMITS, shortId, type AnswerTest, type MathType } from '@kib/core';
import solveFeedback from '@kib/i18n/locales/feedback/solve.es.json' with { type: 'json' };
import textFeedback from '@kib/i18n/locales/feedback/text.es.json' with { type: 'json' };
import { useId } from 'react';
import { useT } from '../../i18n/language';
import { useCreatorDraftStore, type ItemRef } from './creator-draft.store';

/** The checker's feedback on typed lines an author may expect a wrong answer to get, by key. */
const FEEDBACK_KEYS = [...new Set([...Object.keys(textFeedback), ...Object.keys(solveFeedback)])].sort();

/** Whether a math type's answers can be tested with typed answers. */
export const takesAnswerTests = (mathType: MathType) =>
  (ANSWER_TEST_TYPES as readonly MathType[]).includes(mathType);

/** A feedback text as an option's label: its placeholders shown as an ellipsis. */
const optionText = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '…').replace(/\$[^$]*\$/g, '…');

/**
 * A numeral's or step's question tests (as STACK's): answers a student might type, one line per
 * line, each with what Kib must do with it — accept it, or reject it, optionally with a given
 * feedback. Saving runs them; a failing one keeps the problem from being published, named in the
 * author's words.
 */
export function AnswerTestsEditor({
  itemRef,
  tests,
  label,
}: {
  itemRef: ItemRef;
  tests: readonly AnswerTest[];
  /** The item's name ("Numeral 2"), for the list's accessible name. */
  label: string;
}) {
  const t = useT();
  const id = useId();
  const store = useCreatorDraftStore();
  const set = (next: AnswerTest[]) => store.getState().setAnswerTests(itemRef, next);
  const change = (key: string, patch: Partial<AnswerTest>) =>
    set(tests.map((test) => (test.key === key ? { ...test, ...patch } : test)));
  const full = tests.length >= LIMITS.answerTestsMaxItems;
  return (
    <fieldset className="creator-answer-tests" aria-describedby={`${id}-hint`}>
      <legend>{t('creator.tests.legend', { name: label })}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('creator.tests.hint')}
      </p>
      {tests.length > 0 && (
        <ol className="creator-answer-tests-list">
          {tests.map((test, i) => {
            const n = i + 1;
            const field = `${id}-${test.key}`;
            return (
              <li key={test.key} className="creator-answer-test">
                <div className="field">
                  <label htmlFor={`${field}-answer`}>{t('creator.tests.answer', { n })}</label>
                  <textarea
                    id={`${field}-answer`}
                    rows={2}
                    spellCheck={false}
                    maxLength={LIMITS.latexMaxLength}
                    value={test.answer}
                    onChange={(e) => change(test.key, { answer: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`${field}-expect`}>{t('creator.tests.expect', { n })}</label>
                  <select
                    id={`${field}-expect`}
                    value={test.expect}
                    onChange={(e) =>
                      change(test.key, {
                        expect: e.target.value as AnswerTest['expect'],
                        ...(e.target.value === 'accept' ? { feedback: null } : {}),
                      })
                    }
                  >
                    <option value="accept">{t('creator.tests.accept')}</option>
                    <option value="reject">{t('creator.tests.reject')}</option>
                  </select>
                </div>
                {test.expect === 'reject' && (
                  <div className="field">
                    <label htmlFor={`${field}-feedback`}>{t('creator.tests.feedback', { n })}</label>
                    <select
                      id={`${field}-feedback`}
                      value={test.feedback ?? ''}
                      onChange={(e) => change(test.key, { feedback: e.target.value || null })}
                    >
                      <option value="">{t('creator.tests.any-feedback')}</option>
                      {FEEDBACK_KEYS.map((key) => (
                        <option key={key} value={`feedback.${key}`}>
                          {optionText(t(`feedback.${key}`))}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <button
                  type="button"
                  className="button button-secondary creator-form__remove"
                  onClick={() => set(tests.filter((x) => x.key !== test.key))}
                >
                  {t('creator.tests.remove', { n })}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={full}
        onClick={() => set([...tests, { key: shortId(8), answer: '', expect: 'reject', feedback: null }])}
      >
        {t('creator.tests.add')}
      </button>
    </fieldset>
  );
}
