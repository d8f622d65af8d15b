import { childrenOf, freeSymbols, type Expr } from './ast';
import {
  integerContent,
  isIrreducible,
  isPolynomial,
  lowDegreeIn,
  polyFromExpr,
  polyVariables,
  ratFunFromExpr,
  substitutePoly,
  toUPoly,
  udegree,
  udivmod,
  uderivative,
  ugcd,
  type Poly,
  type UPoly,
} from './poly';
import { Prng } from './prng';
import * as Q from './rational';
import type { Rational } from './rational';

// ---------------------------------------------------------------------------------------------
// EqualComAss

/**
 * A canonical key of the tree up to commutativity and associativity of + and × (STACK's
 * EqualComAss): subtraction is adding a negative, division multiplying by a reciprocal
 * (`\frac{1}{b}` is the reciprocal itself), no arithmetic is performed. Number literals are compared
 * by value (2.0 is 2). `=` and `≠` are symmetric; `a > b` is `b < a`.
 */
export function comAssKey(e: Expr): string {
  switch (e.type) {
    case 'number': {
      // A decimal is not the integer or fraction it equals: 7.0 is not written as 7 (0.5 is .50).
      const r = Q.parseRational(e.text);
      return `${/[.e]/i.test(e.text) ? 'd' : 'n'}${r ? Q.toString(r) : e.text}`;
    }
    case 'symbol':
      return `s${e.name}`;
    case 'add': {
      const terms: string[] = [];
      collectTerms(e, terms);
      return `+(${terms.sort().join(',')})`;
    }
    case 'mul':
    case 'neg':
    case 'div': {
      const factors: string[] = [];
      collectFactors(e, factors);
      return factors.length === 1 ? factors[0]! : `*(${factors.sort().join(',')})`;
    }
    case 'pow':
      return `^(${comAssKey(e.base)},${comAssKey(e.exp)})`;
    case 'root':
      return `r${e.index ? comAssKey(e.index) : ''}(${comAssKey(e.arg)})`;
    case 'fn':
      // \\exp(x) is e^x written another way.
      if (e.name === 'exp' && e.args.length === 1) return `^(se,${comAssKey(e.args[0]!)})`;
      return `f${e.name}(${e.args.map(comAssKey).join(',')})${e.base ? `_${comAssKey(e.base)}` : ''}`;
    case 'call':
      return `c${e.name}(${e.args.map(comAssKey).join(',')})`;
    case 'pm':
      return `±(${e.left ? comAssKey(e.left) : ''},${comAssKey(e.right)})`;
    case 'relation': {
      if ((e.op === '>' || e.op === '>=') && e.args.length === 2) {
        return `${e.op === '>' ? '<' : '<='}(${comAssKey(e.args[1]!)},${comAssKey(e.args[0]!)})`;
      }
      const keys = e.args.map(comAssKey);
      if ((e.op === '=' || e.op === '!=') && keys.length === 2) keys.sort();
      return `${e.op}(${keys.join(',')})`;
    }
    case 'logic':
      return `${e.op}(${e.args.map(comAssKey).sort().join(',')})`;
    case 'interval':
      return `${e.leftOpen ? '(' : '['}${comAssKey(e.left)},${comAssKey(e.right)}${e.rightOpen ? ')' : ']'}`;
    case 'set':
      return `{${e.elements.map(comAssKey).sort().join(',')}}`;
    case 'list':
      return `[${e.items.map(comAssKey).join(',')}]`;
    case 'element':
      return `∈(${comAssKey(e.member)},${comAssKey(e.of)})`;
  }
}

function collectTerms(e: Expr, out: string[]): void {
  if (e.type === 'add') for (const a of e.args) collectTerms(a, out);
  else out.push(comAssKey(e));
}

function collectFactors(e: Expr, out: string[]): void {
  switch (e.type) {
    case 'mul':
      for (const a of e.args) collectFactors(a, out);
      return;
    case 'neg':
      out.push('-');
      collectFactors(e.arg, out);
      return;
    case 'div': {
      if (e.num.type === 'number' && e.num.text === '1') {
        out.push(`/(${comAssKey(e.den)})`);
        return;
      }
      // A fraction stays a fraction: \\frac{p-q}{3} is not \\frac{1}{3}(p-q), nor \\frac{x}{2} ½x;
      // signs move out of it (\\frac{-a}{b} is -\\frac{a}{b}).
      const num = unsigned(e.num, out);
      const den = unsigned(e.den, out);
      out.push(`÷(${comAssKey(num)},${comAssKey(den)})`);
      return;
    }
    default:
      out.push(comAssKey(e));
  }
}

/** The tree without its leading minus signs, one '-' factor pushed per sign removed. */
function unsigned(e: Expr, out: string[]): Expr {
  let x = e;
  while (x.type === 'neg') {
    out.push('-');
    x = x.arg;
  }
  return x;
}

/** True when the two trees are the same up to commutativity and associativity (EqualComAss). */
export function equalComAss(a: Expr, b: Expr): boolean {
  return comAssKey(a) === comAssKey(b);
}

// ---------------------------------------------------------------------------------------------
// Named forms

/** The named forms a simplify numeral may require (`data.form`). */
export const FORMS = [
  'factored',
  'expanded',
  'single_fraction',
  'lowest_terms',
  'rationalized_denominator',
  'partial_fractions',
  'completed_square',
] as const;

/** One of FORMS. */
export type FormName = (typeof FORMS)[number];

/**
 * True when the expression is written in the named form (with respect to `variable` when given,
 * else every variable). Only the shape is checked: the caller also requires equivalence.
 */
export function isInForm(e: Expr, form: FormName, variable?: string | null): boolean {
  const v = variable ?? null;
  switch (form) {
    case 'factored':
      return isFactored(e, v);
    case 'expanded':
      return isExpanded(e);
    case 'single_fraction':
      return isSingleFraction(e);
    case 'lowest_terms':
      return isLowestTerms(e, v);
    case 'rationalized_denominator':
      return isRationalizedDenominator(e);
    case 'partial_fractions':
      return isPartialFractions(e, v);
    case 'completed_square':
      return isCompletedSquare(e, v);
  }
}

function stripNeg(e: Expr): Expr {
  return e.type === 'neg' ? stripNeg(e.arg) : e;
}

function hasVariable(e: Expr, v: string | null): boolean {
  const s = freeSymbols(e);
  return v ? s.has(v) : s.size > 0;
}

function mainVariables(p: Poly, v: string | null): string[] {
  return v ? (polyVariables(p).has(v) ? [v] : []) : [...polyVariables(p)].sort();
}

const SPECIALISATION_SEEDS = [0x51ab, 0x7e11];

/**
 * The polynomials as univariate in v, the other variables replaced by the same random rationals in
 * all of them; two different replacements are returned, so that a property must hold for both.
 */
function specialisations(ps: readonly Poly[], v: string): UPoly[][] {
  const others = [...new Set(ps.flatMap((p) => [...polyVariables(p)]))].filter((w) => w !== v).sort();
  const out: UPoly[][] = [];
  for (const seed of others.length === 0 ? SPECIALISATION_SEEDS.slice(0, 1) : SPECIALISATION_SEEDS) {
    const rng = new Prng(seed);
    const values = new Map<string, Rational>();
    // Values like 37/11: not squares, not roots of small polynomials.
    for (const w of others)
      values.set(w, Q.rat(rng.int(13, 97) * (rng.next() < 0.5 ? -1 : 1), rng.pick([7, 11, 13, 17, 19])));
    try {
      const us = ps.map((p) => toUPoly(others.length ? substitutePoly(p, values) : p, v));
      if (us.every((u): u is UPoly => u !== null)) out.push(us);
    } catch {
      // A replacement hit 0 to a negative power: skip it.
    }
  }
  return out;
}

/** A polynomial factor that cannot be split further over Q (and has no common numeric factor). */
function isIrreducibleFactor(e: Expr, v: string | null): boolean {
  // A sum with the variable in a denominator (x + 6 + 9/x) is not a factor: the fraction is not taken out.
  if (hasVariableDenominator(e, v)) return false;
  const p = polyFromExpr(e);
  if (!p) return true; // Not a polynomial (roots, functions): nothing to factor with our tools.
  if (!isPolynomial(p)) return true;
  const vars = mainVariables(p, v);
  if (vars.length === 0) return true;
  // A common power of a variable in every term (x² + 2x = x(x + 2)).
  if (p.size > 1 && [...polyVariables(p)].some((w) => lowDegreeIn(p, w) > 0)) return false;
  // A common integer factor of all coefficients (2x + 4 = 2(x + 2)).
  const coeffs = [...p.values()].map((t) => t.c);
  if (p.size > 1 && coeffs.every(Q.isInteger)) {
    let g = 0n;
    for (const c of coeffs) g = Q.gcdInt(g, c.n);
    if (g > 1n) return false;
  }
  for (const w of vars) {
    const specs = specialisations([p], w).map(([u]) => u!);
    if (specs.length === 0) continue;
    // Reducible only if every specialisation splits (a lucky value can split an irreducible one).
    if (specs.every((u) => udegree(u) >= 2 && isIrreducible(u) === false)) return false;
  }
  return true;
}

/** True when a division (or a negative power) inside the tree has the variable in its denominator. */
function hasVariableDenominator(e: Expr, v: string | null): boolean {
  if (e.type === 'div' && hasVariable(e.den, v)) return true;
  if (e.type === 'pow' && e.exp.type === 'neg' && hasVariable(e.base, v)) return true;
  return childrenOf(e).some((c) => hasVariableDenominator(c, v));
}

function isFactored(e: Expr, v: string | null): boolean {
  const x = stripNeg(e);
  switch (x.type) {
    case 'mul':
      return x.args.every((f) => isFactoredFactor(f, v));
    case 'div':
      return isFactored(x.num, v) && isFactored(x.den, v);
    default:
      return isFactoredFactor(x, v);
  }
}

function isFactoredFactor(f: Expr, v: string | null): boolean {
  const x = stripNeg(f);
  if (!hasVariable(x, v)) return true;
  switch (x.type) {
    case 'symbol':
      return true;
    case 'pow':
      return isFactoredFactor(x.base, v);
    case 'mul':
      return x.args.every((g) => isFactoredFactor(g, v));
    case 'div':
      return isFactored(x, v);
    case 'add':
      return isIrreducibleFactor(x, v);
    default:
      return true;
  }
}

function isExpanded(e: Expr): boolean {
  let ok = true;
  const visit = (x: Expr, inDenominator: boolean): void => {
    if (!ok) return;
    switch (x.type) {
      case 'mul': {
        const sums = x.args.filter((a) => stripNeg(a).type === 'add' || isPowerOfSum(a));
        if (!inDenominator && sums.length > 0 && x.args.length > 1) ok = false;
        if (x.args.filter((a) => stripNeg(a).type === 'number').length > 1) ok = false;
        x.args.forEach((a) => visit(a, inDenominator));
        return;
      }
      case 'pow':
        if (!inDenominator && isPowerOfSum(x)) ok = false;
        visit(x.base, inDenominator);
        return;
      case 'div':
        // (x+1)/2 distributes the constant; (x+1)/(x+2) is a rational function and stays.
        if (!inDenominator && stripNeg(x.num).type === 'add' && freeSymbols(x.den).size === 0) ok = false;
        visit(x.num, inDenominator);
        visit(x.den, true);
        return;
      case 'add':
        if (!likeTermsCollected(x)) ok = false;
        x.args.forEach((a) => visit(a, inDenominator));
        return;
      case 'neg':
        visit(x.arg, inDenominator);
        return;
      default:
        return;
    }
  };
  visit(e, false);
  return ok;
}

function isPowerOfSum(e: Expr): boolean {
  if (e.type !== 'pow' || stripNeg(e.base).type !== 'add') return false;
  const k = Q.parseRational(e.exp.type === 'number' ? e.exp.text : '');
  return !!k && Q.isInteger(k) && k.n >= 2n;
}

/** The part of a term without its numeric coefficient (`3x^2` → the key of x^2): like terms share it. */
export function termSignature(t: Expr): string {
  const x = stripNeg(t);
  if (x.type === 'number') return '1';
  if (x.type === 'mul') {
    const rest = x.args.filter((a) => stripNeg(a).type !== 'number');
    return rest.map(comAssKey).sort().join('*') || '1';
  }
  if (x.type === 'div' && stripNeg(x.den).type === 'number') return termSignature(x.num);
  if (x.type === 'div' && stripNeg(x.num).type === 'number') return `/(${comAssKey(x.den)})`;
  return comAssKey(x);
}

function likeTermsCollected(e: Extract<Expr, { type: 'add' }>): boolean {
  const seen = new Set<string>();
  for (const t of e.args) {
    const s = termSignature(t);
    if (seen.has(s)) return false;
    seen.add(s);
  }
  return true;
}

function containsDivision(e: Expr): boolean {
  switch (e.type) {
    case 'div':
      return true;
    case 'pow': {
      const k = e.exp.type === 'neg' ? e.exp.arg : null;
      return k !== null || containsDivision(e.base);
    }
    case 'add':
    case 'mul':
      return e.args.some(containsDivision);
    case 'neg':
      return containsDivision(e.arg);
    default:
      return false;
  }
}

function isSingleFraction(e: Expr): boolean {
  const x = stripNeg(e);
  if (x.type === 'div') return !containsDivision(x.num) && !containsDivision(x.den);
  return !containsDivision(x);
}

/** A numeric fraction anywhere in the tree that is not reduced (\\frac{6}{4}, the exponent of t^{3/6}). */
function hasUnreducedNumber(e: Expr): boolean {
  if (e.type === 'div') {
    const n = Q.parseRational(
      stripNeg(e.num).type === 'number' ? (stripNeg(e.num) as { text: string }).text : '',
    );
    const d = Q.parseRational(
      stripNeg(e.den).type === 'number' ? (stripNeg(e.den) as { text: string }).text : '',
    );
    if (n && d && Q.isInteger(n) && Q.isInteger(d)) {
      if (Q.gcdInt(n.n, d.n) > 1n || d.n === 1n) return true;
    }
  }
  return childrenOf(e).some(hasUnreducedNumber);
}

function isLowestTerms(e: Expr, v: string | null): boolean {
  if (hasUnreducedNumber(e)) return false;
  if (!isSingleFraction(e)) return false;
  const x = stripNeg(e);
  if (x.type !== 'div') return true;
  const num = polyFromExpr(x.num);
  const den = polyFromExpr(x.den);
  if (!num || !den || !isPolynomial(num) || !isPolynomial(den)) return true;
  // Numbers: a common integer factor of all coefficients of both.
  const ints = [...num.values(), ...den.values()].map((t) => t.c);
  if (ints.every(Q.isInteger)) {
    let g = 0n;
    for (const c of ints) g = Q.gcdInt(g, c.n);
    if (g > 1n) return false;
  }
  const vars = v ? [v] : [...new Set([...polyVariables(num), ...polyVariables(den)])].sort();
  for (const w of vars) {
    // A common factor: gcd of non-zero degree under every specialisation of the other variables.
    const specs = specialisations([num, den], w);
    if (specs.length > 0 && specs.every(([n, d]) => udegree(ugcd(n!, d!)) > 0)) return false;
  }
  return true;
}

function containsRoot(e: Expr): boolean {
  if (e.type === 'root') return true;
  if (e.type === 'pow') {
    const k = Q.parseRational(e.exp.type === 'number' ? e.exp.text : '');
    if (e.exp.type === 'div' || (k && !Q.isInteger(k))) return true;
  }
  switch (e.type) {
    case 'add':
    case 'mul':
      return e.args.some(containsRoot);
    case 'neg':
      return containsRoot(e.arg);
    case 'div':
      return containsRoot(e.num) || containsRoot(e.den);
    case 'pow':
      return containsRoot(e.base) || containsRoot(e.exp);
    case 'fn':
    case 'call':
      return e.args.some(containsRoot);
    default:
      return false;
  }
}

function isRationalizedDenominator(e: Expr): boolean {
  switch (e.type) {
    case 'div':
      return !containsRoot(e.den) && isRationalizedDenominator(e.num);
    case 'pow':
      if (e.exp.type === 'neg' && containsRoot(e.base)) return false;
      return isRationalizedDenominator(e.base);
    case 'add':
    case 'mul':
      return e.args.every(isRationalizedDenominator);
    case 'neg':
      return isRationalizedDenominator(e.arg);
    case 'root':
      return isRationalizedDenominator(e.arg);
    default:
      return true;
  }
}

function termsOf(e: Expr): Expr[] {
  return e.type === 'add' ? e.args.flatMap(termsOf) : [e];
}

function isPartialFractions(e: Expr, v: string | null): boolean {
  const denominators = new Set<string>();
  for (const t of termsOf(e)) {
    const r = ratFunFromExpr(t);
    if (!r) return false;
    const vars = v ? [v] : [...new Set([...polyVariables(r.num), ...polyVariables(r.den)])];
    if (vars.length !== 1) {
      if (vars.length === 0) continue;
      return false;
    }
    const w = vars[0]!;
    const num = toUPoly(r.num, w);
    const den = toUPoly(r.den, w);
    if (!num || !den) return false;
    if (udegree(den) <= 0) continue; // a polynomial part
    // The denominator must be a power of one irreducible polynomial: den / gcd(den, den') is it.
    const g = ugcd(den, uderivative(den));
    const base = udivmod(den, g.length > 0 ? g : [Q.ONE]).q;
    const db = udegree(base);
    if (db <= 0 || isIrreducible(base) !== true) return false;
    const k = udegree(den) / db;
    if (!Number.isInteger(k)) return false;
    // The numerator's degree must be below the base's (A/(x−a)^k, (Bx+C)/(x²+…)^k).
    if (udegree(num) >= db) return false;
    const key = `${k}:${monicKey(base)}`;
    if (denominators.has(key)) return false;
    denominators.add(key);
  }
  return true;
}

function monicKey(u: UPoly): string {
  const lead = u[u.length - 1]!;
  return u.map((c) => Q.toString(Q.div(c, lead)!)).join(',');
}

function isCompletedSquare(e: Expr, v: string | null): boolean {
  const terms = termsOf(e);
  const withVar = terms.filter((t) => hasVariable(t, v));
  if (withVar.length !== 1) return false;
  if (terms.length - withVar.length > 1) return false;
  const sq = squareOfLinear(withVar[0]!, v);
  return sq;
}

function squareOfLinear(t: Expr, v: string | null): boolean {
  const x = stripNeg(t);
  if (x.type === 'pow') {
    const k = Q.parseRational(x.exp.type === 'number' ? x.exp.text : '');
    if (!k || !Q.equals(k, Q.rat(2))) return false;
    const p = polyFromExpr(x.base);
    if (!p) return false;
    const vars = mainVariables(p, v);
    return (
      vars.length === 1 &&
      isPolynomial(p) &&
      [...p.values()].every((term) => term.mono.every(([, d]) => d <= 1))
    );
  }
  if (x.type === 'mul') {
    const withVar = x.args.filter((a) => hasVariable(a, v));
    return withVar.length === 1 && squareOfLinear(withVar[0]!, v);
  }
  if (x.type === 'div') return !hasVariable(x.den, v) && squareOfLinear(x.num, v);
  return false;
}

/** The integer content of a polynomial expression (for hints), or null. */
export function contentOf(e: Expr, v: string): bigint | null {
  const p = polyFromExpr(e);
  const u = p ? toUPoly(p, v) : null;
  return u ? integerContent(u) : null;
}
