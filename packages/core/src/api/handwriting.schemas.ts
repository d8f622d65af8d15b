import { z } from 'zod';

/** The largest handwriting image (the pad's PNG) the server takes, in bytes. */
export const HANDWRITING_MAX_BYTES = 2 * 1024 * 1024;
/** The largest width or height, in pixels, of a handwriting image. */
export const HANDWRITING_MAX_SIDE = 4096;

/**
 * POST get_handwritten_latex/: the recognised LaTeX, already read by the checker's parser; null when
 * the drawing could not be read as an expression (the pad's 'WrongLatex' warning).
 */
export const HandwrittenLatexSchema = z.object({ latex: z.string().nullable() });
/** What POST get_handwritten_latex/ answers. */
export type HandwrittenLatex = z.infer<typeof HandwrittenLatexSchema>;

/** The largest phone photo the server takes, in bytes. */
export const PHONE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** How long a phone-photo link (its QR code) may be opened, in seconds. */
export const PHONE_PHOTO_TTL_SECONDS = 10 * 60;

/** POST phone_photo/sessions/: the numeral the photo is for. */
export const PhonePhotoSessionRequestSchema = z.object({
  numeralId: z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
});
/** What POST phone_photo/sessions/ takes. */
export type PhonePhotoSessionRequest = z.infer<typeof PhonePhotoSessionRequestSchema>;

/** The path of the phone-photo socket, below the site's origin. */
export const PHONE_PHOTO_SOCKET_PATH = '/api/ws/photo';

/**
 * POST phone_photo/sessions/: the phone's page (`phoneUrl`, shown as a QR code; its token, in the
 * address's fragment, opens the link once), the desktop's own token for the socket at
 * {@link PHONE_PHOTO_SOCKET_PATH}, and when both expire.
 */
export const PhonePhotoSessionSchema = z.object({
  phoneUrl: z.string(),
  desktopToken: z.string(),
  expiresAt: z.string(),
});
/** What POST phone_photo/sessions/ answers. */
export type PhonePhotoSession = z.infer<typeof PhonePhotoSessionSchema>;

/**
 * The link between a desktop and a phone, as both show it (spec 03 §4): no phone yet or the link is
 * closed (`not-connected`, red), opening (`connecting`), open (`connected`), broken (`failed`).
 */
export const PHONE_PHOTO_STATUSES = ['not-connected', 'connecting', 'connected', 'failed'] as const;
/** One of {@link PHONE_PHOTO_STATUSES}. */
export type PhonePhotoStatus = (typeof PHONE_PHOTO_STATUSES)[number];

/** The first message of a phone-photo socket: who is calling, with their token. */
export const PhonePhotoHelloSchema = z.object({
  role: z.enum(['desktop', 'phone']),
  token: z.string().max(2000),
});
/** The first message of a phone-photo socket. */
export type PhonePhotoHello = z.infer<typeof PhonePhotoHelloSchema>;

/**
 * What the server sends on a phone-photo socket (JSON text, camelCase): the link's status (with a
 * kebab-case reason when it failed), and to the desktop the photo once it arrived — its LaTeX when
 * handwriting recognition read it, else the stored picture's key and address for the teacher.
 */
export const PhonePhotoMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    status: z.enum(PHONE_PHOTO_STATUSES),
    reason: z.string().optional(),
  }),
  z.object({
    type: z.literal('photo'),
    latex: z.string().nullable(),
    pictureKey: z.string().nullable(),
    pictureUrl: z.string().nullable(),
  }),
  z.object({ type: z.literal('sent') }),
]);
/** A message of a phone-photo socket. */
export type PhonePhotoMessage = z.infer<typeof PhonePhotoMessageSchema>;

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
