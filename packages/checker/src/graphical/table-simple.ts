import type { AnswerOf, TableFeedback } from '@kib/core';
import type { CheckData } from '../types';
import { listOf } from './numbers';

/**
 * Whether the student's LaTeX is equivalent to the target LaTeX; null when it cannot be read.
 * Injected by the dispatcher (the expression engine lives elsewhere).
 */
export type EquivalenceCheck = (
  studentLatex: string,
  targetLatex: string,
  opts: { constants: string[]; degrees: boolean },
) => boolean | null;

/**
 * tableSimple: one entry per answer cell (`mathAns`) of the table, in row then column order:
 * `complete` when the student typed something there, `correct` when it is equivalent to the cell's
 * expected answer (an identical text is right without asking the engine; an engine that fails
 * counts as "unreadable"). Answers for cells that are not answer cells are ignored.
 */
export function checkTableSimple(
  data: CheckData<'tableSimple'>,
  answer: AnswerOf<'tableSimple'>,
  equivalent: EquivalenceCheck,
): TableFeedback {
  const typed = new Map<string, string>();
  for (const entry of listOf(answer, 30 * 30 * 4)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { rIndex, cIndex, cellAns } = entry as Record<string, unknown>;
    if (typeof rIndex === 'number' && typeof cIndex === 'number' && typeof cellAns === 'string') {
      typed.set(`${rIndex}:${cIndex}`, cellAns);
    }
  }
  const constants = (Array.isArray(data.constant) ? data.constant : []).map((item) => item.latex);
  return data.tableData
    .filter((cell) => cell.cellType === 'mathAns')
    .sort((a, b) => a.rIndex - b.rIndex || a.cIndex - b.cIndex)
    .map((cell) => {
      const ans = typed.get(`${cell.rIndex}:${cell.cIndex}`) ?? '';
      const complete = !isBlank(ans);
      return {
        rIndex: cell.rIndex,
        cIndex: cell.cIndex,
        complete,
        correct: complete && sameAnswer(ans, cell.cellContent, constants, equivalent),
      };
    });
}

/** Empty once spaces and MathLive's empty placeholders are removed. */
function isBlank(latex: string): boolean {
  return latex.replace(/\\placeholder\{\}|\\[,;:! ]|\s|\{\}/g, '') === '';
}

function normalised(latex: string): string {
  return latex.replace(/\\left|\\right|\s/g, '');
}

function sameAnswer(
  student: string,
  target: string,
  constants: string[],
  equivalent: EquivalenceCheck,
): boolean {
  if (normalised(student) === normalised(target)) return true;
  try {
    return equivalent(student, target, { constants, degrees: false }) === true;
  } catch {
    // The engine is someone else's; a failure there must not become a 500 for the student.
    return false;
  }
}
