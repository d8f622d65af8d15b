/**
 * A seeded generator of differential cases: pairs of expressions, steps between equations and
 * answers to systems, each written twice — LaTeX for Kib (as MathLive writes it) and Maxima syntax
 * for the oracle. About half of each category is equal by construction, the rest is perturbed the
 * way students slip (a coefficient off by one, a sign, a squared side, a divided factor); the oracle
 * decides, not the construction.
 */
import { Prng } from '../../src/expr/prng';

/** LaTeX and Maxima forms of one expression or equation. */
export interface Form {
  readonly tex: string;
  readonly mx: string;
}

/** The categories of the differential run (the categories that Maxima can judge). */
export const CATEGORIES = [
  'rational',
  'radical',
  'trig',
  'explog',
  'special',
  'decimal',
  'equation',
  'inequality',
  'system',
  'breakpoint',
  'systemStep',
] as const;

/** One category. */
export type Category = (typeof CATEGORIES)[number];

/** Maxima's simplifier for an expression pair (its difference must become 0). */
export type Simplifier = 'rat' | 'rad' | 'trig' | 'special' | 'numeric';

/** Two expressions: equal as real functions? */
export interface ExprCase {
  readonly id: number;
  readonly category: Category;
  readonly kind: 'expr';
  readonly a: Form;
  readonly b: Form;
  readonly variables: readonly string[];
  readonly simplifier: Simplifier;
  /** Maxima's simplifier is canonical here: a non-zero result decides "different". */
  readonly canonical: boolean;
  /** Where Maxima compares the two numerically, when the case chooses (on both sides of a breakpoint). */
  readonly points?: readonly Readonly<Record<string, number>>[];
}

/** A step from one equation to another in x: equivalent, gained, lost or unrelated? */
export interface StepCase {
  readonly id: number;
  readonly category: Category;
  readonly kind: 'step';
  readonly from: Form;
  /** The next line; several equations joined by "or" (`x = 1 \lor x = 2`). */
  readonly to: readonly Form[];
}

/**
 * A step between inequalities in x: equivalent, gained, lost or unrelated? Maxima reads each side
 * as a disjunction of conjunctions of rational inequalities (`solve_rat_ineq` on each).
 */
export interface InequalityCase {
  readonly id: number;
  readonly category: 'inequality';
  readonly kind: 'ineq';
  readonly from: { readonly tex: string; readonly dnf: readonly (readonly string[])[] };
  readonly to: { readonly tex: string; readonly dnf: readonly (readonly string[])[] };
}

/** A system in x, y and an answer stating its real solutions: complete or not? */
export interface SystemCase {
  readonly id: number;
  readonly category: 'system';
  readonly kind: 'system';
  readonly equations: readonly Form[];
  /** The stated points, (x, y). */
  readonly answer: readonly (readonly [number, number])[];
}

/**
 * A system in x, y and a student's line that is itself a system (several equations, or branches
 * joined by "or"): equivalent, gained, lost or unrelated?
 */
export interface SystemStepCase {
  readonly id: number;
  readonly category: 'systemStep';
  readonly kind: 'systemStep';
  readonly equations: readonly Form[];
  /** The line: a disjunction (outer list) of conjunctions of equations. */
  readonly line: readonly (readonly Form[])[];
  /** The line as the student writes it. */
  readonly tex: string;
}

/** A generated case. */
export type DiffCase = ExprCase | StepCase | InequalityCase | SystemCase | SystemStepCase;

const f = (tex: string, mx: string): Form => ({ tex, mx });

function par(a: Form): Form {
  return f(`\\left(${a.tex}\\right)`, `(${a.mx})`);
}

function num(n: number): Form {
  return n < 0 ? f(`\\left(${n}\\right)`, `(${n})`) : f(String(n), String(n));
}

function frac(p: number, q: number): Form {
  const sign = p * q < 0 ? '-' : '';
  return f(`${sign}\\frac{${Math.abs(p)}}{${Math.abs(q)}}`, `(${p})/(${q})`);
}

function sum(...xs: Form[]): Form {
  return f(
    xs.map((x, i) => (i > 0 && !x.tex.startsWith('-') ? `+${x.tex}` : x.tex)).join(''),
    xs.map((x) => `(${x.mx})`).join('+'),
  );
}

function minus(a: Form, b: Form): Form {
  return f(`${a.tex}-\\left(${b.tex}\\right)`, `(${a.mx})-(${b.mx})`);
}

function prod(...xs: Form[]): Form {
  return f(xs.map((x) => par(x).tex).join(''), xs.map((x) => `(${x.mx})`).join('*'));
}

function over(a: Form, b: Form): Form {
  return f(`\\frac{${a.tex}}{${b.tex}}`, `(${a.mx})/(${b.mx})`);
}

function pow(a: Form, k: Form | number): Form {
  const e = typeof k === 'number' ? num(k) : k;
  return f(`${par(a).tex}^{${e.tex}}`, `(${a.mx})^(${e.mx})`);
}

function sqrt(a: Form): Form {
  return f(`\\sqrt{${a.tex}}`, `sqrt(${a.mx})`);
}

function fn(tex: string, mx: string, a: Form): Form {
  return f(`${tex}\\left(${a.tex}\\right)`, `${mx}(${a.mx})`);
}

function eq(l: Form, r: Form): Form {
  return f(`${l.tex}=${r.tex}`, `(${l.mx})=(${r.mx})`);
}

const X = f('x', 'x');
const Y = f('y', 'y');

/** A polynomial with integer coefficients (index = degree) in LaTeX and Maxima. */
function poly(c: readonly number[], v: Form = X): Form {
  const terms: string[] = [];
  const mx: string[] = [];
  for (let d = c.length - 1; d >= 0; d--) {
    const k = c[d]!;
    if (k === 0) continue;
    const mono = d === 0 ? '' : d === 1 ? v.tex : `${v.tex}^{${d}}`;
    const abs = Math.abs(k);
    const coef = d > 0 && abs === 1 ? '' : String(abs);
    const sign = k < 0 ? '-' : terms.length > 0 ? '+' : '';
    terms.push(`${sign}${coef}${mono}`);
    mx.push(`(${k})*(${v.mx})^${d}`);
  }
  if (terms.length === 0) return f('0', '0');
  return f(terms.join(''), mx.join('+'));
}

function polyMul(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j]! += x * y)));
  return out;
}

/** The generator's own helpers over a seeded PRNG. */
class Gen {
  constructor(readonly rng: Prng) {}

  int(lo: number, hi: number): number {
    return this.rng.int(lo, hi);
  }

  nz(lo: number, hi: number): number {
    let n = 0;
    while (n === 0) n = this.rng.int(lo, hi);
    return n;
  }

  coin(p = 0.5): boolean {
    return this.rng.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return this.rng.pick(xs);
  }

  /** A coefficient list changed the way a slip changes it: one entry off by ±1 or its sign flipped. */
  slip(c: readonly number[]): number[] {
    const out = [...c];
    const i = this.int(0, out.length - 1);
    out[i] = this.coin() ? out[i]! + this.pick([-1, 1]) : -out[i]! || 1;
    return out;
  }
}

type Maker = (g: Gen, id: number) => DiffCase;

function exprCase(
  id: number,
  category: Category,
  a: Form,
  b: Form,
  variables: string[],
  simplifier: Simplifier,
  canonical: boolean,
): ExprCase {
  return { id, category, kind: 'expr', a, b, variables, simplifier, canonical };
}

const rational: Maker = (g, id) => {
  const same = g.coin();
  const t = g.int(0, 4);
  if (t === 4) {
    // A high power and its expansion (exact evaluation grows: the modular comparison decides).
    const n = g.int(5, 12);
    const a0 = g.nz(-3, 3);
    let c = [1];
    for (let i = 0; i < n; i++) c = polyMul(c, [a0, 1]);
    return exprCase(id, 'rational', pow(poly([a0, 1]), n), poly(same ? c : g.slip(c)), ['x'], 'rat', true);
  }
  if (t === 0) {
    // A product of linear factors and its expansion.
    const factors = Array.from({ length: g.int(2, 3) }, () => [g.nz(-6, 6), g.nz(-3, 3)]);
    let c = [1];
    for (const fc of factors) c = polyMul(c, fc);
    const b = poly(same ? c : g.slip(c));
    return exprCase(id, 'rational', prod(...factors.map((fc) => poly(fc))), b, ['x'], 'rat', true);
  }
  if (t === 1) {
    // A common factor cancelled.
    const p = [g.nz(-5, 5), g.nz(-3, 3)];
    const q = [g.nz(-5, 5), g.nz(-3, 3)];
    const l = [g.nz(-5, 5), 1];
    const pl = polyMul(p, l);
    const ql = polyMul(q, l);
    const a = over(poly(same ? pl : g.slip(pl)), poly(ql));
    return exprCase(id, 'rational', a, over(poly(p), poly(q)), ['x'], 'rat', true);
  }
  if (t === 2) {
    // Two fractions over one denominator.
    const c1 = g.nz(-5, 5);
    const c2 = g.nz(-5, 5);
    const l1 = [g.nz(-5, 5), 1];
    let l2 = [g.nz(-5, 5), 1];
    if (l2[0] === l1[0]) l2 = [l1[0]! + 1, 1];
    const num1 = polyMul([c1], l2).map((v, i) => v + (polyMul([c2], l1)[i] ?? 0));
    const a = sum(over(num(c1), poly(l1)), over(num(c2), poly(l2)));
    const b = over(poly(same ? num1 : g.slip(num1)), prod(poly(l1), poly(l2)));
    return exprCase(id, 'rational', a, b, ['x'], 'rat', true);
  }
  // Two variables: (ax + by)^2.
  const a1 = g.nz(-4, 4);
  const b1 = g.nz(-4, 4);
  const cs = [a1 * a1, 2 * a1 * b1, b1 * b1];
  const [p, q, r] = same ? cs : g.slip(cs);
  const a = pow(sum(prod(num(a1), X), prod(num(b1), Y)), 2);
  const b = f(
    `${p}x^{2}${q! < 0 ? '' : '+'}${q}xy${r! < 0 ? '' : '+'}${r}y^{2}`,
    `(${p})*x^2+(${q})*x*y+(${r})*y^2`,
  );
  return exprCase(id, 'rational', a, b, ['x', 'y'], 'rat', true);
};

const SQUARE_FREE = [2, 3, 5, 6, 7, 10, 11];

const radical: Maker = (g, id) => {
  const same = g.coin();
  const t = g.int(0, 3);
  if (t === 0) {
    const k = g.int(2, 6);
    const m = g.pick(SQUARE_FREE);
    const kk = same ? k : k + g.pick([-1, 1]);
    return exprCase(id, 'radical', sqrt(num(k * k * m)), prod(num(kk), sqrt(num(m))), [], 'numeric', true);
  }
  if (t === 1) {
    // Rationalising: 1/(√a + √b) = (√a − √b)/(a − b).
    const a = g.pick(SQUARE_FREE);
    let b = g.pick(SQUARE_FREE);
    if (b === a) b = a + 1 === 4 ? 5 : a + 1;
    const d = same ? a - b : b - a;
    return exprCase(
      id,
      'radical',
      over(num(1), sum(sqrt(num(a)), sqrt(num(b)))),
      over(minus(sqrt(num(a)), sqrt(num(b))), num(d)),
      [],
      'numeric',
      true,
    );
  }
  if (t === 2) {
    // Denesting: √(p + q + 2√(pq)) = √p + √q.
    const p = g.int(1, 9);
    const q = g.int(1, 9);
    const inner = same ? p * q : p * q + 1;
    return exprCase(
      id,
      'radical',
      sqrt(sum(num(p + q), prod(num(2), sqrt(num(inner))))),
      sum(sqrt(num(p)), sqrt(num(q))),
      [],
      'numeric',
      true,
    );
  }
  // (√a + √b)² = a + b + 2√(ab).
  const a = g.pick(SQUARE_FREE);
  const b = g.pick(SQUARE_FREE);
  const k = same ? 2 : g.pick([1, 3]);
  return exprCase(
    id,
    'radical',
    pow(sum(sqrt(num(a)), sqrt(num(b))), 2),
    sum(num(a + b), prod(num(k), sqrt(num(a * b)))),
    [],
    'numeric',
    true,
  );
};

const SIN = (a: Form) => fn('\\sin', 'sin', a);
const COS = (a: Form) => fn('\\cos', 'cos', a);
const TAN = (a: Form) => fn('\\tan', 'tan', a);
const SEC = (a: Form) => fn('\\sec', 'sec', a);

const trig: Maker = (g, id) => {
  const same = g.coin();
  const k = g.nz(-3, 3);
  const u = k === 1 ? X : prod(num(k), X);
  const t = g.int(0, 4);
  const c = same ? 2 : g.pick([1, 3]);
  let a: Form;
  let b: Form;
  if (t === 0) {
    a = sum(pow(SIN(u), 2), pow(COS(u), 2));
    b = num(same ? 1 : 2);
  } else if (t === 1) {
    a = SIN(prod(num(2), u));
    b = prod(num(c), SIN(u), COS(u));
  } else if (t === 2) {
    a = COS(prod(num(2), u));
    b = same ? minus(num(1), prod(num(2), pow(SIN(u), 2))) : minus(num(1), pow(SIN(u), 2));
  } else if (t === 3) {
    a = TAN(u);
    b = same ? over(SIN(u), COS(u)) : over(COS(u), SIN(u));
  } else {
    a = sum(num(1), pow(TAN(u), 2));
    b = same ? pow(SEC(u), 2) : pow(COS(u), -2 + (c === 2 ? 0 : 1));
  }
  return exprCase(id, 'trig', a, b, ['x'], 'trig', false);
};

const E = (a: Form) => f(`e^{${a.tex}}`, `%e^(${a.mx})`);
const LN = (a: Form) => fn('\\ln', 'log', a);

const explog: Maker = (g, id) => {
  const same = g.coin();
  const p = g.nz(-4, 4);
  const q = g.nz(-4, 4);
  const t = g.int(0, 4);
  if (t === 0) {
    const a = prod(E(prod(num(p), X)), E(num(q)));
    const b = E(sum(prod(num(p), X), num(same ? q : q + 1)));
    return exprCase(id, 'explog', a, b, ['x'], 'rad', false);
  }
  if (t === 1) {
    const a = pow(E(X), p);
    const b = same ? E(prod(num(p), X)) : E(sum(prod(num(p), X), num(1)));
    return exprCase(id, 'explog', a, b, ['x'], 'rad', false);
  }
  if (t === 2) {
    // Positive arguments: ln((x² + a)(x² + b)) = ln(x² + a) + ln(x² + b).
    const a1 = g.int(1, 6);
    const b1 = g.int(1, 6);
    const a = LN(prod(poly([a1, 0, 1]), poly([b1, 0, 1])));
    const b = sum(LN(poly([a1, 0, 1])), LN(poly([same ? b1 : b1 + 1, 0, 1])));
    return exprCase(id, 'explog', a, b, ['x'], 'rad', false);
  }
  if (t === 3) {
    const a = fn('\\exp', 'exp', prod(num(p), X));
    const b = E(prod(num(same ? p : p + 1), X));
    return exprCase(id, 'explog', a, b, ['x'], 'rad', false);
  }
  const a = LN(E(sum(prod(num(p), X), num(q))));
  const b = same ? sum(prod(num(p), X), num(q)) : sum(prod(num(q), X), num(p === q ? p + 1 : p));
  return exprCase(id, 'explog', a, b, ['x'], 'rad', false);
};

const FACT = (a: Form) => f(`${par(a).tex}!`, `factorial(${a.mx})`);
const M = f('m', 'm');
const J = f('j', 'j');

const special: Maker = (g, id) => {
  const same = g.coin();
  const t = g.int(0, 6);
  if (t === 0) {
    const a = f('\\binom{m}{j}', 'binomial(m,j)');
    const b = over(FACT(M), prod(FACT(J), FACT(same ? minus(M, J) : sum(M, J))));
    return exprCase(id, 'special', a, b, ['j', 'm'], 'special', false);
  }
  if (t === 1) {
    const k = g.int(1, 3);
    const a = over(FACT(sum(M, num(k))), FACT(M));
    let c = [1];
    for (let i = 1; i <= k; i++) c = polyMul(c, [i, 1]);
    return exprCase(id, 'special', a, poly(same ? c : g.slip(c), M), ['m'], 'special', false);
  }
  const u = prod(num(g.nz(-2, 2)), X);
  const sinh = (a: Form) => fn('\\sinh', 'sinh', a);
  const cosh = (a: Form) => fn('\\cosh', 'cosh', a);
  if (t === 2) {
    const a = fn('\\operatorname{csch}', 'csch', u);
    return exprCase(id, 'special', a, over(num(1), same ? sinh(u) : cosh(u)), ['x'], 'special', false);
  }
  if (t === 3) {
    const a = fn('\\coth', 'coth', u);
    const b = same ? over(cosh(u), sinh(u)) : over(sinh(u), cosh(u));
    return exprCase(id, 'special', a, b, ['x'], 'special', false);
  }
  if (t === 4) {
    const a = fn('\\operatorname{arsinh}', 'asinh', X);
    const b = LN(sum(X, sqrt(poly([same ? 1 : 2, 0, 1]))));
    return exprCase(id, 'special', a, b, ['x'], 'special', false);
  }
  if (t === 5) {
    const a = minus(pow(cosh(u), 2), pow(sinh(u), 2));
    return exprCase(id, 'special', a, num(same ? 1 : -1), ['x'], 'special', false);
  }
  const a = fn('\\operatorname{sech}', 'sech', u);
  const b = over(num(2), sum(E(u), E(same ? prod(num(-1), par(u)) : u)));
  return exprCase(id, 'special', a, b, ['x'], 'special', false);
};

/** p/q as a decimal with `digits` digits after the point (rounded). */
function decimal(p: number, q: number, digits: number): string {
  return (p / q).toFixed(digits);
}

const decimalCase: Maker = (g, id) => {
  const q = g.pick([2, 4, 5, 8, 3, 7, 9, 11]);
  const p = g.nz(-9, 9);
  const terminating = [2, 4, 5, 8].includes(q);
  const digits = terminating ? g.int(3, 4) : g.int(4, 12);
  const d = decimal(p, q, digits);
  const dForm = f(d, d);
  const t = g.int(0, 3);
  const rationalForm = frac(p, q);
  if (t === 3) {
    // Inside a product and a function that is not one-to-one: k·sin(d·x) against k·sin(p x/q).
    const k = g.nz(-5, 5);
    const a = prod(num(k), fn('\\sin', 'sin', prod(dForm, X)));
    const b = prod(num(k), fn('\\sin', 'sin', prod(rationalForm, X)));
    return exprCase(id, 'decimal', a, b, ['x'], 'rat', true);
  }
  if (t === 0) {
    return exprCase(id, 'decimal', prod(dForm, X), prod(rationalForm, X), ['x'], 'rat', true);
  }
  const base = g.pick([2, 3, 5]);
  if (t === 1) {
    const a = pow(num(base), prod(dForm, X));
    const b = pow(num(base), over(prod(num(p), X), num(q)));
    return exprCase(id, 'decimal', a, b, ['x'], 'rat', true);
  }
  return exprCase(
    id,
    'decimal',
    E(prod(dForm, X)),
    fn('\\exp', 'exp', prod(rationalForm, X)),
    ['x'],
    'rat',
    true,
  );
};

/** A step from an equation: equivalent rewrites, squaring, dividing by x, dropping |·|, slips. */
const equation: Maker = (g, id) => {
  const t = g.int(0, 5);
  const step = g.int(0, 4);
  const r1 = g.int(-6, 6);
  let r2 = g.int(-6, 6);
  if (r2 === r1) r2 = r1 + 1;
  const k = g.nz(-4, 4) === 1 ? 2 : g.nz(-4, 4);
  let from: Form;
  let to: Form[];
  if (t === 0) {
    // Linear: ax + b = c.
    const a = g.nz(-5, 5);
    const b = g.int(-9, 9);
    const c = g.int(-9, 9);
    from = eq(poly([b, a]), num(c));
    if (step === 0) to = [eq(poly([0, a]), num(c - b))];
    else if (step === 1) to = [eq(poly([b * k, a * k]), num(c * k))];
    else if (step === 2) to = [eq(pow(poly([b, a]), 2), num(c * c))];
    else if (step === 3) to = [eq(poly([0, a]), num(c + b))];
    else to = [eq(X, frac(c - b, a))];
  } else if (t === 1) {
    // Quadratic with roots r1, r2.
    const c = polyMul([-r1, 1], [-r2, 1]);
    from = eq(poly(c), num(0));
    if (step === 0) to = [eq(prod(poly([-r1, 1]), poly([-r2, 1])), num(0))];
    else if (step === 1) to = [eq(X, num(r1)), eq(X, num(r2))];
    else if (step === 2) to = [eq(X, num(r1))];
    else if (step === 3) to = [eq(poly(g.slip(c)), num(0))];
    else to = [eq(poly([c[0]!, c[1]!]), prod(num(-1), pow(X, 2)))];
  } else if (t === 2) {
    // x·(x − r) = k·x: dividing by x loses 0.
    from = eq(prod(X, poly([-r1, 1])), prod(num(k), X));
    if (step === 0) to = [eq(poly([-r1, 1]), num(k))];
    else if (step === 1) to = [eq(poly([0, -r1 - k, 1]), num(0))];
    else if (step === 2) to = [eq(X, num(0)), eq(X, num(r1 + k))];
    else if (step === 3) to = [eq(X, num(r1 + k))];
    else to = [eq(poly([-r1, 1]), num(-k))];
  } else if (t === 3) {
    // √(x + a) = x + b: squaring may gain a root.
    const a = g.int(-3, 9);
    const b = g.int(-4, 4);
    from = eq(sqrt(poly([a, 1])), poly([b, 1]));
    if (step === 0 || step === 1) to = [eq(poly([a, 1]), pow(poly([b, 1]), 2))];
    else if (step === 2) to = [eq(poly([a - b * b, 1 - 2 * b, -1]), num(0))];
    else if (step === 3) to = [eq(poly([a, 1]), poly([b * b, 1]))];
    else to = [eq(sqrt(poly([a, 1])), poly([-b, -1]))];
  } else if (t === 4) {
    // |x − a| = b: dropping the bars loses a case.
    const a = g.int(-5, 5);
    const b = g.int(-1, 6);
    from = f(`\\left|${poly([-a, 1]).tex}\\right|=${b}`, `abs(${poly([-a, 1]).mx})=(${b})`);
    if (step === 0) to = [eq(poly([-a, 1]), num(b)), eq(poly([-a, 1]), num(-b))];
    else if (step === 1) to = [eq(poly([-a, 1]), num(b))];
    else if (step === 2) to = [eq(pow(poly([-a, 1]), 2), num(b * b))];
    else if (step === 3) to = [eq(X, num(a + b)), eq(X, num(b - a))];
    else to = [eq(X, num(a + b)), eq(X, num(a - b))];
  } else {
    // A fraction: (x² − r1²)/(x − r1) = k, where x = r1 is excluded.
    from = eq(over(poly([-r1 * r1, 0, 1]), poly([-r1, 1])), num(k));
    if (step === 0) to = [eq(poly([r1, 1]), num(k))];
    else if (step === 1) to = [eq(poly([-r1 * r1, 0, 1]), prod(num(k), poly([-r1, 1])))];
    else if (step === 2) to = [eq(X, num(k - r1))];
    else if (step === 3) to = [eq(X, num(k + r1))];
    else to = [eq(poly([r1, 1]), num(k + 1))];
  }
  return { id, category: 'equation', kind: 'step', from, to };
};

const OPS = [
  ['<', '<'],
  ['\\le', '<='],
  ['>', '>'],
  ['\\ge', '>='],
] as const;

/** An inequality side: LaTeX and the Maxima disjunctive normal form of its atoms. */
interface Ineq {
  readonly tex: string;
  readonly dnf: readonly (readonly string[])[];
}

const atom = (l: Form, op: (typeof OPS)[number], r: Form): Ineq => ({
  tex: `${l.tex}${op[0]}${r.tex}`,
  dnf: [[`(${l.mx}) ${op[1]} (${r.mx})`]],
});
const or = (...xs: Ineq[]): Ineq => ({
  tex: xs.map((x) => x.tex).join(' \\lor '),
  dnf: xs.flatMap((x) => x.dnf),
});
const and = (a: Ineq, b: Ineq): Ineq => ({
  tex: `\\left(${a.tex}\\right) \\land \\left(${b.tex}\\right)`,
  dnf: a.dnf.flatMap((p) => b.dnf.map((q) => [...p, ...q])),
});
const flip = (op: (typeof OPS)[number]) => OPS[(OPS.indexOf(op) + 2) % 4]!;
const loosen = (op: (typeof OPS)[number]) => OPS[OPS.indexOf(op) ^ 1]!;

/** Steps between inequalities: sign charts split into cases, "and"/"or", strictness, direction. */
const inequality: Maker = (g, id) => {
  const a = g.int(-6, 5);
  const b = a + g.int(1, 6);
  const op = g.pick(OPS);
  const lessThan = op[1].startsWith('<');
  const strict = op[1].length === 1;
  const step = g.int(0, 5);
  const t = g.int(0, 2);
  const X_A = poly([-a, 1]);
  const X_B = poly([-b, 1]);
  const zero = num(0);
  let from: Ineq;
  let to: Ineq;
  if (t === 0) {
    // (x − a)(x − b) op 0: between the roots, or outside them.
    from = atom(prod(X_A, X_B), op, zero);
    const lo = strict ? OPS[0] : OPS[1];
    const hi = strict ? OPS[2] : OPS[3];
    const between = and(atom(X, hi, num(a)), atom(X, lo, num(b)));
    const outside = or(atom(X, lo, num(a)), atom(X, hi, num(b)));
    const right = lessThan ? between : outside;
    const swapped = lessThan ? outside : between;
    if (step <= 1) to = right;
    else if (step === 2) to = swapped;
    else if (step === 3)
      to = lessThan
        ? or(atom(X, hi, num(a)), atom(X, lo, num(b)))
        : and(atom(X, lo, num(a)), atom(X, hi, num(b)));
    else if (step === 4) {
      const l2 = strict ? OPS[1] : OPS[0];
      const h2 = strict ? OPS[3] : OPS[2];
      to = lessThan
        ? and(atom(X, h2, num(a)), atom(X, l2, num(b)))
        : or(atom(X, l2, num(a)), atom(X, h2, num(b)));
    } else to = lessThan ? atom(X, lo, num(b)) : atom(X, hi, num(b));
  } else if (t === 1) {
    // (x − a)/(x − b) op 0: b is never included.
    from = atom(over(X_A, X_B), op, zero);
    const lo = strict ? OPS[0] : OPS[1];
    const hi = strict ? OPS[2] : OPS[3];
    const between = and(atom(X, hi, num(a)), atom(X, OPS[0], num(b)));
    const outside = or(atom(X, lo, num(a)), atom(X, OPS[2], num(b)));
    if (step <= 1) to = lessThan ? between : outside;
    else if (step === 2)
      to = lessThan
        ? and(atom(X, hi, num(a)), atom(X, OPS[1], num(b)))
        : or(atom(X, lo, num(a)), atom(X, OPS[3], num(b)));
    else if (step === 3) to = atom(prod(X_A, X_B), op, zero);
    else if (step === 4) to = atom(X_A, op, zero);
    else to = lessThan ? outside : between;
  } else {
    // k·x + c op d, divided by k (flipped when k < 0).
    const k = g.nz(-5, 5);
    const c = g.int(-9, 9);
    const d = g.int(-9, 9);
    from = atom(poly([c, k]), op, num(d));
    const solved = atom(X, k > 0 ? op : flip(op), frac(d - c, k));
    if (step <= 1) to = solved;
    else if (step === 2) to = atom(X, k > 0 ? flip(op) : op, frac(d - c, k));
    else if (step === 3) to = atom(X, k > 0 ? loosen(op) : loosen(flip(op)), frac(d - c, k));
    else if (step === 4) to = atom(poly([0, k]), op, num(d - c));
    else to = atom(poly([0, k]), op, num(d + c));
  }
  return { id, category: 'inequality', kind: 'ineq', from, to };
};

const system: Maker = (g, id) => {
  const x0 = g.int(-5, 5);
  const y0 = g.int(-5, 5);
  if (g.coin()) {
    const [a1, b1, a2] = [g.nz(-4, 4), g.nz(-4, 4), g.nz(-4, 4)];
    let b2 = g.nz(-4, 4);
    while (b2 === 0 || a1 * b2 === a2 * b1) b2 += 1;
    const e1 = eq(sum(prod(num(a1), X), prod(num(b1), Y)), num(a1 * x0 + b1 * y0));
    const e2 = eq(sum(prod(num(a2), X), prod(num(b2), Y)), num(a2 * x0 + b2 * y0));
    const answer: [number, number][] = g.coin() ? [[x0, y0]] : [[x0 + g.pick([-1, 1]), y0]];
    return { id, category: 'system', kind: 'system', equations: [e1, e2], answer };
  }
  // A line through two lattice points of x² + y² = r² … simpler: y = x + k with xy = p.
  const s = g.int(-4, 4);
  const p = g.int(-6, 6);
  // x(x + s) = p: roots where the discriminant allows.
  const disc = s * s + 4 * p;
  const roots: number[] = [];
  if (disc >= 0) {
    const r = Math.sqrt(disc);
    if (Number.isInteger(r)) roots.push((-s + r) / 2, (-s - r) / 2);
  }
  const e1 = eq(Y, sum(X, num(s)));
  const e2 = eq(prod(X, Y), num(p));
  const points = [...new Set(roots)].filter(Number.isInteger).map((x): [number, number] => [x, x + s]);
  const answer = g.coin() || points.length === 0 ? points : points.slice(0, 1);
  return { id, category: 'system', kind: 'system', equations: [e1, e2], answer };
};

function abs(a: Form): Form {
  return f(`\\left|${a.tex}\\right|`, `abs(${a.mx})`);
}

/** x + a for a shift of either sign and any size (a fraction, a thousandth, hundreds of thousands). */
function shifted(g: Gen, v: Form = X): { form: Form; at: number } {
  const sign = g.pick([-1, 1]);
  const size = g.int(0, 3);
  const [p, q] =
    size === 0
      ? [g.int(1, 20), 1]
      : size === 1
        ? [g.int(1, 9), g.int(2, 7)]
        : size === 2
          ? [g.int(21, 999), 1]
          : [g.int(1_000, 500_000), 1];
  const shift = p / q;
  const tex = q === 1 ? String(p) : `\\frac{${p}}{${q}}`;
  const form = f(`${v.tex}${sign < 0 ? '-' : '+'}${tex}`, `(${v.mx})+(${sign * p})/(${q})`);
  return { form, at: -sign * shift };
}

/**
 * An expression that changes formula at a breakpoint (|u|, √(u²), a root or a log of u) against one
 * that equals it on one side only, or everywhere: Maxima compares them on both sides of the breakpoint.
 */
const breakpoint: Maker = (g, id) => {
  const same = g.coin();
  const { form: u, at } = shifted(g);
  const t = g.int(0, 4);
  const around = (z: number) => {
    const s = Math.max(1, Math.abs(z));
    return [z - 1.7 * s, z + 1.3 * s, z - 0.37 * s].map((x) => ({ x }));
  };
  if (t === 0) {
    const b = same ? sqrt(pow(u, 2)) : g.coin() ? u : f(`-\\left(${u.tex}\\right)`, `-(${u.mx})`);
    return { ...exprCase(id, 'breakpoint', abs(u), b, ['x'], 'rad', false), points: around(at) };
  }
  if (t === 1) {
    // |u|^k is u^k for an even k; for an odd k it is |u|·u^(k−1), not u^k.
    const k = g.pick([2, 3, 4, 5]);
    const b = k % 2 === 0 ? pow(u, k) : same ? prod(abs(u), pow(u, k - 1)) : pow(u, k);
    return { ...exprCase(id, 'breakpoint', pow(abs(u), k), b, ['x'], 'rad', false), points: around(at) };
  }
  if (t === 2) {
    // |u| + u: 2u on one side, 0 on the other.
    const a = sum(abs(u), u);
    const b = same ? sum(sqrt(pow(u, 2)), u) : prod(num(2), u);
    return { ...exprCase(id, 'breakpoint', a, b, ['x'], 'rad', false), points: around(at) };
  }
  if (t === 3) {
    // Two variables: |x − ky| and x − ky, compared on both sides of x = ky.
    const k = g.nz(-40, 40);
    const w = f(`x${k < 0 ? '+' : '-'}${Math.abs(k) === 1 ? '' : Math.abs(k)}y`, `x-(${k})*y`);
    const b = same ? sqrt(pow(w, 2)) : w;
    const points = [1.5, -2.5, 0.5].flatMap((y) =>
      [{ x: k * y - 1.3 }, { x: k * y + 0.7 }].map((p) => ({ ...p, y })),
    );
    return { ...exprCase(id, 'breakpoint', abs(w), b, ['x', 'y'], 'rad', false), points };
  }
  // u/|u| is the sign of u: |u|/u too, 1 only on one side.
  const a = over(u, abs(u));
  const b = same ? over(abs(u), u) : num(1);
  return { ...exprCase(id, 'breakpoint', a, b, ['x'], 'rad', false), points: around(at) };
};

/** A line of branches: one equation alone, several in a cases block; branches joined by ∨. */
function systemLine(id: number, equations: Form[], line: Form[][]): SystemStepCase {
  const branch = (conj: readonly Form[]) =>
    conj.length === 1 ? conj[0]!.tex : `\\begin{cases}${conj.map((e) => e.tex).join('\\\\')}\\end{cases}`;
  return {
    id,
    category: 'systemStep',
    kind: 'systemStep',
    equations,
    line,
    tex: line.map(branch).join(' \\lor '),
  };
}

const systemStep: Maker = (g, id) => {
  if (g.coin()) {
    // A linear system with the point (x0, y0), and a rewritten system or an "or" of coordinates.
    const x0 = g.int(-5, 5);
    const y0 = g.int(-5, 5);
    const [a1, b1, a2] = [g.nz(-4, 4), g.nz(-4, 4), g.nz(-4, 4)];
    let b2 = g.nz(-4, 4);
    while (b2 === 0 || a1 * b2 === a2 * b1) b2 += 1;
    const lin = (a: number, b: number, c: number) => eq(sum(prod(num(a), X), prod(num(b), Y)), num(c));
    const e1 = lin(a1, b1, a1 * x0 + b1 * y0);
    const e2 = lin(a2, b2, a2 * x0 + b2 * y0);
    const k = g.nz(-3, 3);
    const slip = g.coin() ? 0 : g.pick([-1, 1]);
    switch (g.int(0, 3)) {
      case 0: // One equation replaced by a combination (off by one when slipping).
        return systemLine(
          id,
          [e1, e2],
          [[e1, lin(a2 + k * a1, b2 + k * b1, a2 * x0 + b2 * y0 + k * (a1 * x0 + b1 * y0) + slip)]],
        );
      case 1: // Solved for the point.
        return systemLine(id, [e1, e2], [[eq(X, num(x0 + slip)), eq(Y, num(y0))]]);
      case 2: // "Or" written for "and".
        return systemLine(id, [e1, e2], [[eq(X, num(x0))], [eq(Y, num(y0 + slip))]]);
      default: // One variable eliminated, the other equation kept.
        return systemLine(
          id,
          [e1, e2],
          [[e1, eq(prod(num(a2 * b1 - a1 * b2), X), num((a2 * b1 - a1 * b2) * x0 + slip))]],
        );
    }
  }
  // y = x + s and xy = p: substituted, expanded, squared, one branch kept, or a branch per root.
  const r1 = g.int(-4, 4);
  const r2 = g.int(-4, 4);
  // With y = x + shift, xy = p becomes x² + shift·x − p = 0: its roots are r1 and r2.
  const shift = -(r1 + r2);
  const p = -r1 * r2;
  const e1 = eq(Y, sum(X, num(shift)));
  const e2 = eq(prod(X, Y), num(p));
  const slip = g.coin() ? 0 : g.pick([-1, 1]);
  const keep = eq(Y, sum(X, num(shift)));
  switch (g.int(0, 4)) {
    case 0:
      return systemLine(id, [e1, e2], [[eq(prod(X, par(sum(X, num(shift)))), num(p + slip)), keep]]);
    case 1:
      return systemLine(
        id,
        [e1, e2],
        [[eq(pow(par(prod(X, par(sum(X, num(shift))))), 2), num(p * p + slip)), keep]],
      );
    case 2:
      return systemLine(id, [e1, e2], [[eq(X, num(r1 + slip)), keep]]);
    case 3:
      return systemLine(
        id,
        [e1, e2],
        [
          [eq(X, num(r1)), eq(Y, num(r1 + shift + slip))],
          [eq(X, num(r2)), eq(Y, num(r2 + shift))],
        ],
      );
    default:
      return systemLine(id, [e1, e2], [[eq(X, num(r1))], [eq(Y, num(r1 + shift + slip))]]);
  }
};

const MAKERS: Record<Category, Maker> = {
  rational,
  radical,
  trig,
  explog,
  special,
  decimal: decimalCase,
  equation,
  inequality,
  system,
  breakpoint,
  systemStep,
};

/** `count` cases from `seed`, the categories in turn. */
export function generateCases(seed: number, count: number): DiffCase[] {
  const g = new Gen(new Prng(seed));
  const out: DiffCase[] = [];
  for (let id = 0; id < count; id++) out.push(MAKERS[CATEGORIES[id % CATEGORIES.length]!](g, id));
  return out;
}
