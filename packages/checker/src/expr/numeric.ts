import type { Expr } from './ast';
import { parseLatex } from './parse';

/** Options of floating-point evaluation. */
export interface FloatOptions {
  /** Trigonometric functions take degrees (and inverse ones return degrees). */
  degrees?: boolean;
  /** Largest |exponent| evaluated; beyond it the value is NaN (no runaway powers). */
  maxExponent?: number;
}

const DEFAULT_MAX_EXPONENT = 10_000;

/**
 * Evaluates a tree in double precision with the given variable values. Undefined results (division
 * by zero, even roots and logarithms of negatives, unknown symbols, relations) are NaN; never throws.
 * Real-valued only: `\sqrt{-1}` is NaN.
 */
export function evaluateFloat(
  e: Expr,
  env: Readonly<Record<string, number>> = {},
  opts: FloatOptions = {},
): number {
  const maxExp = opts.maxExponent ?? DEFAULT_MAX_EXPONENT;
  const toRad = opts.degrees ? Math.PI / 180 : 1;
  const fromRad = opts.degrees ? 180 / Math.PI : 1;
  const ev = (x: Expr): number => {
    switch (x.type) {
      case 'number':
        return Number(x.text);
      case 'symbol':
        if (x.name in env) return env[x.name]!;
        if (x.name === 'pi') return Math.PI;
        if (x.name === 'e') return Math.E;
        if (x.name === 'infinity') return Infinity;
        return NaN;
      case 'add':
        return x.args.reduce((s, a) => s + ev(a), 0);
      case 'mul':
        return x.args.reduce((p, a) => p * ev(a), 1);
      case 'neg':
        return -ev(x.arg);
      case 'div': {
        const d = ev(x.den);
        return d === 0 ? NaN : ev(x.num) / d;
      }
      case 'pow': {
        const b = ev(x.base);
        const p = ev(x.exp);
        if (Math.abs(p) > maxExp) return NaN;
        if (b < 0 && !Number.isInteger(p)) return oddRoot(b, p);
        if (b === 0 && p < 0) return NaN;
        return Math.pow(b, p);
      }
      case 'root': {
        const a = ev(x.arg);
        const n = x.index ? ev(x.index) : 2;
        if (!Number.isInteger(n) || n < 2) return n > 0 ? Math.pow(a, 1 / n) : NaN;
        if (a < 0) return n % 2 === 1 ? -Math.pow(-a, 1 / n) : NaN;
        return Math.pow(a, 1 / n);
      }
      case 'fn':
        return fn(x.name, x.args.map(ev), x.base ? ev(x.base) : 10);
      default:
        return NaN;
    }
  };
  const fn = (name: string, a: number[], base: number): number => {
    const v = a[0] ?? NaN;
    switch (name) {
      case 'sin':
        return Math.sin(v * toRad);
      case 'cos':
        return Math.cos(v * toRad);
      case 'tan': {
        const c = Math.cos(v * toRad);
        return Math.abs(c) < 1e-12 ? NaN : Math.sin(v * toRad) / c;
      }
      case 'cot': {
        const s = Math.sin(v * toRad);
        return Math.abs(s) < 1e-12 ? NaN : Math.cos(v * toRad) / s;
      }
      case 'sec': {
        const c = Math.cos(v * toRad);
        return Math.abs(c) < 1e-12 ? NaN : 1 / c;
      }
      case 'csc': {
        const s = Math.sin(v * toRad);
        return Math.abs(s) < 1e-12 ? NaN : 1 / s;
      }
      case 'arcsin':
        return Math.asin(v) * fromRad;
      case 'arccos':
        return Math.acos(v) * fromRad;
      case 'arctan':
        return Math.atan(v) * fromRad;
      case 'sinh':
        return Math.sinh(v);
      case 'cosh':
        return Math.cosh(v);
      case 'tanh':
        return Math.tanh(v);
      case 'ln':
        return v > 0 ? Math.log(v) : NaN;
      case 'log':
        return v > 0 && base > 0 && base !== 1 ? Math.log(v) / Math.log(base) : NaN;
      case 'exp':
        return Math.abs(v) > 1_000 ? NaN : Math.exp(v);
      case 'abs':
        return Math.abs(v);
      case 'factorial':
        return Number.isInteger(v) && v >= 0 && v <= 170 ? factorial(v) : NaN;
      case 'degrees':
        // x° as a number: in degree mode the degree is the unit; otherwise convert to radians.
        return opts.degrees ? v : (v * Math.PI) / 180;
      default:
        return NaN;
    }
  };
  const r = ev(e);
  return Number.isFinite(r) || r === Infinity || r === -Infinity ? r : NaN;
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

function factorial(n: number): number {
  let r = 1;
  for (let i = 2; i <= n; i++) r *= i;
  return r;
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
