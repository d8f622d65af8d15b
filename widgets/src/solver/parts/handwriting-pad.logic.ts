/** The file name the recognition service receives (spec 01 §5). */
export const HANDWRITING_FILE_NAME = 'canvas-image.png';

/** The reading of a recognition answer (spec 01 §5), shared with the server. */
export { normaliseRecognitionText, readRecognition } from '@kib/core';
