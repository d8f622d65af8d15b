import type { MultipleChoiceAnswer, PublicChoice } from '@kib/core';

/** The choices in the order the author gave them (their `position`; ties keep the list order). */
export function orderedChoices(choices: readonly PublicChoice[]): PublicChoice[] {
  return choices
    .map((choice, index) => ({ choice, index }))
    .sort((a, b) => a.choice.position - b.choice.position || a.index - b.index)
    .map(({ choice }) => choice);
}

/**
 * A saved or incoming selection made safe to show: ids that are not choices and repeats are dropped,
 * the rest follow the choices' order, and a single-selection list keeps one id at most.
 */
export function normalizeSelection(
  value: readonly unknown[] | null | undefined,
  choices: readonly PublicChoice[],
  multiple: boolean,
): MultipleChoiceAnswer {
  const wanted = new Set(Array.isArray(value) ? value : []);
  const kept = orderedChoices(choices)
    .filter((c) => wanted.has(c.id))
    .map((c) => c.id);
  return multiple ? kept : kept.slice(0, 1);
}

/**
 * The selection after the student picks choice `id` (spec 02 §4): a single-selection list replaces
 * the selection with it (picking it again keeps it, as a radio group does); a multi-select list
 * toggles it. The result follows the choices' order and never repeats an id.
 */
export function pickChoice(
  selected: readonly number[],
  id: number,
  choices: readonly PublicChoice[],
  multiple: boolean,
): MultipleChoiceAnswer {
  if (!choices.some((c) => c.id === id)) return normalizeSelection(selected, choices, multiple);
  if (!multiple) return [id];
  const next = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
  return normalizeSelection(next, choices, true);
}

/** The LaTeX of a choice text with its dollar signs taken away: a plain reading for an image's alt. */
export function plainChoiceText(text: string): string {
  return text
    .split('\\$')
    .map((part) => part.replace(/\$/g, ''))
    .join('$')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The letter shown before the n-th choice (0 → A, 25 → Z, 26 → AA). */
export function choiceLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/**
 * Where a choice's picture is: an http(s), root-relative, `data:image/` or `blob:` address is used as
 * it is; a storage key is read from `pictureBase` (e.g. `/api/pictures/`), or as a relative address without it.
 */
export function pictureSource(picture: string, pictureBase?: string): string {
  if (/^(?:https?:|data:image\/|blob:|\/)/i.test(picture)) return picture;
  const path = picture.split('/').map(encodeURIComponent).join('/');
  return pictureBase ? `${pictureBase.replace(/\/*$/, '/')}${path}` : path;
}
