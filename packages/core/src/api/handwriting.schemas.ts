import { z } from 'zod';
import { PHONE_PHOTO_STATUSES } from './handwriting';

/**
 * POST get_handwritten_latex/: the recognised LaTeX, already read by the checker's parser; null when
 * the drawing could not be read as an expression (the pad's 'WrongLatex' warning).
 */
export const HandwrittenLatexSchema = z.object({ latex: z.string().nullable() });
/** What POST get_handwritten_latex/ answers. */
export type HandwrittenLatex = z.infer<typeof HandwrittenLatexSchema>;

/** POST phone_photo/sessions/: the numeral the photo is for. */
export const PhonePhotoSessionRequestSchema = z.object({
  numeralId: z.number('validation.invalid').int('validation.invalid').positive('validation.invalid'),
});
/** What POST phone_photo/sessions/ takes. */
export type PhonePhotoSessionRequest = z.infer<typeof PhonePhotoSessionRequestSchema>;

/**
 * POST phone_photo/sessions/: the phone's page (`phoneUrl`, shown as a QR code; its token, in the
 * address's fragment, opens the link once), the desktop's own token for the socket at
 * `PHONE_PHOTO_SOCKET_PATH`, and when both expire.
 */
export const PhonePhotoSessionSchema = z.object({
  phoneUrl: z.string(),
  desktopToken: z.string(),
  expiresAt: z.string(),
});
/** What POST phone_photo/sessions/ answers. */
export type PhonePhotoSession = z.infer<typeof PhonePhotoSessionSchema>;

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
