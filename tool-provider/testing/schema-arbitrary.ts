import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's `toJSONSchema` writes for the contract's bodies. */
interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const SAFE = Number.MAX_SAFE_INTEGER;

function integers(s: JsonSchema): fc.Arbitrary<number> {
  const lo = Math.max(
    -SAFE,
    s.minimum ?? (s.exclusiveMinimum === undefined ? -SAFE : s.exclusiveMinimum + 1),
  );
  const hi = Math.min(SAFE, s.maximum ?? (s.exclusiveMaximum === undefined ? SAFE : s.exclusiveMaximum - 1));
  const small = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) });
  // The bounds themselves are where storage overflows hide (an int column under a safe-integer schema).
  return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(lo, hi) });
}

function numbers(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e308;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e308;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter(
      (n) =>
        (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
        (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum),
    );
}

function strings(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 2_000;
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === 'date')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'base64') return fc.base64String({ maxLength: 400 });
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((t) => t.length >= minLength && t.length <= maxLength);
    } catch {
      return fc.string({ minLength, maxLength: Math.min(maxLength, 40) });
    }
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 40), unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.constant('ñ'.repeat(Math.max(minLength, Math.min(maxLength, 100_000)))) },
  );
}

/** Values a JSON Schema accepts (keys as the schema names them). */
export function arbitraryOf(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map(arbitraryOf));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0]);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type })));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integers(s);
    case 'number':
      return numbers(s);
    case 'string':
      return strings(s);
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = s.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, arbitraryOf(schema)])),
        { requiredKeys: (s.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** Values a zod schema's input accepts, as the JSON Schema zod writes for it describes them. */
export function arbitraryInput(schema: z.ZodType): fc.Arbitrary<unknown> {
  return arbitraryOf(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** Every path to a value inside `value` (object entries and array items), the root excluded. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

/** A copy of `value` with the value at `path` replaced. */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}
