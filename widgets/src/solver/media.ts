import type { PublicChoice } from '@kib/core';

/** A picture or video that is already an address (an older problem's, a story's): used as it is. */
const ADDRESS = /^(?:https?:\/\/|\/|data:image\/|blob:)/i;

/**
 * The address of a stored picture or video: `${baseUrl}/${key}`, the key escaped as one path segment
 * and the base's trailing slashes dropped, so the two never meet in `//`. Null when there is no key,
 * or when the key needs a base and none is configured (`baseUrl` null or empty). A key that is
 * already an address is answered as it is.
 */
export function mediaUrl(baseUrl: string | null | undefined, key: string | null | undefined): string | null {
  const name = key?.trim() ?? '';
  if (name === '') return null;
  if (ADDRESS.test(name)) return name;
  const base = baseUrl?.trim() ?? '';
  if (base === '') return null;
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;
}

/** Multiple-choice options with their pictures as addresses; an option whose picture cannot be shown has none. */
export function choicesWithPictures(
  choices: readonly PublicChoice[],
  pictureBaseUrl: string | null | undefined,
) {
  return choices.map((choice) => ({ ...choice, picture: mediaUrl(pictureBaseUrl, choice.picture) }));
}
