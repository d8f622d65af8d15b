import {
  PhonePhotoMessageSchema,
  type PhonePhotoMessage,
  type PhonePhotoSession,
  type PhonePhotoStatus,
} from '@kib/core';

/**
 * What a problem page needs to let the solver's phone send a photo of their work (spec 03 §4): the
 * site passes it only where the phone-photo link works (POST phone_photo/sessions/ and the socket).
 */
export interface PhonePhotoCapability {
  /** Opens a short-lived link for the numeral: the phone's address and the desktop's token. */
  openSession(numeralId: number): Promise<PhonePhotoSession>;
  /** The phone-photo socket's address (`ws:` or `wss:`). */
  socketUrl: string;
  /** Makes the socket; the browser's WebSocket when absent. */
  createSocket?: (url: string) => WebSocket;
}

/** The photo as the desktop received it: its LaTeX when it was read, and the stored picture. */
export interface PhonePhotoResult {
  latex: string | null;
  pictureUrl: string | null;
}

/** The dialog's state: the link being opened, then the socket's status, then the photo. */
export interface PhonePhotoState {
  session: PhonePhotoSession | null;
  /** The link could not be opened (POST phone_photo/sessions/ failed). */
  sessionFailed: boolean;
  status: PhonePhotoStatus;
  /** Why the link failed (a kebab-case reason of the server's, or `socket-closed`). */
  reason: string | null;
  result: PhonePhotoResult | null;
}

/** Before the link is opened. */
export const PHONE_PHOTO_INITIAL: PhonePhotoState = {
  session: null,
  sessionFailed: false,
  status: 'not-connected',
  reason: null,
  result: null,
};

/** What changes the dialog's state. */
export type PhonePhotoAction =
  | { type: 'reset' }
  | { type: 'session'; session: PhonePhotoSession }
  | { type: 'session-failed' }
  | { type: 'socket-opening' }
  | { type: 'message'; message: PhonePhotoMessage }
  | { type: 'socket-closed' };

/** The reasons a failed link is explained with; any other reads as the general one. */
export const PHONE_PHOTO_REASONS = [
  'link-invalid',
  'link-used',
  'link-expired',
  'phone-disconnected',
  'photo-type-invalid',
  'photo-too-large',
  'photo-unreadable',
  'storage-unavailable',
] as const;

/** The i18n key that explains a failure `reason`. */
export function reasonKey(reason: string | null): string {
  return (PHONE_PHOTO_REASONS as readonly string[]).includes(reason ?? '')
    ? `phone-photo.reason-${reason}`
    : 'phone-photo.reason-other';
}

/** The dialog's reducer. A received photo or a failure is final until the next link. */
export function phonePhotoReducer(state: PhonePhotoState, action: PhonePhotoAction): PhonePhotoState {
  switch (action.type) {
    case 'reset':
      return PHONE_PHOTO_INITIAL;
    case 'session':
      return { ...PHONE_PHOTO_INITIAL, session: action.session };
    case 'session-failed':
      return { ...PHONE_PHOTO_INITIAL, sessionFailed: true, status: 'failed' };
    case 'socket-opening':
      return { ...state, status: 'connecting', reason: null };
    case 'message': {
      if (state.result || (state.status === 'failed' && state.reason)) return state;
      const message = action.message;
      if (message.type === 'photo')
        return {
          ...state,
          status: 'connected',
          result: { latex: message.latex, pictureUrl: message.pictureUrl },
        };
      if (message.type === 'status')
        return { ...state, status: message.status, reason: message.reason ?? null };
      return state;
    }
    case 'socket-closed':
      // The server closes the socket after the photo or a failure; any other closing broke the link.
      return state.result || state.status === 'failed'
        ? state
        : { ...state, status: 'failed', reason: 'socket-closed' };
  }
}

/** A socket's text message as a phone-photo message (camelCase keys), or null when it is not one. */
export function parsePhonePhotoMessage(data: unknown): PhonePhotoMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const raw = JSON.parse(data) as Record<string, unknown>;
    // The wire is snake_case (picture_key, picture_url), as every answer of the API.
    const camel = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [
        key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        value,
      ]),
    );
    const parsed = PhonePhotoMessageSchema.safeParse(camel);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
