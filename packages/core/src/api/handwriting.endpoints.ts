import { AUTHENTICATED_OR_TEMP_STUDENT, endpoint } from './contract';
import { HANDWRITING_MAX_BYTES } from './handwriting';
import {
  HandwrittenLatexSchema,
  PhonePhotoSessionRequestSchema,
  PhonePhotoSessionSchema,
} from './handwriting.schemas';

const TAG = 'solving';

/**
 * Handwriting and the phone photo (spec 01 §2, §5, §7; spec 03 §4): a solver's drawing read as
 * LaTeX by the configured recognition service, and a link that lets the solver's phone send a photo
 * of their work to the problem page.
 */
export const HANDWRITING_ENDPOINTS = {
  handwrittenLatex: endpoint({
    method: 'post',
    path: '/get_handwritten_latex/',
    access: AUTHENTICATED_OR_TEMP_STUDENT,
    tag: TAG,
    summary:
      'Reads a handwritten expression (a PNG, as picture_0 with formdata_0) as LaTeX; null when it cannot be read; 503 when no recognition service is configured',
    response: HandwrittenLatexSchema,
    multipart: {
      jsonFields: [],
      files: [{ field: 'picture', maxBytes: HANDWRITING_MAX_BYTES }],
      maxFiles: 1,
      maxTotalBytes: HANDWRITING_MAX_BYTES + 64 * 1024,
    },
  }),
  phonePhotoSession: endpoint({
    method: 'post',
    path: '/phone_photo/sessions/',
    access: AUTHENTICATED_OR_TEMP_STUDENT,
    tag: TAG,
    summary:
      "Opens a short-lived link for the caller's phone to send a photo of their work on a numeral they may answer",
    body: PhonePhotoSessionRequestSchema,
    response: PhonePhotoSessionSchema,
    status: 201,
  }),
};
