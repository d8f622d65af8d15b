import type { NumeralDraft, ProblemDraft, StepDraft } from '@kib/core';
import * as Q from '../expr/rational';
import type { Rational } from '../expr/rational';
import { exactValue, solveSolutions } from './items';
import { mathPieces } from './numbers';

/** Values of a numeral's unknown under which its texts are read: one map per solution. */
type Envs = ReadonlyMap<string, Rational>[];

/** The claims of a piece of math: its parts between arrows, commas and `\quad` (`2x=4 \to x=2`). */
function claimsOf(latex: string): string[] {
  return latex
    .split(/\\(?:to|rightarrow|Rightarrow|implies|Longrightarrow|quad|qquad)\b|[,;]|\\\\/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Whether a claim (`a=b=c`) holds: every part has the same exact value, its letters given by one of
 * `envs` (the numeral's unknown at one of its solutions). Null when it claims nothing that can be
 * evaluated (no `=`, an inequality, a letter without a value, an irrational value).
 */
export function claimHolds(claim: string, envs: Envs): boolean | null {
  if (/\\(?:neq|ne|leq?|geq?|lt|gt|approx|pm|mp)\b|[<>]/.test(claim)) return null;
  const parts = claim.split('=').map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p === '')) return null;
  let evaluated = false;
  for (const env of envs.length > 0 ? envs : [new Map<string, Rational>()]) {
    const values = parts.map((p) => exactValue(p, env));
    if (values.some((v) => v === null)) continue;
    evaluated = true;
    if (values.every((v) => Q.equals(v!, values[0]!))) return true;
  }
  return evaluated ? false : null;
}

/** The unknown of each solve item of a numeral at each of its solutions. */
function envsOf(numeral: NumeralDraft): Envs {
  const envs: Map<string, Rational>[] = [];
  for (const item of [numeral, ...numeral.steps]) {
    if (item.mathType !== 'solve') continue;
    const data = item.data as { unknownVariable?: string; definedSolutions?: { latex: string }[] } | null;
    const unknown = data?.unknownVariable?.trim();
    if (!unknown) continue;
    // The solutions as the author wrote them (`x=2`, `\frac{1}{3}`), exactly; else as the solver found them.
    const written = (data?.definedSolutions ?? []).map((s) => exactValue(s.latex.split('=').pop() ?? ''));
    const values =
      written.length > 0 && written.every((v) => v !== null)
        ? (written as Rational[])
        : (solveSolutions(item.data) ?? []).filter(Number.isFinite).map(Q.fromNumber);
    for (const value of values) envs.push(new Map([[unknown, value]]));
  }
  return envs;
}

/** The texts of a numeral that a student reads, in a fixed order: question, hint, steps, choices. */
function textsOf(numeral: NumeralDraft): string[] {
  const choices = (item: NumeralDraft | StepDraft) => item.choices.map((c) => c.text);
  return [
    numeral.question,
    numeral.initialHint ?? '',
    ...choices(numeral),
    ...numeral.steps.flatMap((s) => [s.instruction, s.explanation, ...choices(s)]),
  ];
}

/**
 * The first numeral (0-based) of `variant` whose texts say something false that the original said
 * true: a worked step (`2x=7-3=4`), a result, an arithmetic fact, read with the numeral's unknown at
 * its solutions. -1 when every true claim stayed true. The variant's texts are the original's with
 * numbers changed, so their pieces and claims line up one to one.
 */
export function brokenNumeral(original: ProblemDraft, variant: ProblemDraft): number {
  for (let i = 0; i < original.numerals.length; i++) {
    const before = original.numerals[i]!;
    const after = variant.numerals[i];
    if (!after) return i;
    const [envsBefore, envsAfter] = [envsOf(before), envsOf(after)];
    const [textsBefore, textsAfter] = [textsOf(before), textsOf(after)];
    for (let t = 0; t < textsBefore.length; t++) {
      const piecesBefore = mathPieces(textsBefore[t]!);
      const piecesAfter = mathPieces(textsAfter[t] ?? '');
      for (let p = 0; p < piecesBefore.length; p++) {
        const claimsBefore = claimsOf(piecesBefore[p]!);
        const claimsAfter = claimsOf(piecesAfter[p] ?? '');
        for (let c = 0; c < claimsBefore.length; c++) {
          if (claimHolds(claimsBefore[c]!, envsBefore) !== true) continue;
          if (claimHolds(claimsAfter[c] ?? '', envsAfter) !== true) return i;
        }
      }
    }
  }
  return -1;
}
