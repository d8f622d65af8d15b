import type { PublicPrimeDecompositionData } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PrimeConsole } from './prime-console';
import { buildPrimeAnswer } from './prime-table';

const DECOMP_360: PublicPrimeDecompositionData = {
  numbers: [{ id: 'n360aa', latex: '360' }],
  decompType: 'Decomp',
};
const LCM_12_18: PublicPrimeDecompositionData = {
  numbers: [
    { id: 'n12aaa', latex: '12' },
    { id: 'n18aaa', latex: '18' },
  ],
  decompType: 'LCM',
};
const GCD_THREE: PublicPrimeDecompositionData = {
  numbers: [
    { id: 'n84aaa', latex: '84' },
    { id: 'n126aa', latex: '126' },
    { id: 'n210aa', latex: '210' },
  ],
  decompType: 'GCD',
};

const DONE_360 = [
  ['360', '2'],
  ['180', '2'],
  ['90', '2'],
  ['45', '3'],
  ['15', '3'],
  ['5', '5'],
  ['1', ''],
];

/** The rows of the last answer reported. */
function rowsOf(answer: ReturnType<typeof buildPrimeAnswer>): string[][] {
  const rows: string[][] = [];
  for (const cell of answer.table) (rows[cell.rIndex] ??= [])[cell.cIndex] = cell.cellContent;
  return rows;
}

const meta = {
  title: 'Consoles/PrimeConsole',
  component: PrimeConsole,
  args: { data: DECOMP_360, onAnswer: fn() },
} satisfies Meta<typeof PrimeConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The number alone: a divisor, Enter, the quotient; letters are refused. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Fila 1, divisor' }));
    await userEvent.keyboard('2{Enter}18x0');
    await expect(canvas.getByRole('textbox', { name: 'Fila 2, Número' })).toHaveValue('180');
    await expect(
      canvas.getByText('Solo puedes escribir números en las casillas de la tabla.'),
    ).toBeInTheDocument();
    const answer = (args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0];
    await expect(rowsOf(answer)).toEqual([
      ['360', '2'],
      ['180', ''],
    ]);
    await expect(answer.mathText).toBe('');
  },
};

/** A saved table comes back; a row can be inserted in the middle and deleted again. */
export const SavedAnswer: Story = {
  args: { value: buildPrimeAnswer(DONE_360.slice(0, 3), '') },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Fila 3, Número' })).toHaveValue('90');
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir una fila debajo de la fila 1' }));
    await expect(rowsOf((args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0])).toEqual([
      ['360', '2'],
      ['', ''],
      ['180', '2'],
      ['90', '2'],
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Eliminar la fila 2' }));
    await expect(rowsOf((args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0])).toEqual(
      DONE_360.slice(0, 3),
    );
  },
};

/** The finished table and its final answer, right. */
export const Correct: Story = {
  args: {
    value: buildPrimeAnswer(DONE_360, '2^3*3^2*5'),
    feedback: {
      correct: true,
      message: { key: 'feedback.correct', params: {} },
      showMathField: true,
      cells: [],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¡Correcto!')).toBeInTheDocument();
    await expect(canvas.getByText('☺')).toBeInTheDocument();
    await expect(
      canvas.getByRole('textbox', { name: 'Respuesta: 360 como producto de factores primos' }),
    ).toHaveValue('2^3*3^2*5');
  },
};

/** A wrong quotient: the message, the cell marked; Ok dismisses and the corrected cell is reported. */
export const WrongWithFeedback: Story = {
  args: {
    value: buildPrimeAnswer(
      [
        ['360', '2'],
        ['170', ''],
      ],
      '',
    ),
    feedback: {
      correct: false,
      message: { key: 'feedback.wrong-division', params: { divisor: 2 } },
      showMathField: false,
      cells: [{ rIndex: 1, cIndex: 0 }],
    },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = canvas.getByRole('textbox', { name: 'Fila 2, Número' });
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(cell).toHaveFocus());
    await expect(canvas.queryByRole('button', { name: 'Ok' })).toBeNull();
    await userEvent.clear(cell);
    await userEvent.type(cell, '180');
    await expect(rowsOf((args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0])).toEqual([
      ['360', '2'],
      ['180', ''],
    ]);
    await expect(cell).not.toHaveAttribute('aria-invalid');
  },
};

/** While a check is in flight nothing can be typed, added or deleted. */
export const Disabled: Story = {
  args: { value: buildPrimeAnswer(DONE_360.slice(0, 2), ''), disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Fila 2, Número' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Eliminar la fila 2' })).toBeDisabled();
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English, with the GCD of three numbers. */
export const English: Story = {
  args: { data: GCD_THREE, lang: 'en' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('table', { name: 'Greatest common divisor of 84, 126, and 210' }),
    ).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Row 1, divisor' }), '2');
    await expect(rowsOf((args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0])).toEqual([
      ['84', '126', '210', '2'],
    ]);
  },
};

/** The least common multiple of 12 and 18, done to the end: the final answer appears and is reported. */
export const LCM: Story = {
  args: {
    data: LCM_12_18,
    value: buildPrimeAnswer(
      [
        ['12', '18', '2'],
        ['6', '9', '2'],
        ['3', '9', '3'],
        ['1', '3', '3'],
        ['1', '', ''],
      ],
      '',
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: /Respuesta/ })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Fila 5, Número 2' }), '1');
    const final = await canvas.findByRole('textbox', { name: 'Respuesta: m.c.m. de 12 y 18' });
    await userEvent.type(final, '2^2*3^2');
    const answer = (args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0];
    await expect(answer.mathText).toBe('2^2*3^2');
    await expect(rowsOf(answer).at(-1)).toEqual(['1', '1', '']);
  },
};

/** On a 360 px phone: three numbers with divisor and row buttons scroll inside a labelled region. */
export const Phone: Story = {
  args: {
    data: GCD_THREE,
    value: buildPrimeAnswer(
      [
        ['84', '126', '210', '2'],
        ['42', '63', '105', ''],
      ],
      '',
    ),
  },
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Añadir una fila debajo de la fila 2' });
    await expect(add.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    await userEvent.click(add);
    await expect(rowsOf((args.onAnswer as ReturnType<typeof fn>).mock.lastCall?.[0])).toHaveLength(3);
  },
};
