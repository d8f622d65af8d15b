import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/kib-check.mjs');

function run(input: string): unknown[] {
  const out = spawnSync(process.execPath, [BIN], { input, encoding: 'utf8', timeout: 60_000 });
  expect(out.status).toBe(0);
  return out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
}

// Each test starts a Node process that loads the checker: seconds on a busy machine, not a frame.
describe('kib-check', { timeout: 30_000 }, () => {
  it('marks 2x+5 wrong for 2(x+3) and highlights the constant term', () => {
    const [result] = run(
      '{"mathType":"simplify","data":{"startingExpression":"2(x+3)","target":"2x+6"},"answer":[{"math":"2x+5"}]}\n',
    );
    expect(result).toMatchObject({ correct: false, lines: [{ correct: false, highlight: [1] }] });
  });

  it('answers every line in order, an error object for a malformed one, and goes on', () => {
    const results = run(
      [
        '{"mathType":"numberlinePoints","data":{"points":[2]},"answer":[2]}',
        'not json',
        '',
        '{"mathType":"nope","data":{},"answer":[]}',
        '{"mathType":"multipleChoice","data":{"choices":[{"id":1,"correct":true},{"id":2,"correct":false}]},"answer":[2]}',
      ].join('\n'),
    );
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({ correctAns: true });
    expect(results[1]).toEqual({ error: 'not JSON' });
    expect(results[2]).toMatchObject({ error: expect.stringContaining('mathType') });
    expect(results[3]).toMatchObject({ correct: false });
  });
});
