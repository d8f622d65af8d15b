/** The file name the recognition service receives (spec 01 §5). */
export const HANDWRITING_FILE_NAME = 'canvas-image.png';

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
 * Reads the recognition service's response text (spec 01 §5): the LaTeX, or null when the text
 * mentions 'document' (an HTML error page), is not JSON after normalisation, or has no non-empty
 * string `latex`. A response that already is valid JSON is read as is, so a prime in `f'(x)` survives
 * the quote normalisation meant for Python-style `{'latex': …}` responses.
 */
export function readRecognition(text: string): string | null {
  if (text.includes('document')) return null;
  return latexOf(text) ?? latexOf(normaliseRecognitionText(text));
}
