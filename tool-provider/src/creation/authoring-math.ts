/** The arithmetic the authoring checks do on an author's LaTeX, with one Compute Engine. */
import { ComputeEngine } from '@cortex-js/compute-engine';

let engine: ComputeEngine | undefined;
export function ce(): ComputeEngine {
  engine ??= new ComputeEngine();
  return engine;
}

/** The exact value of a LaTeX expression as LaTeX, or null when it does not evaluate to a finite number. */
export function exactLatex(latex: string): string | null {
  const value = ce().parse(latex).evaluate();
  const numeric = value.N();
  const re = Number(numeric.re);
  if (!Number.isFinite(re) || Math.abs(Number(numeric.im ?? 0)) > 1e-12) return null;
  return value.latex;
}

/** The numeric value of a LaTeX expression, or null. */
export function numeric(latex: string, variables: Record<string, number> = {}): number | null {
  let expr = ce().parse(latex);
  if (Object.keys(variables).length > 0)
    expr = expr.subs(Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, ce().number(v)])));
  const value = expr.N();
  const re = Number(value.re);
  if (!Number.isFinite(re) || Math.abs(Number(value.im ?? 0)) > 1e-9) return null;
  return re;
}

/** `f(x)=…`, `y=…` or a bare expression: its variable and body (as the checker reads a functions record). */
export function readFunction(latex: string): { name: string; variable: string; body: string } {
  const named = /^\s*([A-Za-z])\s*(?:\\left)?\s*\(\s*([A-Za-z])\s*(?:\\right)?\s*\)\s*=(.*)$/s.exec(latex);
  if (named) return { name: named[1]!, variable: named[2]!, body: named[3]! };
  const y = /^\s*y\s*=(.*)$/s.exec(latex);
  return { name: 'f', variable: 'x', body: y ? y[1]! : latex };
}
