import type { MultipleChoiceAnswer } from '@kib/core';
import { useId, useMemo, useState } from 'react';
import {
  FeedbackBadge,
  defaultBadgeText,
  graphicalBadgeRoom,
  useFeedbackBadge,
} from '../shared/feedback-badge/feedback-badge';
import { messageText, useT } from '../shared/i18n';
import { MathText } from '../shared/math-text';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import css from './choice-console.css?inline';
import type { ChoiceConsoleProps } from './choice-console.types';
import {
  choiceLetter,
  normalizeSelection,
  orderedChoices,
  pickChoice,
  pictureSource,
  plainChoiceText,
} from './choice-selection';

/**
 * The multiple-choice console (spec 02 §2–§4): the choices as a radio group (one answer) or a
 * checkbox group (`multipleSelection`), each with its text (math rendered) and picture. Reports the
 * selected choice ids after every change and shows the checker's message with a happy or sad face.
 */
export function ChoiceConsole({
  data,
  value,
  onAnswer,
  feedback,
  disabled = false,
  lang,
  label,
  pictureBase,
}: ChoiceConsoleProps) {
  const t = useT(lang);
  const uid = useId();
  const { announce, region } = useAnnouncer();
  const multiple = data.multipleSelection;
  const choices = useMemo(() => orderedChoices(data.choices), [data.choices]);

  // The local copy follows `value` whenever its content changes, and survives a parent that is slow
  // to feed the answer back.
  const valueKey = JSON.stringify(value ?? null);
  const [seenKey, setSeenKey] = useState(valueKey);
  const [local, setLocal] = useState<readonly unknown[]>(() => value ?? []);
  if (valueKey !== seenKey) {
    setSeenKey(valueKey);
    setLocal(value ?? []);
  }
  const selected = normalizeSelection(local, choices, multiple);
  // Pictures that did not load are left out; an option left without text then shows its letter's name.
  const [brokenPictures, setBrokenPictures] = useState<ReadonlySet<string>>(() => new Set());

  const badge = useMemo(
    () =>
      feedback
        ? {
            correct: feedback.correct,
            text: messageText(t, feedback.feedback) || defaultBadgeText(t, feedback.correct),
          }
        : null,
    [feedback, t],
  );
  const { visible } = useFeedbackBadge(badge, feedback, selected);

  const choose = (id: number) => {
    if (disabled) return;
    const next: MultipleChoiceAnswer = pickChoice(selected, id, choices, multiple);
    setLocal(next);
    onAnswer?.(next);
    const index = choices.findIndex((c) => c.id === id);
    const letter = choiceLetter(index);
    if (!multiple) announce(t('choice-console.selected', { letter }));
    else
      announce(
        `${t(next.includes(id) ? 'choice-console.selected' : 'choice-console.deselected', { letter })} ${t(
          'choice-console.selected-count',
          { count: next.length },
        )}`,
      );
  };

  const instruction = t(
    multiple ? 'choice-console.instruction-multiple' : 'choice-console.instruction-single',
  );
  const hintId = `${uid}-hint`;
  const hint = [label ? instruction : '', multiple ? t('choice-console.hint-multiple') : '']
    .filter((part) => part !== '')
    .join(' ');

  return (
    <div className="kib-root kib-choice-console">
      <WidgetStyles css={css} />
      <fieldset
        className="kib-choice-console__group"
        role={multiple ? undefined : 'radiogroup'}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
      >
        <legend className={label ? 'kib-visually-hidden' : 'kib-choice-console__legend'}>
          {label ? <MathText text={label} /> : instruction}
        </legend>
        {hint ? (
          <p id={hintId} className="kib-choice-console__hint">
            {hint}
          </p>
        ) : null}
        {choices.length === 0 ? (
          <p className="kib-choice-console__empty">{t('choice-console.no-choices')}</p>
        ) : null}
        <div className="kib-choice-console__list">
          {choices.map((choice, index) => {
            const checked = selected.includes(choice.id);
            const letter = choiceLetter(index);
            const text = plainChoiceText(choice.text);
            const picture = choice.picture ? pictureSource(choice.picture, pictureBase) : null;
            const shownPicture = picture && !brokenPictures.has(picture) ? picture : null;
            return (
              <div key={choice.id} className="kib-choice-console__item">
                <label className={`kib-choice-console__choice${checked ? ' is-selected' : ''}`}>
                  <input
                    className="kib-choice-console__input"
                    type={multiple ? 'checkbox' : 'radio'}
                    name={multiple ? undefined : `${uid}-choice`}
                    value={choice.id}
                    checked={checked}
                    onChange={() => choose(choice.id)}
                  />
                  <span className="kib-choice-console__letter">{letter}</span>
                  <span className="kib-choice-console__content">
                    {choice.text.trim() !== '' ? (
                      <MathText className="kib-choice-console__text" text={choice.text} />
                    ) : null}
                    {shownPicture ? (
                      <img
                        className="kib-choice-console__picture"
                        src={shownPicture}
                        alt={
                          text !== ''
                            ? t('choice-console.picture-of', { text })
                            : t('choice-console.option', { letter })
                        }
                        loading="lazy"
                        decoding="async"
                        onError={() => setBrokenPictures((broken) => new Set(broken).add(shownPicture))}
                      />
                    ) : null}
                    {choice.text.trim() === '' && !shownPicture ? (
                      <span>{t('choice-console.option', { letter })}</span>
                    ) : null}
                  </span>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <FeedbackBadge badge={badge} visible={visible} room={graphicalBadgeRoom(t, 'multipleChoice')} />
      {region}
    </div>
  );
}
