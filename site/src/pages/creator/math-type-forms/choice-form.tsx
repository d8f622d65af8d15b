import type { ChoiceDraft } from '@kib/core';
import { LIMITS } from '@kib/core';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n/language';
import { fieldId, Group, MathInput, type FieldScope } from './fields';
import { newChoice } from './records';

/** The picture types a choice takes (spec 02 §5). */
const PICTURE_TYPES = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/** A choice text that is one math span `$…$` (or empty): the math field edits what is inside. */
const MATH_ONLY = /^\$([^$]*)\$$/;

function mathOf(text: string): string | null {
  if (text === '') return '';
  const match = MATH_ONLY.exec(text);
  return match ? (match[1] ?? '') : null;
}

/**
 * multipleChoice: the options, each with its text (math, stored between dollar signs), picture and
 * correctness; options are added at the end, and one can be deleted only while more than one exists
 * (spec 02 §5). A picture picked goes to the parent through `onChoicePicture`.
 */
export function ChoicesForm({
  choices,
  scope,
  onChange,
  onChoicePicture,
}: {
  choices: ChoiceDraft[];
  scope: FieldScope;
  onChange(choices: ChoiceDraft[]): void;
  onChoicePicture?(choiceKey: string, file: File | null): void;
}) {
  const t = useT();
  const implied = useRef<ChoiceDraft | null>(null);
  implied.current ??= newChoice();
  const shown = choices.length > 0 ? choices : [implied.current];
  const [picked, setPicked] = useState<Record<string, string>>({});
  // Choices the creator writes as text with math between $ (those whose text is not one math span are always so).
  const [asText, setAsText] = useState<Record<string, boolean>>({});
  const addRef = useRef<HTMLButtonElement>(null);
  const replace = (key: string, patch: Partial<ChoiceDraft>) =>
    onChange(shown.map((choice) => (choice.key === key ? { ...choice, ...patch } : choice)));
  const canDelete = shown.length > 1;
  return (
    <Group scope={scope} path="choices" legend={t('creator.form.choices')}>
      <p className="field-hint">{t('creator.form.choices-hint')}</p>
      <ol className="creator-form__choices">
        {shown.map((choice, index) => {
          const n = index + 1;
          const path = `choices.${index}`;
          const math = mathOf(choice.text);
          const textMode = math === null || asText[choice.key] === true;
          const modeId = fieldId(scope.idPrefix, `${path}.text-mode`);
          const textId = fieldId(scope.idPrefix, `${path}.text`);
          const textErrorKey = scope.errors?.[`${path}.text`] ?? scope.errors?.[path];
          const textError =
            textErrorKey === 'creator.form.error.choice-empty' && picked[choice.key]
              ? undefined
              : textErrorKey && t(textErrorKey);
          const pictureId = fieldId(scope.idPrefix, `${path}.picture`);
          const correctId = fieldId(scope.idPrefix, `${path}.correct`);
          return (
            <li key={choice.key} className="creator-form__choice">
              <Group scope={scope} legend={t('creator.form.choice-n', { n })}>
                <div className="field creator-form__check">
                  <input
                    id={modeId}
                    type="checkbox"
                    checked={textMode}
                    disabled={math === null}
                    aria-describedby={math === null ? `${modeId}-hint` : undefined}
                    onChange={(event) =>
                      setAsText((current) => ({ ...current, [choice.key]: event.target.checked }))
                    }
                  />
                  <label htmlFor={modeId}>{t('creator.form.choice-text-mode', { n })}</label>
                  {math === null && (
                    <div id={`${modeId}-hint`} className="field-hint">
                      {t('creator.form.choice-text-mode-fixed')}
                    </div>
                  )}
                </div>
                {!textMode ? (
                  <MathInput
                    id={textId}
                    label={t('creator.form.choice-text', { n })}
                    value={math ?? ''}
                    error={textError}
                    onChange={(latex) =>
                      replace(choice.key, { text: latex.trim() === '' ? '' : `$${latex}$` })
                    }
                  />
                ) : (
                  <div className="field">
                    <label htmlFor={textId}>{t('creator.form.choice-text', { n })}</label>
                    <input
                      id={textId}
                      type="text"
                      value={choice.text}
                      maxLength={LIMITS.latexMaxLength}
                      aria-invalid={textError ? true : undefined}
                      aria-describedby={[`${textId}-hint`, textError ? `${textId}-error` : null]
                        .filter(Boolean)
                        .join(' ')}
                      onChange={(event) => replace(choice.key, { text: event.target.value })}
                    />
                    <div id={`${textId}-hint`} className="field-hint">
                      {t('creator.form.choice-text-mixed-hint')}
                    </div>
                    {textError && (
                      <div id={`${textId}-error`} className="field-error">
                        {textError}
                      </div>
                    )}
                  </div>
                )}
                <div className="field">
                  <label htmlFor={pictureId}>{t('creator.form.choice-picture', { n })}</label>
                  <input
                    id={pictureId}
                    type="file"
                    accept={PICTURE_TYPES}
                    aria-describedby={`${pictureId}-hint`}
                    onChange={(event) => {
                      const file = event.target.files?.[0] ?? null;
                      setPicked((current) => {
                        const next = { ...current };
                        if (file) next[choice.key] = file.name;
                        else delete next[choice.key];
                        return next;
                      });
                      if (choices.length === 0) onChange(shown);
                      onChoicePicture?.(choice.key, file);
                    }}
                  />
                  <div id={`${pictureId}-hint`} className="field-hint">
                    {picked[choice.key]
                      ? t('creator.form.choice-picture-picked', { name: picked[choice.key] })
                      : choice.picture
                        ? t('creator.form.choice-picture-stored')
                        : t('creator.form.choice-picture-hint')}
                  </div>
                  {(choice.picture || picked[choice.key]) && (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => {
                        setPicked((current) => {
                          const next = { ...current };
                          delete next[choice.key];
                          return next;
                        });
                        const input = document.getElementById(pictureId) as HTMLInputElement | null;
                        if (input) input.value = '';
                        replace(choice.key, { picture: null });
                        onChoicePicture?.(choice.key, null);
                      }}
                    >
                      {t('creator.form.choice-picture-remove', { n })}
                    </button>
                  )}
                </div>
                <div className="field creator-form__check">
                  <input
                    id={correctId}
                    type="checkbox"
                    checked={choice.correct}
                    onChange={(event) => replace(choice.key, { correct: event.target.checked })}
                  />
                  <label htmlFor={correctId}>{t('creator.form.choice-correct', { n })}</label>
                </div>
                <button
                  type="button"
                  className="button button-secondary creator-form__remove"
                  disabled={!canDelete}
                  aria-describedby={canDelete ? undefined : fieldId(scope.idPrefix, 'choices-keep-one')}
                  onClick={() => {
                    onChange(shown.filter((c) => c.key !== choice.key));
                    addRef.current?.focus();
                  }}
                >
                  {t('creator.form.choice-delete', { n })}
                </button>
              </Group>
            </li>
          );
        })}
      </ol>
      {!canDelete && (
        <p id={fieldId(scope.idPrefix, 'choices-keep-one')} className="field-hint">
          {t('creator.form.choice-keep-one')}
        </p>
      )}
      <button
        ref={addRef}
        type="button"
        className="button button-secondary creator-form__add"
        disabled={shown.length >= LIMITS.choicesMaxItems}
        onClick={() => onChange([...shown, newChoice()])}
      >
        {t('creator.form.choice-add')}
      </button>
    </Group>
  );
}
