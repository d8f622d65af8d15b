/**
 * The limits of handwriting and phone photos, and the reading of a recognition service's answer: plain
 * values and functions, without the schemas of `handwriting.schemas.ts`, for the solver's pad and
 * the phone-photo pages.
 */

/** The largest handwriting image (the pad's PNG) the server takes, in bytes. */
export const HANDWRITING_MAX_BYTES = 2 * 1024 * 1024;
/** The largest width or height, in pixels, of a handwriting image. */
export const HANDWRITING_MAX_SIDE = 4096;

/** The largest phone photo the server takes, in bytes. */
export const PHONE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** How long a phone-photo link (its QR code) may be opened, in seconds. */
export const PHONE_PHOTO_TTL_SECONDS = 10 * 60;

/** The path of the phone-photo socket (a WebSocket, not an endpoint of `API`), below the site's origin. */
export const PHONE_PHOTO_SOCKET_PATH = '/api/ws/photo';

/**
 * The link between a desktop and a phone, as both show it (spec 03 §4): no phone yet or the link is
 * closed (`not-connected`, red), opening (`connecting`), open (`connected`), broken (`failed`).
 */
export const PHONE_PHOTO_STATUSES = ['not-connected', 'connecting', 'connected', 'failed'] as const;
/** One of {@link PHONE_PHOTO_STATUSES}. */
export type PhonePhotoStatus = (typeof PHONE_PHOTO_STATUSES)[number];

/** The normalisation of spec 01 §5: single quotes become double quotes, newlines are removed. */
export function normaliseRecognitionText(text: string): string {
  return text.replace(/'/g, '"').replace(/[\r\n]+/g, '');
}

function latexOf(json: string): string | null {
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    const latex = (data as Record<string, unknown>).latex;
    return typeof latex === 'string' && latex.trim() !== '' ? latex : null;
  } catch {
    return null;
  }
}

/**
 * Reads a recognition service's answer text (spec 01 §5): the LaTeX, or null when the text
 * mentions 'document' (an HTML error page), is not JSON after normalisation, or has no non-empty
 * string `latex`. A text that already is valid JSON is read as is, so a prime in `f'(x)` survives
 * the quote normalisation meant for Python-style `{'latex': …}` answers.
 */
export function readRecognition(text: string): string | null {
  if (text.includes('document')) return null;
  return latexOf(text) ?? latexOf(normaliseRecognitionText(text));
}
