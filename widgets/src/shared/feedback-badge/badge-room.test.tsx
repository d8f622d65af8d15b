import { GRAPHICAL_FEEDBACK_BY_CONSOLE, type GraphicalFeedbackConsole } from '@kib/checker/feedback-codes';
import type { PrimeDecompositionFeedback, PublicPrimeDecompositionData, TableFeedback } from '@kib/core';
import type { Language } from '@kib/i18n';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { ChoiceConsole } from '../../choice-console/choice-console';
import { FunctionConsole } from '../../function-console/function-console';
import { IntervalConsole } from '../../interval-console/interval-console';
import { LineConsole } from '../../line-console/line-console';
import { NumberlineConsole } from '../../numberline-console/numberline-console';
import { PointsConsole } from '../../points-console/points-console';
import { PrimeConsole } from '../../prime-console/prime-console';
import { TableConsole } from '../../table-console/table-console';

/** A console of each graphical kind with the feedback of one of its codes (null: none yet). */
const PLOT_CONSOLES = {
  plotFunction: FunctionConsole,
  plotLinearEquation: LineConsole,
  points: PointsConsole,
  numberlinePoints: NumberlineConsole,
  intervals: IntervalConsole,
} as const;

const CHOICE_DATA = {
  multipleSelection: true,
  choices: [
    { id: 1, position: 0, text: 'Uno', picture: null },
    { id: 2, position: 1, text: 'Dos', picture: null },
  ],
};
const PRIME_DATA: PublicPrimeDecompositionData = {
  numbers: [
    { id: 'n12aaa', latex: '12' },
    { id: 'n18aaa', latex: '18' },
  ],
  decompType: 'LCM',
};
/** Every parameter a graphical text takes, at the size a student can reach. */
const PARAMS = { divisor: 9973, missing: 12, number: 123456789012 };

function graphical(kind: GraphicalFeedbackConsole, lang: Language, code: string | null): ReactNode {
  const key = code ? `feedback.${code}` : null;
  const correct = code !== null && code.endsWith('correct');
  if (kind === 'multipleChoice') {
    const feedback = key ? { correct, feedback: { key, params: PARAMS } } : null;
    return <ChoiceConsole data={CHOICE_DATA} lang={lang} value={[1]} feedback={feedback} />;
  }
  if (kind === 'primeDecomposition') {
    const feedback: PrimeDecompositionFeedback | null = key
      ? { correct, message: { key, params: PARAMS }, showMathField: false, cells: [] }
      : null;
    return <PrimeConsole data={PRIME_DATA} lang={lang} feedback={feedback} />;
  }
  const Console = PLOT_CONSOLES[kind];
  return <Console data={null} lang={lang} feedback={key ? { correctAns: correct, feedbacks: key } : null} />;
}

/** The page of a phone: the console, then the host's check button. */
function phone(console: ReactNode) {
  return (
    <div style={{ width: '320px' }}>
      {console}
      <button type="button">Comprobar</button>
    </div>
  );
}

async function buttonTopsFor(pages: ReactNode[]): Promise<number[]> {
  const screen = await render(phone(pages[0]));
  const button = screen.getByRole('button', { name: 'Comprobar' }).element();
  const tops: number[] = [];
  for (const page of pages) {
    await screen.rerender(phone(page));
    await new Promise(requestAnimationFrame);
    tops.push(button.getBoundingClientRect().top);
  }
  return tops;
}

describe.each(['es', 'en'] as const)('the badge keeps room for its longest text (%s, 320 px)', (lang) => {
  it.each(Object.keys(GRAPHICAL_FEEDBACK_BY_CONSOLE) as GraphicalFeedbackConsole[])(
    'no feedback of the %s console moves the check button',
    async (kind) => {
      const codes = [null, ...GRAPHICAL_FEEDBACK_BY_CONSOLE[kind]];
      const tops = await buttonTopsFor(codes.map((code) => graphical(kind, lang, code)));
      expect(new Set(tops).size, JSON.stringify(tops)).toBe(1);
    },
  );

  it('no summary of the table console moves the check button', async () => {
    const data = {
      constant: [],
      interval: false,
      numRows: 2,
      numColumns: 2,
      tableData: [
        { rIndex: 0, cIndex: 0, cellType: 'headerText' as const, cellContent: 'x' },
        { rIndex: 0, cIndex: 1, cellType: 'headerText' as const, cellContent: 'y' },
        { rIndex: 1, cIndex: 0, cellType: 'text' as const, cellContent: '1' },
        { rIndex: 1, cIndex: 1, cellType: 'mathAns' as const, cellContent: '' },
      ],
    };
    const cells = (correct: number, wrong: number): TableFeedback => [
      ...Array.from({ length: correct }, (_, i) => ({ rIndex: 1, cIndex: i, correct: true, complete: true })),
      ...Array.from({ length: wrong }, (_, i) => ({ rIndex: 2, cIndex: i, correct: false, complete: true })),
    ];
    const feedbacks = [null, cells(1, 0), cells(0, 1), cells(120, 380)];
    const tops = await buttonTopsFor(
      feedbacks.map((feedback) => <TableConsole data={data} lang={lang} feedback={feedback} />),
    );
    expect(new Set(tops).size, JSON.stringify(tops)).toBe(1);
  });
});
