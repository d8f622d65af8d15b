import { describe, expect, it } from 'vitest';
import { checkSimplify } from '../text/simplify';
import { BASE } from '../text/text.fixtures';
import { chargeWork, OutOfWork, withinWork } from './work';

const simplify = (start: string, target: string, lines: string[]) =>
  checkSimplify(
    { ...BASE, startingExpression: start, target },
    lines.map((math) => ({ math })),
  );

describe('withinWork', () => {
  it('answers the work’s value within its budget, and OutOfWork past it', () => {
    expect(withinWork(10, () => (chargeWork(4), 'done'))).toBe('done');
    expect(withinWork(10, () => (chargeWork(11), 'done'))).toBeInstanceOf(OutOfWork);
  });

  it('charges an inner budget to the outer one, and leaves nothing charged outside', () => {
    const r = withinWork(10, () => {
      withinWork(100, () => chargeWork(8));
      return withinWork(100, () => chargeWork(3));
    });
    expect(r).toBeInstanceOf(OutOfWork);
    chargeWork(1e12);
  });

  it('lets other errors through', () => {
    expect(() => withinWork(10, () => JSON.parse('{'))).toThrow(SyntaxError);
  });
});

describe('a line past its work budget is too complex to check here, and names itself', () => {
  const start = 'x^{3}(x^{4}+1)^{1999}';

  it('answers the line that reduces huge fractions with too-complex, and checks the next one', () => {
    const r = simplify(start, start, [
      'x^{3}(x^{4}+1)^{1999}',
      'x^{3}(x^{4}+1)^{1999}+1',
      '(x^{4}+1)^{1999}x^{3}',
    ]);
    expect(r.lines[0]!.correct).toBe(true);
    expect(r.lines[1]).toMatchObject({
      correct: false,
      feedback: { key: 'feedback.too-complex', params: { line: 2 } },
    });
    expect(r.lines[2]!.correct).toBe(true);
    expect(r.correct).toBe(false);
  });

  it('decides huge exponents, deep nesting and long sums by the cheap exact arithmetic', () => {
    expect(simplify(start, start, ['(x^{4}+1)^{1999}x^{3}']).correct).toBe(true);
    expect(simplify(start, start, ['x^{3}(x^{4}+1)^{4096}']).lines[0]!.correct).toBe(false);
    const nested = `${'('.repeat(30)}x+1${')'.repeat(30)}^{2}`;
    expect(simplify('(x+1)^{2}', 'x^{2}+2x+1', [nested, 'x^{2}+2x+1']).correct).toBe(true);
    const terms = Array.from({ length: 200 }, (_, i) => `${i + 1}x^{${i % 7}}`).join('+');
    const r = simplify(terms, terms, [`${terms}+1`]);
    expect(r.lines[0]!.correct).toBe(false);
    expect(r.lines[0]!.feedback?.key).not.toBe('feedback.too-complex');
  });
});
