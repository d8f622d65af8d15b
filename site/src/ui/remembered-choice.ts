/**
 * The site's cookies of the reader's own choices: the language, and the places and content chosen
 * last (spec 01 §9). Cookies, not storage, as the spec says; each for the whole site (`path=/`),
 * sent on same-site navigations only (`SameSite=Lax`), and `Secure` over HTTPS.
 */

/** A cookie's value, or null when the browser holds none by that name (`cookies`: `document.cookie`). */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A value that is not valid URI encoding was not written by the site: as if it were absent.
      return null;
    }
  }
  return null;
}

/** Sets a cookie for the whole site, kept for `maxAgeSeconds`. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax${secure}`;
}

/** Removes a cookie set by {@link writeCookie} (the same attributes, kept for no time). */
export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}

/** How long a remembered choice is kept, in seconds (spec 01 §9: "maxAge of 5000"). */
export const REMEMBERED_CHOICE_MAX_AGE = 5000;

/**
 * The choices the site remembers and their cookies: the school registration form's country,
 * territorial entity and city, and the course dashboard's topic and subtopic (spec 01 §9), with the
 * course that holds them, so the dashboard reopens on the same course when a topic is in several.
 */
export const REMEMBERED_CHOICES = {
  country: 'kib_country',
  territorialEntity: 'kib_territorial_entity',
  city: 'kib_city',
  course: 'kib_course',
  topic: 'kib_topic',
  subtopic: 'kib_subtopic',
} as const;

/** One of the remembered choices. */
export type RememberedChoice = keyof typeof REMEMBERED_CHOICES;

/** The largest id a row can have (PostgreSQL integer): a longer number is not an id of ours. */
const MAX_ID = 2_147_483_647;

/**
 * Remembers the id the reader chose for {@link REMEMBERED_CHOICE_MAX_AGE} seconds; null or
 * undefined (nothing chosen) forgets the choice.
 */
export function rememberChoice(choice: RememberedChoice, id: number | null | undefined): void {
  const name = REMEMBERED_CHOICES[choice];
  if (id == null) deleteCookie(name);
  else writeCookie(name, String(id), REMEMBERED_CHOICE_MAX_AGE);
}

/**
 * The id remembered for a choice, checked as it is read: a positive whole id, and, given the list
 * the reader can choose from now, one of its items. Anything else (no cookie, a malformed value, an
 * item no longer listed) is null, so a stale choice is simply not restored.
 */
export function recallChoice(
  choice: RememberedChoice,
  among?: readonly { readonly id: number }[],
): number | null {
  const raw = readCookie(REMEMBERED_CHOICES[choice]);
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  if (id > MAX_ID) return null;
  if (among && !among.some((item) => item.id === id)) return null;
  return id;
}
