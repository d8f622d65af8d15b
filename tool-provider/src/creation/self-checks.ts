import type { MathTypeDataOf, MathType, TableCell } from '@kib/core';
import { mathPieces } from '@kib/checker/variants';
import { ce, exactLatex, numeric, readFunction } from './authoring-math';

/** Why an item's answer contradicts what the item itself says, in the author's words (an i18n key and its values). */
export interface Contradiction {
  reason: string;
  params: Record<string, string | number>;
}

/** A cell's LaTeX without the dollar signs a text or header cell writes its math between. */
const bare = (content: string) =>
  content
    .trim()
    .replace(/^\$+|\$+$/g, '')
    .trim();

/** The free letters of an expression (π, e and i are constants). */
function unknownsOf(latex: string): string[] {
  return ce()
    .parse(latex)
    .unknowns.filter((u) => !['Pi', 'ExponentialE', 'ImaginaryUnit'].includes(u));
}

/** Two numbers equal to the checker's tolerance. */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * A table whose header is a function of a variable another header names (`x` beside `2x+1`): each
 * answer cell below or beside the function must be its value at that row's (or column's) `x`. The
 * first cell that is not is named; a table with nothing to compute says nothing.
 */
export function tableContradiction(data: MathTypeDataOf<'tableSimple'>): Contradiction | null {
  if (data.interval) return null;
  const at = (r: number, c: number): TableCell | undefined =>
    data.tableData.find((cell) => cell.rIndex === r && cell.cIndex === c);
  for (const cell of data.tableData) {
    if (cell.cellType !== 'mathAns') continue;
    const { rIndex: r, cIndex: c } = cell;
    // The function heads the cell's column (row 0) or its row (column 0); the variable heads another.
    const ways = [
      {
        header: at(0, c),
        others: data.numColumns,
        variableAt: (k: number) => at(0, k),
        valueAt: (k: number) => at(r, k),
      },
      {
        header: at(r, 0),
        others: data.numRows,
        variableAt: (k: number) => at(k, 0),
        valueAt: (k: number) => at(k, c),
      },
    ];
    for (const way of ways) {
      if (way.header?.cellType !== 'headerText' || way.header === cell) continue;
      const f = readFunction(bare(way.header.cellContent));
      if (unknownsOf(f.body).join() !== f.variable) continue;
      for (let k = 0; k < way.others; k++) {
        const head = way.variableAt(k);
        const value = way.valueAt(k);
        if (head?.cellType !== 'headerText' || bare(head.cellContent) !== f.variable) continue;
        if (!value || value === cell || value.cellType === 'mathAns') continue;
        const x = numeric(bare(value.cellContent));
        const expected = x === null ? null : numeric(f.body, { [f.variable]: x });
        const given = numeric(cell.cellContent);
        if (expected === null || given === null || same(expected, given)) continue;
        const exact = exactLatex(
          ce()
            .parse(f.body)
            .subs({ [f.variable]: ce().parse(bare(value.cellContent)) }).latex,
        );
        return {
          reason: 'authoring.table-cell-contradicts',
          params: {
            row: r + 1,
            column: c + 1,
            answer: cell.cellContent.slice(0, 100),
            expected: exact ?? String(expected),
            header: bare(way.header.cellContent).slice(0, 100),
            variable: f.variable,
            value: bare(value.cellContent).slice(0, 100),
          },
        };
      }
    }
  }
  return null;
}

/**
 * The one function the statement names for a graph (`$y=2x+1$`, `$f(x)=x^2$`), as its variable and
 * body; null when it names none or several, or one that is not a function of one letter.
 */
function namedFunction(statement: string): { equation: string; variable: string; body: string } | null {
  const named = mathPieces(statement)
    .filter((piece) => /^(y|[a-zA-Z]\s*(\\left)?\(\s*[a-zA-Z]\s*(\\right)?\))\s*=/.test(piece))
    .map((equation) => ({ equation, ...readFunction(equation) }));
  if (named.length !== 1) return null;
  const [f] = named as [(typeof named)[number]];
  const unknowns = unknownsOf(f.body);
  return unknowns.length <= 1 && (unknowns.length === 0 || unknowns[0] === f.variable) ? f : null;
}

/** Points where a graph is compared with the function the statement names. */
const SAMPLES = [-2.7, -1.3, -0.4, 0.6, 1.9, 3.2];

/**
 * A graph whose statement names its function (`Grafica $y=2x+1$`) must draw that function: the line's
 * slope and intercept, or the freehand graph's function at every sampled point where both are defined.
 */
export function graphContradiction(
  mathType: MathType,
  data: unknown,
  statement: string,
): Contradiction | null {
  if (mathType !== 'plotLinearEquation' && mathType !== 'plotFunction') return null;
  const named = namedFunction(statement);
  if (!named) return null;
  const at = (x: number) => numeric(named.body, { [named.variable]: x });
  if (mathType === 'plotLinearEquation') {
    const d = data as MathTypeDataOf<'plotLinearEquation'>;
    const [b, one, two] = [at(0), at(1), at(2)];
    const m = numeric(d.m);
    const intercept = numeric(d.b);
    if (b === null || one === null || two === null || m === null || intercept === null) return null;
    // Only a straight line is compared with the line's slope and intercept.
    if (!same(two - one, one - b)) return null;
    if (same(one - b, m) && same(b, intercept)) return null;
    return {
      reason: 'authoring.line-contradicts-statement',
      params: { equation: named.equation.slice(0, 200), m: d.m, b: d.b },
    };
  }
  const d = data as MathTypeDataOf<'plotFunction'>;
  const drawn = readFunction(d.function);
  for (const x of SAMPLES) {
    const want = at(x);
    const have = numeric(drawn.body, { [drawn.variable]: x });
    if (want === null || have === null) continue;
    if (Math.abs(want - have) > 1e-6 * Math.max(1, Math.abs(want)))
      return {
        reason: 'authoring.graph-contradicts-statement',
        params: { equation: named.equation.slice(0, 200), function: d.function.slice(0, 200) },
      };
  }
  return null;
}

/** What the item says against its own answer, or null: the table's computed cells, the graph its statement names. */
export function contradiction(
  item: { mathType: MathType; data: unknown },
  statement: string,
): Contradiction | null {
  if (item.data === null || item.data === undefined) return null;
  if (item.mathType === 'tableSimple') return tableContradiction(item.data as MathTypeDataOf<'tableSimple'>);
  return graphContradiction(item.mathType, item.data, statement);
}
