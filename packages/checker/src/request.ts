import { ANSWER_SCHEMAS, MATH_TYPE_DATA_SCHEMAS, MathTypeSchema, type MathType } from '@kib/core';
import { z } from 'zod';
import type { CheckRequest } from './types';

const CheckChoicesSchema = z.object({
  choices: z
    .array(z.object({ id: z.number().int(), correct: z.boolean() }).loose())
    .min(1)
    .max(50),
});

/** The outcome of reading an untrusted check request. */
export type ParsedRequest = { ok: true; request: CheckRequest } | { ok: false; error: string };

/**
 * Reads an untrusted `{ mathType, data, answer }` (the CLI's input, a test corpus): fields missing
 * from `data` take their empty defaults (lists empty, switches off, optional texts null), then data
 * and answer are validated with the core schemas. Never throws.
 */
export function parseCheckRequest(input: unknown): ParsedRequest {
  if (!input || typeof input !== 'object') return { ok: false, error: 'a request is a JSON object' };
  const raw = input as Record<string, unknown>;
  const mathType = MathTypeSchema.safeParse(raw.mathType);
  if (!mathType.success) return { ok: false, error: `unknown mathType ${JSON.stringify(raw.mathType)}` };
  const type: MathType = mathType.data;
  const dataSchema = type === 'multipleChoice' ? CheckChoicesSchema : MATH_TYPE_DATA_SCHEMAS[type];
  const data = dataSchema.safeParse(withDefaults(dataSchema, raw.data));
  if (!data.success) return { ok: false, error: `data: ${summarise(data.error)}` };
  const answer = ANSWER_SCHEMAS[type].safeParse(raw.answer);
  if (!answer.success) return { ok: false, error: `answer: ${summarise(answer.error)}` };
  const step = typeof raw.step === 'number' && Number.isInteger(raw.step) ? raw.step : undefined;
  return {
    ok: true,
    request: { mathType: type, data: data.data, answer: answer.data, step } as CheckRequest,
  };
}

function summarise(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'} ${i.message}`)
    .join('; ');
}

/** Fills the keys an object schema has and the value lacks with the empty value of their type. */
function withDefaults(schema: z.ZodType, value: unknown): unknown {
  const shape = objectShape(schema);
  if (!shape || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(shape)) {
    if (out[key] !== undefined) continue;
    const empty = emptyOf(field);
    if (empty !== undefined) out[key] = empty;
  }
  return out;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let s: z.ZodType = schema;
  for (let i = 0; i < 5; i++) {
    if (s instanceof z.ZodObject) return s.shape as Record<string, z.ZodType>;
    const inner = (s as unknown as { def?: { in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } })
      .def;
    const next = inner?.in ?? inner?.innerType ?? inner?.schema;
    if (!next) return undefined;
    s = next;
  }
  return undefined;
}

function emptyOf(field: z.ZodType): unknown {
  const def = (field as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } }).def;
  switch (def.type) {
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'nullable':
    case 'optional':
      return null;
    case 'default':
      return undefined;
    case 'pipe':
      return def.in ? emptyOf(def.in) : undefined;
    default:
      return def.innerType ? emptyOf(def.innerType) : undefined;
  }
}
