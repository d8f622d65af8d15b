import { childrenOf, freeSymbols, nodeAt, replaceAt, size, type Expr } from './ast';
import { evaluateFloatScaled, type EvalOptions } from './evaluate';
import { applySubstitutions, type EquivalenceContext } from './equivalence';
import { hashSeed, Prng } from './prng';
import * as Q from './rational';
import { randomPoint } from './sampling';
import {
  samplePoints,
  valuesAt,
  vconst,
  vdiv,
  veq,
  vmul,
  vneg,
  vsub,
  vadd,
  vzero,
  valueNumber,
  type SamplePoint,
  type Vec,
} from './values';

/** The common mistakes {@link locateMistake} recognises; they double as feedback codes. */
export const MISTAKE_CODES = [
  'sign-error',
  'not-distributed',
  'exponent-rule',
  'fraction-addition',
  'power-of-sum',
  'root-of-sum',
  'constant-term-wrong',
  'coefficient-wrong',
  'extra-term',
] as const;

/** One of MISTAKE_CODES. */
export type MistakeCode = (typeof MISTAKE_CODES)[number];

/** Where the mistake is: a path into the student's tree (child indexes per `childrenOf`). */
export interface MistakeLocation {
  /** [] means the whole line. */
  path: number[];
  /** The mistake, when recognised. */
  code?: MistakeCode;
}

const PRIORITY: Record<MistakeCode, number> = {
  'sign-error': 0,
  'fraction-addition': 0,
  'power-of-sum': 0,
  'root-of-sum': 0,
  'not-distributed': 1,
  'exponent-rule': 1,
  'extra-term': 2,
  'coefficient-wrong': 3,
  'constant-term-wrong': 3,
};

const SAMPLE_COUNT = 6;
const MAX_DEPTH = 6;
/** Node evaluations one search may spend (size of the tree × points, summed): bounds the time. */
export const EVALUATION_BUDGET = 30_000;

class OutOfBudget extends Error {}

interface Found {
  path: number[];
  code: MistakeCode;
}

/**
 * Finds the smallest part of the student's line whose correction makes it equivalent to the
 * reference (the previous correct line or the starting expression), and names the mistake when it
 * is a common one: a term with its sign flipped, a factor not distributed to every term, a wrong
 * exponent rule, fractions added numerator to numerator, a wrong constant or coefficient, an extra
 * term. Works on values at sample points, so it sees through any rewriting of the correct parts.
 * Returns the whole line ([]) when no single part explains the difference. Never throws.
 */
export function locateMistake(
  reference: Expr,
  student: Expr,
  ctx: EquivalenceContext = {},
  budget: LocateBudget = { remaining: EVALUATION_BUDGET },
): MistakeLocation {
  if (budget.remaining <= 0) return { path: [] };
  const ref = applySubstitutions(reference, ctx.substitutions ?? []);
  const stu = applySubstitutions(student, ctx.substitutions ?? []);
  if (!ref || !stu) return { path: [] };
  const opts: EvalOptions = { degrees: ctx.degrees, functions: ctx.functions };
  const points = choosePoints(ref, stu, opts, ctx);
  if (points.length < 3) return { path: [] };
  const locator = new Locator(points, opts, ref, budget);
  try {
    const target = locator.vec(ref);
    const fraction = locator.fractionAddition(stu);
    if (fraction) return fraction;
    const distributed = locator.distributedPower(stu);
    if (distributed) return distributed;
    const found = locator.locate(stu, [], target, 0);
    return found ?? { path: [] };
  } catch (err) {
    if (err instanceof OutOfBudget) return { path: [] };
    throw err;
  }
}

function choosePoints(ref: Expr, stu: Expr, opts: EvalOptions, ctx: EquivalenceContext): SamplePoint[] {
  const variables = [...new Set([...freeSymbols(ref), ...freeSymbols(stu)])].sort();
  const rng = new Prng((ctx.seed ?? 0x10ca7e) ^ hashSeed(variables.join(',')));
  const out: SamplePoint[] = [];
  for (let i = 0; i < 40 && out.length < SAMPLE_COUNT; i++) {
    const [p] = samplePoints([randomPoint(rng, variables, ctx.interval)]);
    if (evaluateFloatScaled(ref, p!.float, opts) && evaluateFloatScaled(stu, p!.float, opts)) out.push(p!);
    // Without variables every point is the same one: repeat it so the vector tests apply.
    if (variables.length === 0) return out.length ? [p!, p!, p!] : [];
  }
  return out;
}

/** Node evaluations left to spend; share one object between calls to bound a whole answer. */
export interface LocateBudget {
  remaining: number;
}

class Locator {
  private readonly cache = new WeakMap<Expr, Vec>();

  constructor(
    private readonly points: SamplePoint[],
    private readonly opts: EvalOptions,
    private readonly reference: Expr,
    private readonly budget: LocateBudget,
  ) {}

  vec(e: Expr): Vec {
    let v = this.cache.get(e);
    if (!v) {
      this.budget.remaining -= size(e) * this.points.length;
      if (this.budget.remaining < 0) throw new OutOfBudget();
      v = valuesAt(e, this.points, this.opts);
      this.cache.set(e, v);
    }
    return v;
  }

  /** a/b + c/d written as (a+c)/(b+d): a fraction of the student whose numerator and denominator are sums of the reference's. */
  fractionAddition(stu: Expr): MistakeLocation | null {
    const sums: { nums: Vec; dens: Vec }[] = [];
    walk(this.reference, [], (node) => {
      if (node.type !== 'add') return;
      const fracs = node.args.filter((a): a is Extract<Expr, { type: 'div' }> => a.type === 'div');
      if (fracs.length < 2) return;
      let nums = this.vec(fracs[0]!.num);
      let dens = this.vec(fracs[0]!.den);
      for (const f of fracs.slice(1)) {
        nums = vadd(nums, this.vec(f.num));
        dens = vadd(dens, this.vec(f.den));
      }
      sums.push({ nums, dens });
    });
    if (sums.length === 0) return null;
    let hit: number[] | null = null;
    walk(stu, [], (node, path) => {
      if (hit || node.type !== 'div') return;
      const n = this.vec(node.num);
      const d = this.vec(node.den);
      if (sums.some((s) => veq(n, s.nums) && veq(d, s.dens))) hit = path;
    });
    return hit ? { path: hit, code: 'fraction-addition' } : null;
  }

  /**
   * (a+b)² written a²+b², √(a+b) written √a+√b: the student's line has the value of the reference
   * with one power or root of a sum distributed over the terms.
   */
  distributedPower(stu: Expr): MistakeLocation | null {
    const value = this.vec(stu);
    let hit: MistakeLocation | null = null;
    walk(this.reference, [], (node, path) => {
      if (hit) return;
      let wrong: Expr | null = null;
      let code: MistakeCode = 'power-of-sum';
      if (node.type === 'pow' && node.base.type === 'add') {
        const k = integerLiteral(node.exp);
        if (k !== null && k >= 2) {
          const terms = node.base.args;
          // (a+b)² → a²+b², and with the signs kept: (a−b)² → a²−b².
          const plain: Expr = {
            type: 'add',
            args: terms.map((t) => ({ type: 'pow', base: t, exp: node.exp })),
          };
          const signed: Expr = {
            type: 'add',
            args: terms.map((t): Expr =>
              t.type === 'neg'
                ? { type: 'neg', arg: { type: 'pow', base: t.arg, exp: node.exp } }
                : { type: 'pow', base: t, exp: node.exp },
            ),
          };
          if (veq(value, this.vec(replaceAt(this.reference, path, signed)))) wrong = signed;
          else wrong = plain;
        }
      } else if (node.type === 'root' && node.arg.type === 'add') {
        code = 'root-of-sum';
        const index = node.index;
        wrong = { type: 'add', args: node.arg.args.map((t) => rootOfTerm(t, index)) };
      }
      if (wrong && veq(value, this.vec(replaceAt(this.reference, path, wrong)))) hit = { path: [], code };
    });
    return hit;
  }

  /** The mistake inside `node` (at `path`) given the values it should have. */
  locate(node: Expr, path: number[], target: Vec, depth: number): Found | null {
    if (depth > MAX_DEPTH) return null;
    const value = this.vec(node);
    if (veq(value, target)) return null;
    if (!vzero(value) && veq(value, vneg(target))) return { path, code: 'sign-error' };
    if (node.type === 'pow' && this.exponentFixes(node, target)) return { path, code: 'exponent-rule' };
    // x written where x² is needed (3x·2x → 6x): a letter is its own first power.
    if (
      node.type === 'symbol' &&
      this.exponentFixes({ type: 'pow', base: node, exp: { type: 'number', text: '1' } }, target)
    ) {
      return { path, code: 'exponent-rule' };
    }
    switch (node.type) {
      case 'add':
        return this.locateInSum(node, path, target, depth);
      case 'mul':
        return this.locateInProduct(node, path, target, depth);
      case 'neg':
        return this.locate(node.arg, [...path, 0], vneg(target), depth + 1);
      case 'div': {
        const num = this.locate(node.num, [...path, 0], vmul(target, this.vec(node.den)), depth + 1);
        const den = this.locate(node.den, [...path, 1], vdiv(this.vec(node.num), target), depth + 1);
        return best([num, den]);
      }
      case 'pow': {
        const k = integerLiteral(node.exp);
        if (k === null || k === 0) return null;
        const needed = target.map((t, i) => {
          const b = this.vec(node.base)[i];
          if (t === null || b === null || b === undefined) return null;
          const tv = typeof t === 'number' ? t : Q.toNumber(t);
          const bv = typeof b === 'number' ? b : Q.toNumber(b);
          if (k % 2 === 0) return tv < 0 ? null : Math.sign(bv) * Math.pow(tv, 1 / k);
          return Math.sign(tv) * Math.pow(Math.abs(tv), 1 / k);
        });
        return this.locate(node.base, [...path, 0], needed, depth + 1);
      }
      case 'root':
        if (node.index) return null;
        return this.locate(node.arg, [...path, 0], vmul(target, target), depth + 1);
      default:
        return null;
    }
  }

  private locateInSum(
    node: Extract<Expr, { type: 'add' }>,
    path: number[],
    target: Vec,
    depth: number,
  ): Found | null {
    const total = this.vec(node);
    const candidates: (Found | null)[] = node.args.map((term, i) => {
      const t = this.vec(term);
      const needed = vadd(vsub(target, total), t);
      return this.classifyTerm(term, [...path, i], t, needed);
    });
    const direct = best(candidates) ?? this.unmatchedAmong(candidates, node, path);
    if (direct) return direct;
    // No term is wrong as a whole: look inside each term for one coded mistake.
    const inner = node.args.map((term, i) => {
      const needed = vadd(vsub(target, total), this.vec(term));
      return this.locate(term, [...path, i], needed, depth + 1);
    });
    return best(inner);
  }

  /**
   * Breaks a tie between equally likely terms: the student's terms that equal a term of the
   * reference (or of its brackets multiplied out) are taken as right, so the one that matches none
   * is the mistake: in 2(3x−1)+4 → 6x−2+5, −2 matches 2·(−1) and 5 matches nothing.
   */
  private unmatchedAmong(
    candidates: (Found | null)[],
    node: Extract<Expr, { type: 'add' }>,
    path: number[],
  ): Found | null {
    const found = candidates.filter((c): c is Found => c !== null);
    if (found.length < 2) return null;
    const top = Math.min(...found.map((f) => PRIORITY[f.code]));
    const tied = found.filter((f) => PRIORITY[f.code] === top);
    const refTerms = this.referenceTerms();
    const unmatched = tied.filter((f) => {
      const term = node.args[f.path[path.length]!];
      return term !== undefined && !refTerms.some((r) => veq(r, this.vec(term)));
    });
    return unmatched.length === 1 ? unmatched[0]! : null;
  }

  private refTermsCache: Vec[] | null = null;

  /** Values of the reference's terms, and of the terms of its products of a sum multiplied out. */
  private referenceTerms(): Vec[] {
    if (this.refTermsCache) return this.refTermsCache;
    const out: Vec[] = [];
    const terms = this.reference.type === 'add' ? this.reference.args : [this.reference];
    for (const t of terms) {
      out.push(this.vec(t));
      const x = t.type === 'neg' ? t.arg : t;
      const sign = t.type === 'neg' ? -1 : 1;
      if (x.type !== 'mul') continue;
      x.args.forEach((f, j) => {
        if (f.type !== 'add') return;
        const rest = x.args.filter((_, k) => k !== j);
        for (const a of f.args) {
          const product: Expr = { type: 'mul', args: [...rest, a] };
          out.push(sign < 0 ? vneg(this.vec(product)) : this.vec(product));
        }
      });
    }
    this.refTermsCache = out;
    return out;
  }

  private classifyTerm(term: Expr, path: number[], t: Vec, needed: Vec): Found | null {
    if (vzero(needed)) return { path, code: 'extra-term' };
    if (!vzero(t) && veq(needed, vneg(t))) return { path, code: 'sign-error' };
    const exponent = this.exponentInside(term, path, needed);
    if (exponent) return exponent;
    const ratio = vdiv(needed, t);
    if (this.notDistributed(t, ratio)) return { path, code: 'not-distributed' };
    const c = vconst(ratio);
    if (c !== null)
      return { path, code: freeSymbols(term).size === 0 ? 'constant-term-wrong' : 'coefficient-wrong' };
    if (freeSymbols(term).size === 0 && vconst(needed) !== null) return { path, code: 'constant-term-wrong' };
    return null;
  }

  /** A power inside the term whose exponent, changed, gives the needed value. */
  private exponentInside(term: Expr, path: number[], needed: Vec): Found | null {
    let found: Found | null = null;
    let count = 0;
    walk(term, [], (node, sub) => {
      if (found || node.type !== 'pow' || ++count > 6) return;
      const k = integerLiteral(node.exp);
      if (k === null) return;
      for (const alt of this.exponentGuesses(node, k, this.vec(term), needed)) {
        const changed = replaceAt(term, [...sub, 1], intExpr(alt));
        if (veq(this.vec(changed), needed)) {
          found = { path: [...path, ...sub], code: 'exponent-rule' };
          return;
        }
      }
    });
    return found;
  }

  private exponentFixes(node: Extract<Expr, { type: 'pow' }>, target: Vec): boolean {
    const k = integerLiteral(node.exp);
    if (k === null) return false;
    return this.exponentGuesses(node, k, this.vec(node), target).some((alt) =>
      veq(this.vec({ ...node, exp: intExpr(alt) }), target),
    );
  }

  /**
   * Exponents k' that could turn `whole` (which contains base^k once, multiplicatively) into
   * `needed`: the ratio needed/whole is base^(k'−k), so k' − k = ln|ratio| / ln|base| at a point where
   * |base| is not 1. Reading it off the values costs one check instead of trying every exponent.
   */
  private exponentGuesses(
    node: Extract<Expr, { type: 'pow' }>,
    k: number,
    whole: Vec,
    needed: Vec,
  ): number[] {
    const base = this.vec(node.base);
    const guesses = new Set<number>();
    for (let i = 0; i < base.length && guesses.size < 2; i++) {
      const b = base[i];
      const w = whole[i];
      const n = needed[i];
      if (b === null || b === undefined || w === null || w === undefined || n === null || n === undefined)
        continue;
      const bv = Math.abs(valueNumber(b));
      const ratio = Math.abs(valueNumber(n) / valueNumber(w));
      if (!Number.isFinite(ratio) || ratio === 0 || Math.abs(Math.log(bv)) < 0.05) continue;
      const d = Math.log(ratio) / Math.log(bv);
      const r = Math.round(d);
      if (r !== 0 && k + r !== 0 && Math.abs(d - r) < 1e-6 && Math.abs(k + r) <= 64) guesses.add(k + r);
    }
    return [...guesses];
  }

  /**
   * The term appears inside a bracket of the reference that is multiplied by something, and the
   * needed value is the term times that multiplier: 2(x+3) written 2x+3 (the 3 not multiplied).
   */
  private notDistributed(t: Vec, ratio: Vec): boolean {
    if (vzero(t)) return false;
    const one = ratio.map(() => Q.ONE);
    if (veq(ratio, one) || veq(ratio, vneg(one))) return false;
    let hit = false;
    walk(this.reference, [], (node) => {
      // (4x+8)/4 written x+8: the division reached only one term.
      if (!hit && node.type === 'div' && node.num.type === 'add') {
        const others = vdiv(this.vec(node), this.vec(node.num));
        if (veq(others, ratio) && node.num.args.some((a) => veq(this.vec(a), t))) hit = true;
      }
      if (hit || node.type !== 'mul') return;
      node.args.forEach((factor) => {
        const sum =
          factor.type === 'add'
            ? factor
            : factor.type === 'neg' && factor.arg.type === 'add'
              ? factor.arg
              : null;
        if (!sum || hit) return;
        const others = vdiv(this.vec(node), this.vec(sum));
        if (!veq(others, ratio)) return;
        if (sum.args.some((a) => veq(this.vec(a), t) || (a.type === 'neg' && veq(this.vec(a), t))))
          hit = true;
      });
    });
    return hit;
  }

  private locateInProduct(
    node: Extract<Expr, { type: 'mul' }>,
    path: number[],
    target: Vec,
    depth: number,
  ): Found | null {
    const total = this.vec(node);
    const results = node.args.map((factor, j) => {
      const f = this.vec(factor);
      const needed = vdiv(vmul(target, f), total);
      if (freeSymbols(factor).size === 0 && vconst(needed) !== null && !veq(needed, f)) {
        const isPlainNumber =
          factor.type === 'number' || (factor.type === 'neg' && factor.arg.type === 'number');
        if (isPlainNumber) return { path: [...path, j], code: 'coefficient-wrong' as const };
      }
      return this.locate(factor, [...path, j], needed, depth + 1);
    });
    return best(results);
  }
}

/** The best candidate by priority, or null when none or when two share the best priority. */
function best(candidates: (Found | null)[]): Found | null {
  const found = candidates.filter((c): c is Found => c !== null);
  if (found.length === 0) return null;
  const top = Math.min(...found.map((f) => PRIORITY[f.code]));
  const winners = found.filter((f) => PRIORITY[f.code] === top);
  return winners.length === 1 ? winners[0]! : null;
}

function integerLiteral(e: Expr): number | null {
  if (e.type === 'number' && /^\d+$/.test(e.text)) return Number(e.text);
  if (e.type === 'neg' && e.arg.type === 'number' && /^\d+$/.test(e.arg.text)) return -Number(e.arg.text);
  return null;
}

function intExpr(k: number): Expr {
  const n: Expr = { type: 'number', text: String(Math.abs(k)) };
  return k < 0 ? { type: 'neg', arg: n } : n;
}

/** √t as a student would write it: √(u²) = u, √9 = 3, otherwise the root itself. */
function rootOfTerm(t: Expr, index: Expr | null): Expr {
  const square = index === null || (index.type === 'number' && index.text === '2');
  if (square && t.type === 'pow' && t.exp.type === 'number' && t.exp.text === '2') return t.base;
  if (square && t.type === 'number') {
    const r = Q.parseRational(t.text);
    const s = r ? Q.exactSqrt(r) : null;
    if (s) return { type: 'number', text: Q.toString(s) };
  }
  return { type: 'root', arg: t, index };
}

function walk(e: Expr, path: number[], visit: (node: Expr, path: number[]) => void): void {
  visit(e, path);
  childrenOf(e).forEach((c, i) => walk(c, [...path, i], visit));
}

/** The sub-expression a location points at (the whole line for []). */
export function nodeOfLocation(line: Expr, loc: MistakeLocation): Expr {
  return nodeAt(line, loc.path) ?? line;
}
