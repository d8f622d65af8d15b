import type { Expr } from './ast';
import { binomial, factorialReal } from './evaluate';
import { parseLatex } from './parse';

/** Options of floating-point evaluation. */
export interface FloatOptions {
  /** Trigonometric functions take degrees (and inverse ones return degrees). */
  degrees?: boolean;
  /** Largest |exponent| evaluated; beyond it the value is NaN (no runaway powers). */
  maxExponent?: number;
}

const DEFAULT_MAX_EXPONENT = 10_000;

/** A compiled real function of the unknown: NaN where undefined. */
export type FloatFn = (x: number) => number;

/** A tree compiled into a closure of its argument (a point, or the unknown's value). */
type Compiled<A> = (arg: A) => number;

/** Values of the variables at a point. */
type Env = Readonly<Record<string, number>>;

/** The value of a named constant (pi, e, infinity); NaN for any other symbol. */
function constantValue(name: string): number {
  return name === 'pi' ? Math.PI : name === 'e' ? Math.E : name === 'infinity' ? Infinity : NaN;
}

/**
 * The one floating-point evaluator: compiles a tree into closures (about twenty times faster than
 * walking the tree at each point, which matters when the numeric solver evaluates a line at a
 * thousand points). `symbol` says how each symbol is read. Undefined results (division by zero,
 * even roots and logarithms of negatives, unknown symbols, relations) are NaN; real-valued only.
 */
function compile<A>(
  e: Expr,
  symbol: (name: string) => Compiled<A>,
  degrees: boolean,
  maxExponent: number,
): Compiled<A> {
  const toRad = degrees ? Math.PI / 180 : 1;
  const fromRad = degrees ? 180 / Math.PI : 1;
  const c = (x: Expr): Compiled<A> => {
    switch (x.type) {
      case 'number': {
        const v = Number(x.text);
        return () => v;
      }
      case 'symbol':
        return symbol(x.name);
      case 'add': {
        const fs = x.args.map(c);
        if (fs.length === 2) {
          const [f, g] = fs as [Compiled<A>, Compiled<A>];
          // 0 + … as a sum from zero: −0 + −0 is +0 whatever the number of terms.
          return (t) => 0 + f(t) + g(t);
        }
        return (t) => {
          let s = 0;
          for (const f of fs) s += f(t);
          return s;
        };
      }
      case 'mul': {
        const fs = x.args.map(c);
        if (fs.length === 2) {
          const [f, g] = fs as [Compiled<A>, Compiled<A>];
          return (t) => f(t) * g(t);
        }
        return (t) => {
          let s = 1;
          for (const f of fs) s *= f(t);
          return s;
        };
      }
      case 'neg': {
        const f = c(x.arg);
        return (t) => -f(t);
      }
      case 'div': {
        const n = c(x.num);
        const d = c(x.den);
        return (t) => {
          const dv = d(t);
          return dv === 0 ? NaN : n(t) / dv;
        };
      }
      case 'pow': {
        const b = c(x.base);
        const p = c(x.exp);
        return (t) => {
          const bv = b(t);
          const pv = p(t);
          if (Math.abs(pv) > maxExponent) return NaN;
          if (bv < 0 && !Number.isInteger(pv)) return oddRoot(bv, pv);
          if (bv === 0 && pv < 0) return NaN;
          return Math.pow(bv, pv);
        };
      }
      case 'root': {
        const a = c(x.arg);
        const idx: Compiled<A> = x.index ? c(x.index) : () => 2;
        return (t) => {
          const av = a(t);
          const n = idx(t);
          if (!Number.isInteger(n) || n < 2) return n > 0 ? Math.pow(av, 1 / n) : NaN;
          if (av < 0) return n % 2 === 1 ? -Math.pow(-av, 1 / n) : NaN;
          return Math.pow(av, 1 / n);
        };
      }
      case 'fn':
        return compileFn(x, x.args[0] ? c(x.args[0]) : () => NaN, x.base ? c(x.base) : () => 10);
      default:
        return () => NaN;
    }
  };
  const compileFn = (x: Extract<Expr, { type: 'fn' }>, a: Compiled<A>, base: Compiled<A>): Compiled<A> => {
    switch (x.name) {
      case 'sin':
        return (t) => Math.sin(a(t) * toRad);
      case 'cos':
        return (t) => Math.cos(a(t) * toRad);
      case 'tan':
        return (t) => {
          const v = a(t) * toRad;
          const co = Math.cos(v);
          return Math.abs(co) < 1e-12 ? NaN : Math.sin(v) / co;
        };
      case 'cot':
        return (t) => {
          const v = a(t) * toRad;
          const s = Math.sin(v);
          return Math.abs(s) < 1e-12 ? NaN : Math.cos(v) / s;
        };
      case 'sec':
        return (t) => {
          const co = Math.cos(a(t) * toRad);
          return Math.abs(co) < 1e-12 ? NaN : 1 / co;
        };
      case 'csc':
        return (t) => {
          const s = Math.sin(a(t) * toRad);
          return Math.abs(s) < 1e-12 ? NaN : 1 / s;
        };
      case 'arcsin':
        return (t) => Math.asin(a(t)) * fromRad;
      case 'arccos':
        return (t) => Math.acos(a(t)) * fromRad;
      case 'arctan':
        return (t) => Math.atan(a(t)) * fromRad;
      case 'sinh':
        return (t) => Math.sinh(a(t));
      case 'cosh':
        return (t) => Math.cosh(a(t));
      case 'tanh':
        return (t) => Math.tanh(a(t));
      case 'ln':
        return (t) => {
          const v = a(t);
          return v > 0 ? Math.log(v) : NaN;
        };
      case 'log':
        return (t) => {
          const v = a(t);
          const b = base(t);
          return v > 0 && b > 0 && b !== 1 ? Math.log(v) / Math.log(b) : NaN;
        };
      case 'exp':
        return (t) => {
          const v = a(t);
          return Math.abs(v) > 1_000 ? NaN : Math.exp(v);
        };
      case 'abs':
        return (t) => Math.abs(a(t));
      case 'factorial':
        return (t) => {
          const v = a(t);
          return v <= 170 ? factorialReal(v) : NaN;
        };
      case 'binom': {
        const k = x.args[1] ? c(x.args[1]) : () => NaN;
        return (t) => binomial(a(t), k(t));
      }
      case 'csch':
        return (t) => {
          const v = Math.sinh(a(t));
          return v === 0 ? NaN : 1 / v;
        };
      case 'sech':
        return (t) => 1 / Math.cosh(a(t));
      case 'coth':
        return (t) => {
          const v = a(t);
          return v === 0 ? NaN : Math.cosh(v) / Math.sinh(v);
        };
      case 'arsinh':
        return (t) => Math.asinh(a(t));
      case 'arcosh':
        return (t) => Math.acosh(a(t));
      case 'artanh':
        return (t) => Math.atanh(a(t));
      case 'arccot':
        return (t) => (Math.PI / 2 - Math.atan(a(t))) * fromRad;
      case 'arcsec':
        return (t) => {
          const v = a(t);
          return Math.abs(v) >= 1 ? Math.acos(1 / v) * fromRad : NaN;
        };
      case 'arccsc':
        return (t) => {
          const v = a(t);
          return Math.abs(v) >= 1 ? Math.asin(1 / v) * fromRad : NaN;
        };
      case 'degrees':
        // x° as a number: in degree mode the degree is the unit; otherwise convert to radians.
        return degrees ? a : (t) => (a(t) * Math.PI) / 180;
      default:
        return () => NaN;
    }
  };
  const f = c(e);
  return (t) => {
    const r = f(t);
    return Number.isFinite(r) || r === Infinity || r === -Infinity ? r : NaN;
  };
}

function oddRoot(b: number, p: number): number {
  // (-8)^(1/3): a real odd root when the exponent is a fraction with an odd denominator.
  for (const den of [3, 5, 7, 9]) {
    const num = Math.round(p * den);
    if (Math.abs(num / den - p) < 1e-12 && num % 2 !== 0) return -Math.pow(-b, p);
    if (Math.abs(num / den - p) < 1e-12) return Math.pow(-b, p);
  }
  return NaN;
}

/** A symbol read from the point at call time: its value there, else a named constant, else NaN. */
function pointSymbol(name: string): Compiled<Env> {
  const k = constantValue(name);
  return (env) => (name in env ? env[name]! : k);
}

/** Compiled trees of {@link evaluateFloat}, per tree and options (trees are never modified). */
const compiledTrees = new WeakMap<Expr, Map<string, Compiled<Env>>>();

/**
 * Evaluates a tree in double precision with the given variable values. Undefined results (division
 * by zero, even roots and logarithms of negatives, unknown symbols, relations) are NaN; never throws.
 * Real-valued only: `\sqrt{-1}` is NaN. The tree is compiled once (see {@link compileFloat}) and the
 * compiled form reused for every point.
 */
export function evaluateFloat(e: Expr, env: Env = {}, opts: FloatOptions = {}): number {
  const maxExponent = opts.maxExponent ?? DEFAULT_MAX_EXPONENT;
  const key = `${opts.degrees ? 'deg' : 'rad'}/${maxExponent}`;
  let byOptions = compiledTrees.get(e);
  if (!byOptions) {
    byOptions = new Map();
    compiledTrees.set(e, byOptions);
  }
  let f = byOptions.get(key);
  if (!f) {
    f = compile(e, pointSymbol, opts.degrees ?? false, maxExponent);
    byOptions.set(key, f);
  }
  return f(env);
}

/**
 * Compiles a tree into a function of the unknown `variable`, the parameters fixed to `params`, with
 * the semantics of {@link evaluateFloat}: the numeric solver evaluates each line at a thousand points.
 */
export function compileFloat(e: Expr, variable: string, params: Env, degrees: boolean): FloatFn {
  const symbol = (name: string): FloatFn => {
    if (name === variable) return (t) => t;
    const p = params[name];
    const k = p !== undefined ? p : constantValue(name);
    return () => k;
  };
  return compile(e, symbol, degrees, DEFAULT_MAX_EXPONENT);
}

/**
 * The value of a constant LaTeX expression (`-3`, `\frac{1}{2}`, `2\pi`, `\sqrt{2}`), or null when it
 * is unreadable, has a variable, or is undefined.
 */
export function numericValue(latex: string, opts: FloatOptions = {}): number | null {
  const r = parseLatex(latex);
  if (!r.ok) return null;
  const v = evaluateFloat(r.expr, {}, opts);
  return Number.isNaN(v) ? null : v;
}
