/** Angle unit of the trigonometric functions (spec 01 §4: degrees by default). */
export type AngleMode = 'deg' | 'rad';

/** Why an expression has no value; the calculator shows 'Error' for all of them (spec 01 §8). */
export type CalculatorErrorCode = 'empty' | 'too-long' | 'syntax' | 'math';

/** The outcome of evaluating an expression: a finite number rounded to 10 decimals, or a code. */
export type Evaluation = { ok: true; value: number } | { ok: false; error: CalculatorErrorCode };

/** Longest expression the calculator accepts, in characters. */
export const CALCULATOR_MAX_LENGTH = 200;
/** Decimals kept in a result (spec 01 §9). */
export const CALCULATOR_DECIMALS = 10;

type FunctionName = 'sin' | 'cos' | 'tan' | 'asin' | 'acos' | 'atan' | 'log' | 'ln' | 'sqrt';

type Token =
  | { kind: 'number'; value: number }
  | { kind: 'constant'; value: 'pi' | 'e' | 'ans' }
  | { kind: 'function'; name: FunctionName }
  | { kind: 'operator'; value: '+' | '-' | '*' | '/' | '^' }
  | { kind: 'open' }
  | { kind: 'close' };

/** Every spelling the tokenizer reads, longest first so that `asin` wins over `sin`. */
const WORDS: ReadonlyArray<readonly [string, Token]> = (
  [
    ['arcsin', { kind: 'function', name: 'asin' }],
    ['arccos', { kind: 'function', name: 'acos' }],
    ['arctan', { kind: 'function', name: 'atan' }],
    ['sin⁻¹', { kind: 'function', name: 'asin' }],
    ['cos⁻¹', { kind: 'function', name: 'acos' }],
    ['tan⁻¹', { kind: 'function', name: 'atan' }],
    ['asin', { kind: 'function', name: 'asin' }],
    ['acos', { kind: 'function', name: 'acos' }],
    ['atan', { kind: 'function', name: 'atan' }],
    ['sqrt', { kind: 'function', name: 'sqrt' }],
    ['sin', { kind: 'function', name: 'sin' }],
    ['cos', { kind: 'function', name: 'cos' }],
    ['tan', { kind: 'function', name: 'tan' }],
    ['log', { kind: 'function', name: 'log' }],
    ['ans', { kind: 'constant', value: 'ans' }],
    ['ln', { kind: 'function', name: 'ln' }],
    ['pi', { kind: 'constant', value: 'pi' }],
    ['√', { kind: 'function', name: 'sqrt' }],
    ['π', { kind: 'constant', value: 'pi' }],
    ['e', { kind: 'constant', value: 'e' }],
    ['+', { kind: 'operator', value: '+' }],
    ['-', { kind: 'operator', value: '-' }],
    ['−', { kind: 'operator', value: '-' }],
    ['*', { kind: 'operator', value: '*' }],
    ['×', { kind: 'operator', value: '*' }],
    ['·', { kind: 'operator', value: '*' }],
    ['/', { kind: 'operator', value: '/' }],
    ['÷', { kind: 'operator', value: '/' }],
    ['^', { kind: 'operator', value: '^' }],
    ['(', { kind: 'open' }],
    [')', { kind: 'close' }],
  ] as const
)
  .slice()
  .sort((a, b) => b[0].length - a[0].length);

/** Splits an expression into tokens, or returns null when it holds a character we do not read. */
function tokenize(source: string): Token[] | null {
  const text = source.toLowerCase();
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const number = /^(\d+\.?\d*|\.\d+)/.exec(text.slice(i));
    if (number) {
      // "1.2.3" is not a number, and "2 3" is not 2·3.
      if (text[i + number[0].length] === '.' || tokens.at(-1)?.kind === 'number') return null;
      tokens.push({ kind: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const word = WORDS.find(([spelling]) => text.startsWith(spelling, i));
    if (!word) return null;
    tokens.push(word[1]);
    i += word[0].length;
  }
  return tokens;
}

class MathError extends Error {}
class SyntaxFault extends Error {}

const E = Math.E;

/**
 * A recursive-descent evaluator (no `eval`):
 *   expression := term (('+' | '-') term)*
 *   term       := unary (('*' | '/') unary | <implicit ×> power)*
 *   unary      := ('+' | '-') unary | power
 *   power      := primary ('^' unary)?          right-associative: 2^3^2 = 2^9
 *   primary    := number | constant | '(' expression ')' | function ('(' expression ')' | unary)
 * Implicit multiplication (2π, 2(3), (1)(2), 3sin(30)) binds like '*', so 1/2π = (1/2)·π.
 */
class Parser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly mode: AngleMode,
    private readonly ans: number,
  ) {}

  parse(): number {
    if (this.tokens.length === 0) throw new SyntaxFault();
    const value = this.expression();
    if (this.index < this.tokens.length) throw new SyntaxFault();
    return value;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (!token) throw new SyntaxFault();
    this.index += 1;
    return token;
  }

  private isOperator(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'operator' && token.value === value;
  }

  private startsOperand(): boolean {
    const kind = this.peek()?.kind;
    return kind === 'number' || kind === 'constant' || kind === 'function' || kind === 'open';
  }

  private expression(): number {
    let value = this.term();
    while (this.isOperator('+') || this.isOperator('-')) {
      const plus = this.isOperator('+');
      this.index += 1;
      const right = this.term();
      value = plus ? value + right : value - right;
    }
    return value;
  }

  private term(): number {
    let value = this.unary();
    for (;;) {
      if (this.isOperator('*')) {
        this.index += 1;
        value *= this.unary();
      } else if (this.isOperator('/')) {
        this.index += 1;
        const divisor = this.unary();
        if (divisor === 0) throw new MathError();
        value /= divisor;
      } else if (this.startsOperand()) {
        value *= this.power();
      } else {
        return value;
      }
    }
  }

  private unary(): number {
    if (this.isOperator('-')) {
      this.index += 1;
      return -this.unary();
    }
    if (this.isOperator('+')) {
      this.index += 1;
      return this.unary();
    }
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    if (!this.isOperator('^')) return base;
    this.index += 1;
    const exponent = this.unary();
    if (base === 0 && exponent < 0) throw new MathError();
    return base ** exponent;
  }

  private primary(): number {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return token.value;
      case 'constant':
        return token.value === 'pi' ? Math.PI : token.value === 'e' ? E : this.ans;
      case 'open': {
        const value = this.expression();
        // A missing closing parenthesis at the very end is forgiven, as on a hand calculator.
        if (this.peek()?.kind === 'close') this.index += 1;
        else if (this.index < this.tokens.length) throw new SyntaxFault();
        return value;
      }
      case 'function': {
        // sin(30)^2 squares the sine; without parentheses the argument is the next operand (sin 30, √-4).
        const argument = this.peek()?.kind === 'open' ? this.primary() : this.unary();
        return this.apply(token.name, argument);
      }
      default:
        throw new SyntaxFault();
    }
  }

  private toRadians(x: number): number {
    return this.mode === 'deg' ? (x * Math.PI) / 180 : x;
  }

  private fromRadians(x: number): number {
    return this.mode === 'deg' ? (x * 180) / Math.PI : x;
  }

  private apply(name: FunctionName, x: number): number {
    switch (name) {
      case 'sin':
        return this.mode === 'deg' && Number.isInteger(x / 180) ? 0 : Math.sin(this.toRadians(x));
      case 'cos':
        return this.mode === 'deg' && Number.isInteger((x - 90) / 180) ? 0 : Math.cos(this.toRadians(x));
      case 'tan': {
        if (this.mode === 'deg' && Number.isInteger((x - 90) / 180)) throw new MathError();
        const angle = this.toRadians(x);
        if (Math.abs(Math.cos(angle)) < 1e-15) throw new MathError();
        return Math.tan(angle);
      }
      case 'asin':
        return this.fromRadians(Math.asin(x));
      case 'acos':
        return this.fromRadians(Math.acos(x));
      case 'atan':
        return this.fromRadians(Math.atan(x));
      case 'log':
        return Math.log10(x);
      case 'ln':
        return Math.log(x);
      case 'sqrt':
        return Math.sqrt(x);
    }
  }
}

/** Rounds to {@link CALCULATOR_DECIMALS} decimals without overflowing for large values; -0 becomes 0. */
export function roundResult(value: number): number {
  const rounded = Math.abs(value) < 1e21 ? Number(value.toFixed(CALCULATOR_DECIMALS)) : value;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Evaluates a calculator expression (digits, + − × ÷ ^, parentheses, √, sin cos tan and their
 * inverses, log, ln, π, e, Ans). Never throws: a malformed or undefined expression gives a code.
 */
export function evaluate(source: string, options: { mode?: AngleMode; ans?: number } = {}): Evaluation {
  if (source.length > CALCULATOR_MAX_LENGTH) return { ok: false, error: 'too-long' };
  if (source.trim() === '') return { ok: false, error: 'empty' };
  const tokens = tokenize(source);
  if (!tokens) return { ok: false, error: 'syntax' };
  try {
    const value = new Parser(tokens, options.mode ?? 'deg', options.ans ?? 0).parse();
    if (!Number.isFinite(value)) return { ok: false, error: 'math' };
    return { ok: true, value: roundResult(value) };
  } catch (error) {
    if (error instanceof MathError) return { ok: false, error: 'math' };
    if (error instanceof SyntaxFault) return { ok: false, error: 'syntax' };
    throw error;
  }
}

/** A result as the display shows it: plain decimals (no exponent below 10^21), else `1.5e+21`. */
export function formatResult(value: number): string {
  if (Math.abs(value) >= 1e21) return String(value);
  const fixed = value.toFixed(CALCULATOR_DECIMALS);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** A result as LaTeX for the math field: `1.5e+21` becomes `1.5\times10^{21}`. */
export function resultToLatex(value: number): string {
  const text = formatResult(value);
  const match = /^(-?[\d.]+)e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const exponent = Number(match[2]);
  return `${match[1]}\\times10^{${exponent}}`;
}

/** Pieces that Backspace removes whole, so `sin(` never becomes `si`. */
const UNITS = ['sin⁻¹(', 'cos⁻¹(', 'tan⁻¹(', 'sin(', 'cos(', 'tan(', 'log(', 'ln(', '√(', 'Ans'];

/** The expression without its last key press. */
export function backspace(expression: string): string {
  const unit = UNITS.find((u) => expression.endsWith(u));
  if (unit) return expression.slice(0, -unit.length);
  return Array.from(expression).slice(0, -1).join('');
}

/** The state of the calculator's display and memory. */
export interface CalculatorState {
  /** What the student typed, as shown. */
  expression: string;
  /** The last evaluation of `expression` (null until '=' is pressed, or after an edit). */
  evaluation: Evaluation | null;
  /** The last good result, read by `Ans`. */
  ans: number;
  mode: AngleMode;
}

/** What the calculator's keys and keyboard do. */
export type CalculatorAction =
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'evaluate' }
  | { type: 'toggle-mode' };

/** A fresh calculator: empty, Ans = 0, degrees. */
export const INITIAL_CALCULATOR_STATE: CalculatorState = {
  expression: '',
  evaluation: null,
  ans: 0,
  mode: 'deg',
};

const CONTINUES_RESULT = /^[+\-−*×/÷^]/;

/**
 * The calculator as a pure reducer. After '=', a digit starts a new expression and an operator
 * continues from the result (`Ans+`). Input beyond {@link CALCULATOR_MAX_LENGTH} is ignored.
 */
export function calculatorReducer(state: CalculatorState, action: CalculatorAction): CalculatorState {
  switch (action.type) {
    case 'insert': {
      // After a good result, an operator continues from it and anything else starts over; after an
      // error the expression stays, so the student can complete or correct it.
      let base = state.expression;
      if (state.evaluation?.ok) base = CONTINUES_RESULT.test(action.text) ? 'Ans' : '';
      const expression = base + action.text;
      if (expression.length > CALCULATOR_MAX_LENGTH) return state;
      return { ...state, expression, evaluation: null };
    }
    case 'backspace':
      return { ...state, expression: backspace(state.expression), evaluation: null };
    case 'clear':
      return { ...state, expression: '', evaluation: null };
    case 'evaluate': {
      if (state.expression.trim() === '') return state;
      const evaluation = evaluate(state.expression, { mode: state.mode, ans: state.ans });
      return { ...state, evaluation, ans: evaluation.ok ? evaluation.value : state.ans };
    }
    case 'toggle-mode':
      return { ...state, mode: state.mode === 'deg' ? 'rad' : 'deg', evaluation: null };
  }
}

/** Keyboard keys and what they type; Enter, '=', Backspace, Delete and Escape are handled apart. */
export const KEYBOARD_INPUT: Readonly<Record<string, string>> = {
  '0': '0',
  '1': '1',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  '.': '.',
  ',': '.',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '^': '^',
  '(': '(',
  ')': ')',
  p: 'π',
  e: 'e',
};
