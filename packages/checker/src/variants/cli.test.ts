import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { numeral, problem, solve } from './variants.fixtures';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin');

function run(bin: string, args: string[], input = '') {
  return spawnSync(process.execPath, [path.join(BIN, bin), ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

// Each test starts Node processes that load the checker: seconds on a busy machine.
describe('kib-variants', { timeout: 60_000 }, () => {
  it('writes the variants of a problem file, whose answers kib-check accepts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kib-variants-'));
    const file = path.join(dir, 'problem.json');
    writeFileSync(
      file,
      JSON.stringify({ problem: problem([numeral('Resuelve.', 'solve', solve('2x+3=7', ['x=2']))]) }),
    );
    const out = run('kib-variants.mjs', [file, '--count', '3', '--seed', '9']);
    expect(out.status, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout) as {
      variants: { problem: { numerals: { data: { startingExpression: string } }[] }; answers: object[] }[];
    };
    expect(result.variants).toHaveLength(3);
    const starts = result.variants.map((v) => v.problem.numerals[0]!.data.startingExpression);
    expect(new Set([...starts, '2x+3=7']).size).toBe(4);
    const lines = result.variants.flatMap((v) => v.answers.map((a) => JSON.stringify(a))).join('\n');
    const checked = run('kib-check.mjs', [], lines);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { correct: boolean });
    expect(verdicts).toHaveLength(3);
    expect(verdicts.every((v) => v.correct)).toBe(true);
    // The same seed from stdin gives the same variants.
    const again = run(
      'kib-variants.mjs',
      ['--count', '3', '--seed', '9'],
      JSON.stringify(problem([numeral('Resuelve.', 'solve', solve('2x+3=7', ['x=2']))])),
    );
    expect(
      (JSON.parse(again.stdout) as typeof result).variants.map(
        (v) => v.problem.numerals[0]!.data.startingExpression,
      ),
    ).toEqual(starts);
  });

  it('refuses a bad count, input that is not a problem, and a problem with nothing to vary', () => {
    expect(run('kib-variants.mjs', ['--count', '51'], '{}').status).toBe(2);
    const notProblem = run('kib-variants.mjs', [], '{"title": 3}');
    expect(notProblem.status).toBe(2);
    expect(notProblem.stderr).toContain('not a problem');
    const plot = run(
      'kib-variants.mjs',
      [],
      JSON.stringify(problem([numeral('Grafica.', 'plotFunction', { function: 'x^{2}' })])),
    );
    expect(plot.status).toBe(1);
    expect(plot.stderr).toContain('plotFunction');
  });
});
