import type { Prng } from '../expr/prng';

/**
 * The numbers of a problem as variants see them: a number is known by its absolute value written as
 * text (`2`, `0.5`); its sign, and whether it is an exponent or an index, are structure and stay.
 */
export type NumberMap = ReadonlyMap<string, string>;

/** The canonical key of a finite number: its absolute value as shortest text. */
export function keyOfNumber(value: number): string {
  return String(Math.abs(value));
}

/** What follows a coefficient: a letter, a bracket, a root or a named function. */
const COEFFICIENT_OF = /^(?:[A-Za-z(]|\\left|\\sqrt|\\sin|\\cos|\\tan|\\log|\\ln|\\pi)/;

/**
 * Walks the number tokens of a LaTeX string that are values: digits (with a decimal part) outside
 * exponents, subscripts, root indexes and command names. `visit` gets each token's text and returns
 * its replacement.
 */
function walkTokens(latex: string, visit: (token: string) => string): string {
  let out = '';
  let i = 0;
  // Depth of braces that belong to an exponent, a subscript or a root index (skipped).
  const skipStack: boolean[] = [];
  const skipping = () => skipStack.some(Boolean);
  while (i < latex.length) {
    const ch = latex[i]!;
    if (ch === '\\') {
      const m = /^\\([A-Za-z]+|.)/.exec(latex.slice(i));
      const command = m ? m[0] : ch;
      out += command;
      i += command.length;
      if (command === '\\sqrt' && latex[i] === '[') {
        const close = latex.indexOf(']', i);
        const end = close < 0 ? latex.length : close + 1;
        out += latex.slice(i, end);
        i = end;
      }
      continue;
    }
    if (ch === '^' || ch === '_') {
      out += ch;
      i++;
      while (latex[i] === ' ') out += latex[i++];
      if (latex[i] === '{') {
        skipStack.push(true);
        out += '{';
        i++;
      } else if (latex[i] !== undefined) {
        // A one-character exponent or index (`x^2`), or a command (`x^\circ`).
        const m = /^\\[A-Za-z]+|^./.exec(latex.slice(i));
        out += m![0];
        i += m![0].length;
      }
      continue;
    }
    if (ch === '{') {
      skipStack.push(false);
      out += ch;
      i++;
      continue;
    }
    if (ch === '}') {
      skipStack.pop();
      out += ch;
      i++;
      continue;
    }
    const m = /^\d+(?:\.\d+)?/.exec(latex.slice(i));
    if (m) {
      const after = latex.slice(i + m[0].length);
      let replaced = skipping() ? m[0] : visit(m[0]);
      // A coefficient that became 1 is not written: `1x` is `x`.
      if (replaced === '1' && m[0] !== '1' && !/[\d.]$/.test(out) && COEFFICIENT_OF.test(after))
        replaced = '';
      out += replaced;
      i += m[0].length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/** The keys of the value numbers of a LaTeX string. */
export function latexNumberKeys(latex: string, into: Set<string> = new Set()): Set<string> {
  walkTokens(latex, (token) => {
    into.add(keyOfNumber(Number(token)));
    return token;
  });
  return into;
}

/** A LaTeX string with each value number replaced by its image in the map (others kept as written). */
export function remapLatex(latex: string, map: NumberMap): string {
  return walkTokens(latex, (token) => map.get(keyOfNumber(Number(token))) ?? token);
}

/** A number with its absolute value replaced by its image in the map (sign kept). */
export function remapNumber(value: number, map: NumberMap): number {
  const image = map.get(keyOfNumber(value));
  if (image === undefined) return value;
  return Math.sign(value) * Number(image);
}

/** Text with math between dollar signs: only the math is remapped, plain words stay as written. */
export function remapText(text: string, map: NumberMap): string {
  return text.replace(/\$([^$]+)\$/g, (_, math: string) => `$${remapLatex(math, map)}$`);
}

/** The math pieces of a text (between dollar signs), in order. */
export function mathPieces(text: string): string[] {
  return [...text.matchAll(/\$([^$]+)\$/g)].map((m) => m[1]!);
}

/** The value numbers inside the math (between dollar signs) of a text. */
export function textNumberKeys(text: string, into: Set<string> = new Set()): Set<string> {
  for (const piece of mathPieces(text)) latexNumberKeys(piece, into);
  return into;
}

/** The smallest prime factor of n ≥ 2. */
function smallestPrime(n: number): number {
  if (n % 2 === 0) return 2;
  for (let p = 3; p * p <= n; p += 2) if (n % p === 0) return p;
  return n;
}

/** The prime factors of n ≥ 2 with multiplicity. */
export function primeFactors(n: number): number[] {
  const out: number[] = [];
  while (n > 1) {
    const p = smallestPrime(n);
    out.push(p);
    n /= p;
  }
  return out;
}

/** The largest number a variant gives where the original had a one-digit number. */
const SMALL_MAX = 9;

/**
 * A new absolute value for `key`, of the same kind and size: a whole number stays whole (one digit
 * stays within 1–9, larger ones within half to one and a half times), a decimal keeps its decimal
 * places, and a number to decompose into primes (`smooth`) gets as many prime factors, all of them
 * at most 13. Never 0, never the number itself when another fits.
 */
export function drawValue(key: string, rng: Prng, smooth: boolean): string {
  const value = Number(key);
  const decimals = key.includes('.') ? key.length - key.indexOf('.') - 1 : 0;
  const scale = 10 ** decimals;
  const units = Math.round(value * scale);
  if (smooth && decimals === 0) return String(drawSmooth(units, rng));
  // A number from 2 up never becomes 1: `2x` must not turn into `1x`.
  const lo = units >= 10 ? Math.ceil(units / 2) : Math.min(units, 2);
  const hi = units >= 10 ? Math.ceil(units * 1.5) : Math.max(SMALL_MAX, units);
  for (let i = 0; i < 20; i++) {
    const drawn = rng.int(lo, hi);
    if (drawn === units) continue;
    if (decimals > 0 && drawn % 10 === 0) continue;
    return decimals > 0 ? (drawn / scale).toFixed(decimals) : String(drawn);
  }
  return key;
}

function drawSmooth(n: number, rng: Prng): number {
  const count = primeFactors(n).length;
  const primes = [2, 3, 5, 7, 11, 13];
  for (let i = 0; i < 50; i++) {
    let m = 1;
    for (let k = 0; k < count; k++) m *= rng.pick(primes.slice(0, count > 4 ? 3 : 6));
    if (m !== n && m >= Math.max(4, Math.floor(n / 3)) && m <= Math.max(12, n * 3)) return m;
  }
  return n;
}
