/** A point of a plane as the checkers read it from an untrusted answer. */
export interface PlanePoint {
  x: number;
  y: number;
}

/**
 * True when two numbers are the same up to a relative tolerance (points snap to half a scale step;
 * an author's `\frac{1}{3}` and the snapped value differ only by rounding).
 */
export function sameNumber(a: number, b: number, relative = 1e-6): boolean {
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= relative * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The point, when the value is an object with finite numeric x and y; otherwise null. */
export function readPoint(value: unknown): PlanePoint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { x, y } = value as Record<string, unknown>;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
    return null;
  return { x, y };
}

/** The items of an untrusted list answer, at most `max` of them; anything else is an empty list. */
export function listOf(value: unknown, max: number): unknown[] {
  return Array.isArray(value) ? value.slice(0, max) : [];
}

/**
 * Splits a typed list at `separator` (by default `;` when the text has one, else `,`) where no
 * bracket or brace is open: `(1,2);(3,4)` gives `(1,2)` and `(3,4)`. Parts are not trimmed.
 */
export function splitTopLevel(text: string, separator = text.includes(';') ? ';' : ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
