import { describe, expect, it } from 'vitest';
import { classifyStep, type StepClass } from './classify';
import { solveData } from './solve.fixtures';

describe('classifyStep: a step over the reals', () => {
  it.each<[string, string, string, StepClass]>([
    // [start, step, unknown, class]
    ['2x+3=7', '2x=4', 'x', 'equivalent'],
    ['x^{2}=4', 'x=2 \\lor x=-2', 'x', 'equivalent'],
    ['x^{2}=4', 'x=2', 'x', 'lost'],
    ['\\sqrt{x}=x-2', 'x=(x-2)^{2}', 'x', 'gained'],
    ['x=3', 'x^{2}=9', 'x', 'gained'],
    ['x^{2}=x', 'x=1', 'x', 'lost'],
    ['bu=bv', 'u=v', 'u', 'lost'],
    ['pq=3p+2p^{2}', 'q=3+2p', 'q', 'lost'],
    ['|u|=|v|', 'u=v', 'u', 'lost'],
    ['|u|=|v|', 'u=v \\lor u=-v', 'u', 'equivalent'],
    ['y=-\\sqrt{4-x^{2}}', 'x^{2}+y^{2}=4', 'y', 'gained'],
    ['|2x-1|<3', '2x-1<3 \\lor 2x-1>-3', 'x', 'gained'],
    ['|2x-1|<3', '-3<2x-1<3', 'x', 'equivalent'],
    ['x^{2}>4', 'x>2 \\land x<-2', 'x', 'lost'],
    ['x^{2}>4', 'x>2', 'x', 'lost'],
    ['\\frac{1}{x}<1', 'x>1 \\lor x<0', 'x', 'equivalent'],
    ['x^{2}-x\\ne0', 'x\\ne0 \\land x\\ne1', 'x', 'equivalent'],
    ['x^{2}-x\\ne0', 'x\\ne0 \\lor x\\ne1', 'x', 'gained'],
    ['2x+3=7', '2x=5', 'x', 'unrelated'],
    ['(x-1)^{2}=(2x+1)^{2}', 'x-1=2x+1', 'x', 'lost'],
  ])('%s → %s (in %s) is %s', (start, line, variable, expected) => {
    const r = classifyStep(solveData(start, { variable }), line);
    expect(r).toEqual({ ok: true, class: expected });
  });

  it('gives a code, never an exception, for an unreadable step', () => {
    expect(classifyStep(solveData('2x+3=7'), '2x+=')).toEqual({ ok: false, code: 'unreadable-expression' });
    expect(classifyStep(solveData('2x+3=7'), 'x^{2}-4')).toEqual({ ok: false, code: 'not-an-equation' });
  });
});
