/** The longest first or last name stored for an LMS user. */
const NAME_MAX = 150;

/**
 * A platform user's first and last names as Kib stores them: the given and family names, or, when
 * the platform sent neither, the full name split at its first space.
 */
export function lmsNames(
  given: string | undefined,
  family: string | undefined,
  full: string | undefined,
): { firstName: string; lastName: string } {
  let firstName = (given ?? '').trim();
  let lastName = (family ?? '').trim();
  if (!firstName && !lastName && full?.trim()) {
    const [first = '', ...rest] = full.trim().split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return { firstName: firstName.slice(0, NAME_MAX), lastName: lastName.slice(0, NAME_MAX) };
}

/** Kib's language for an LMS locale (`launch_presentation_locale`, `locale`): English or Spanish. */
export function lmsLanguage(locale: string | undefined): 'es' | 'en' {
  return (locale ?? '').trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}
