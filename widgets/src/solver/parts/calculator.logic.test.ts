import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_MAX_LENGTH,
  INITIAL_CALCULATOR_STATE,
  backspace,
  calculatorReducer,
  evaluate,
  formatResult,
  resultToLatex,
  roundResult,
  type CalculatorAction,
  type CalculatorState,
} from './calculator.logic';

const value = (source: string, options?: Parameters<typeof evaluate>[1]) => {
  const result = evaluate(source, options);
  return result.ok ? result.value : result.error;
};

describe('evaluate: arithmetic and precedence', () => {
  it.each([
    ['1+2*3', 7],
    ['(1+2)*3', 9],
    ['10-4-3', 3],
    ['24/4/3', 2],
    ['2^3^2', 512],
    ['2^-2', 0.25],
    ['-2^2', -4],
    ['(-2)^2', 4],
    ['--3', 3],
    ['+5', 5],
    ['3×4÷2', 6],
    ['7−10', -3],
    ['1.5+.5', 2],
    ['5.', 5],
    ['2*-3', -6],
    ['1-(-1)', 2],
    ['0.1+0.2', 0.3],
    ['  2 +  2 ', 4],
  ])('%s = %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });
});

describe('evaluate: implicit multiplication binds like ×', () => {
  it.each([
    ['2π', roundResult(2 * Math.PI)],
    ['2(3)', 6],
    ['(1+1)(2+3)', 10],
    ['3e', roundResult(3 * Math.E)],
    ['2sin(30)', 1],
    ['2√(9)', 6],
    ['6/2(3)', 9],
    ['-2(3)', -6],
    ['2^3(2)', 16],
    ['ππ', roundResult(Math.PI * Math.PI)],
  ])('%s = %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });
});

describe('evaluate: functions and constants', () => {
  it.each([
    ['π', 3.1415926536],
    ['pi', 3.1415926536],
    ['e', 2.7182818285],
    ['√(16)', 4],
    ['√16', 4],
    ['sqrt(2)^2', 2],
    ['√(4)^2', 4],
    ['log(1000)', 3],
    ['ln(e)', 1],
    ['ln(e^2)', 2],
    ['LOG(100)', 2],
  ])('%s = %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('reads Ans as the previous result', () => {
    expect(value('Ans*2', { ans: 21 })).toBe(42);
    expect(value('2Ans', { ans: 4 })).toBe(8);
  });
});

describe('evaluate: angle modes', () => {
  it.each([
    ['sin(30)', 0.5],
    ['cos(60)', 0.5],
    ['tan(45)', 1],
    ['sin(180)', 0],
    ['cos(90)', 0],
    ['cos(270)', 0],
    ['sin(-90)', -1],
    ['sin(30)^2', 0.25],
    ['sin30', 0.5],
    ['sin⁻¹(0.5)', 30],
    ['asin(1)', 90],
    ['cos⁻¹(0)', 90],
    ['tan⁻¹(1)', 45],
    ['arctan(1)', 45],
  ])('in degrees (the default) %s = %s', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it.each([
    ['sin(π/6)', 0.5],
    ['cos(π)', -1],
    ['sin(30)', roundResult(Math.sin(30))],
    ['tan(π/4)', 1],
    ['asin(1)', roundResult(Math.PI / 2)],
    ['atan(1)*4', 3.1415926536],
  ])('in radians %s = %s', (source, expected) => {
    expect(value(source, { mode: 'rad' })).toBe(expected);
  });

  it('has no tangent at 90° or π/2', () => {
    expect(value('tan(90)')).toBe('math');
    expect(value('tan(270)')).toBe('math');
    expect(value('tan(π/2)', { mode: 'rad' })).toBe('math');
  });
});

describe('evaluate: errors', () => {
  it.each([
    ['1/0', 'math'],
    ['5/(2-2)', 'math'],
    ['0^-1', 'math'],
    ['√(-4)', 'math'],
    ['√-4', 'math'],
    ['log(0)', 'math'],
    ['ln(-1)', 'math'],
    ['asin(2)', 'math'],
    ['10^400', 'math'],
    ['9^9^9', 'math'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['2+', 'syntax'],
    ['*2', 'syntax'],
    ['()', 'syntax'],
    [')', 'syntax'],
    ['2)', 'syntax'],
    ['1.2.3', 'syntax'],
    ['2 3', 'syntax'],
    ['sin', 'syntax'],
    ['2x', 'syntax'],
    ['alert(1)', 'syntax'],
    ['constructor', 'syntax'],
    ['2;3', 'syntax'],
  ])('%j gives %s', (source, code) => {
    expect(value(source)).toBe(code);
  });

  it('forgives missing closing parentheses at the end only', () => {
    expect(value('(1+2')).toBe(3);
    expect(value('2(3(4')).toBe(24);
    expect(value('sin(30')).toBe(0.5);
    expect(value('(1+2 3')).toBe('syntax');
  });

  it('refuses expressions longer than the limit', () => {
    const long = '1+'.repeat(CALCULATOR_MAX_LENGTH / 2) + '1';
    expect(long.length).toBeGreaterThan(CALCULATOR_MAX_LENGTH);
    expect(value(long)).toBe('too-long');
    expect(value('1+'.repeat(99) + '1')).toBe(100);
  });

  it('survives the deepest nesting that fits in the limit', () => {
    const deep = '('.repeat(100) + '1' + ')'.repeat(100);
    expect(deep.length).toBe(CALCULATOR_MAX_LENGTH + 1);
    expect(value(deep.slice(1, -1) + ')')).toBe('syntax');
    expect(value('('.repeat(99) + '2' + ')'.repeat(99))).toBe(2);
    expect(value('-'.repeat(199) + '2')).toBe(-2);
  });
});

describe('rounding and formatting', () => {
  it('keeps 10 decimals and never overflows', () => {
    expect(roundResult(1 / 3)).toBe(0.3333333333);
    expect(roundResult(-0.00000000001)).toBe(0);
    expect(Object.is(roundResult(-0), 0)).toBe(true);
    expect(roundResult(1e300)).toBe(1e300);
    expect(value('2/3')).toBe(0.6666666667);
  });

  it.each([
    [0.5, '0.5'],
    [100, '100'],
    [1e-7, '0.0000001'],
    [-2.25, '-2.25'],
    [123456789012, '123456789012'],
    [1.5e21, '1.5e+21'],
  ])('shows %s as %s', (n, text) => {
    expect(formatResult(n)).toBe(text);
  });

  it('gives LaTeX for the math field', () => {
    expect(resultToLatex(0.5)).toBe('0.5');
    expect(resultToLatex(1.5e21)).toBe('1.5\\times10^{21}');
    expect(resultToLatex(-2e-300)).toBe('0');
  });
});

describe('backspace', () => {
  it.each([
    ['12', '1'],
    ['2+sin(', '2+'],
    ['sin⁻¹(', ''],
    ['3Ans', '3'],
    ['√(', ''],
    ['π', ''],
    ['', ''],
  ])('%j becomes %j', (before, after) => {
    expect(backspace(before)).toBe(after);
  });
});

describe('calculatorReducer', () => {
  const run = (actions: CalculatorAction[], from: CalculatorState = INITIAL_CALCULATOR_STATE) =>
    actions.reduce(calculatorReducer, from);
  const type = (text: string): CalculatorAction[] =>
    Array.from(text, (ch) => ({ type: 'insert', text: ch }) as const);

  it('evaluates what was typed and remembers the result as Ans', () => {
    const state = run([...type('6×7'), { type: 'evaluate' }]);
    expect(state.evaluation).toEqual({ ok: true, value: 42 });
    expect(state.ans).toBe(42);
  });

  it('continues from the result with an operator, starts over with a digit', () => {
    const afterResult = run([...type('6×7'), { type: 'evaluate' }]);
    expect(run(type('+1'), afterResult).expression).toBe('Ans+1');
    expect(run([...type('+1'), { type: 'evaluate' }], afterResult).evaluation).toEqual({
      ok: true,
      value: 43,
    });
    expect(run(type('5'), afterResult).expression).toBe('5');
  });

  it('keeps the expression after an error so it can be completed, and keeps Ans', () => {
    const state = run([...type('8'), { type: 'evaluate' }, ...type('+'), { type: 'evaluate' }]);
    expect(state.evaluation).toEqual({ ok: false, error: 'syntax' });
    expect(state.ans).toBe(8);
    const fixed = run([...type('2'), { type: 'evaluate' }], state);
    expect(fixed.expression).toBe('Ans+2');
    expect(fixed.evaluation).toEqual({ ok: true, value: 10 });
  });

  it('switches between degrees and radians', () => {
    const rad = run([{ type: 'toggle-mode' }]);
    expect(rad.mode).toBe('rad');
    expect(
      run([{ type: 'insert', text: 'sin(' }, ...type('π/2)'), { type: 'evaluate' }], rad).evaluation,
    ).toEqual({
      ok: true,
      value: 1,
    });
    expect(run([{ type: 'toggle-mode' }], rad).mode).toBe('deg');
  });

  it('clears, deletes and ignores = on an empty display', () => {
    expect(run([...type('12'), { type: 'backspace' }]).expression).toBe('1');
    expect(run([...type('12'), { type: 'clear' }]).expression).toBe('');
    expect(run([{ type: 'evaluate' }])).toEqual(INITIAL_CALCULATOR_STATE);
  });

  it('ignores keys past the length limit', () => {
    const full = run(type('1'.repeat(CALCULATOR_MAX_LENGTH)));
    expect(full.expression).toHaveLength(CALCULATOR_MAX_LENGTH);
    expect(run(type('2'), full)).toBe(full);
  });
});
