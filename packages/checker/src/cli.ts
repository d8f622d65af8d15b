import readline from 'node:readline';
import { check, parseCheckRequest } from './index';

/**
 * `kib-check`: reads JSON Lines of `{ mathType, data, answer }` on stdin and writes one result line per
 * request on stdout, in order. A malformed line gives `{"error": …}` on its line and the run goes on.
 * Blank lines are skipped. Exit code 0.
 */
export async function runCli(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    output.write(`${JSON.stringify(answerLine(line))}\n`);
  }
}

function answerLine(line: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { error: 'not JSON' };
  }
  const parsed = parseCheckRequest(json);
  if (!parsed.ok) return { error: parsed.error };
  try {
    return check(parsed.request);
  } catch (err) {
    return {
      error: `the problem definition cannot be checked: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
