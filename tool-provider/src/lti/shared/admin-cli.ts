import type { ZodType } from 'zod';
import { AppError, fromZodError, renderError } from '../../http/errors';

/** Where an `npm run lti` command prints. */
export interface CliOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The positional arguments and `--name value` options of a command line (after the command). */
export function cliArgs(rest: readonly string[]) {
  return {
    positional: rest.filter((a, i) => !a.startsWith('--') && !rest[i - 1]?.startsWith('--')),
    /** Every value given to `--name`, in order. */
    options: (name: string) =>
      rest.flatMap((a, i) => (a === `--${name}` && rest[i + 1] ? [rest[i + 1]!] : [])),
  };
}

/** Parses a command's input with the API's schema: bad input is the same 400 the API answers. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/**
 * Runs a command and answers its exit code: 0 when it worked; for an AppError its English text on
 * `err` and 2 for bad input (with the usage) or 1 for anything else (a taken key, an unknown one).
 */
export async function runAdminCommand(usage: string, output: CliOutput, work: () => Promise<void>) {
  try {
    await work();
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const rendered = renderError(error, 'en');
    if (error.code !== 'validation') output.err(rendered.detail);
    else
      for (const [field, messages] of Object.entries(rendered.fields ?? {}))
        for (const message of messages) output.err(`${field}: ${message}`);
    if (error.status !== 400) return 1;
    output.err(usage);
    return 2;
  }
}
