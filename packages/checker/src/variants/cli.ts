import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ProblemDraftSchema, type ProblemDraft } from '@kib/core';
import { makeVariants, VARIANTS_MAX_COUNT } from './problem';

const USAGE = `Usage: kib-variants [problem.json] [--count N] [--seed S]

Reads a problem in the creation tool's shape (a draft, or the answer of GET /api/creator/problems/{id}/)
from the file or from stdin and writes its variants as JSON: { variants: [{ problem, answers }], varied, kept }.
Each answer is a kib-check request line of a varied item's own answer. --count 1-${VARIANTS_MAX_COUNT} (default 5),
--seed any integer (default 1; the same seed gives the same variants).`;

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input)
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

function integerOption(
  value: string | undefined,
  fallback: number,
  name: string,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

class UsageError extends Error {}

/**
 * `kib-variants`: a problem JSON in, its variants out. Exit code 0 with the variants, 1 when the
 * problem has nothing to vary, 2 for bad arguments or input.
 */
export async function runVariantsCli(
  argv: readonly string[],
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errors: NodeJS.WritableStream,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        count: { type: 'string', short: 'n' },
        seed: { type: 'string', short: 's' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      output.write(`${USAGE}\n`);
      return 0;
    }
    const count = integerOption(values.count, 5, 'count', 1, VARIANTS_MAX_COUNT);
    const seed = integerOption(values.seed, 1, 'seed', -(2 ** 31), 2 ** 31 - 1);
    const text =
      positionals[0] && positionals[0] !== '-'
        ? await readFile(positionals[0], 'utf8')
        : await readAll(input);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError('the input is not JSON');
    }
    const raw =
      json && typeof json === 'object' && 'problem' in json ? (json as { problem: unknown }).problem : json;
    const parsed = ProblemDraftSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(`not a problem: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`);
    }
    const outcome = makeVariants(parsed.data as ProblemDraft, { count, seed });
    if (!outcome.ok) {
      errors.write(
        `kib-variants: no item of this problem can be varied (${outcome.kept.map((k) => k.mathType).join(', ') || 'no items'})\n`,
      );
      return 1;
    }
    output.write(
      `${JSON.stringify({ variants: outcome.variants, varied: outcome.varied, kept: outcome.kept }, null, 2)}\n`,
    );
    return 0;
  } catch (err) {
    const message =
      err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
        ? (err as Error).message
        : String(err);
    errors.write(`kib-variants: ${message}\n${USAGE}\n`);
    return 2;
  }
}
