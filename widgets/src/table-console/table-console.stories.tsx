import type { PublicTableSimpleData } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TableConsole } from './table-console';

/** A table of values of f(x) = 2x + 1: x given, f(x) to fill in. */
const VALUES: PublicTableSimpleData = {
  constant: [],
  interval: false,
  numRows: 4,
  numColumns: 2,
  tableData: [
    { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: 'x' },
    { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: 'f(x)' },
    { rIndex: 1, cIndex: 0, cellType: 'text', cellContent: '$0$' },
    { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    { rIndex: 2, cIndex: 0, cellType: 'text', cellContent: '$\\frac{1}{2}$' },
    { rIndex: 2, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    { rIndex: 3, cIndex: 0, cellType: 'text', cellContent: '$-1$' },
    { rIndex: 3, cIndex: 1, cellType: 'mathAns', cellContent: '' },
  ],
};

/** Six columns of values: wider than a phone. */
const WIDE: PublicTableSimpleData = {
  constant: [],
  interval: false,
  numRows: 2,
  numColumns: 7,
  tableData: [
    { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: 'x' },
    { rIndex: 1, cIndex: 0, cellType: 'headerText', cellContent: 'x²' },
    ...Array.from({ length: 6 }, (_, i) => [
      { rIndex: 0, cIndex: i + 1, cellType: 'text' as const, cellContent: `$${i - 2}$` },
      { rIndex: 1, cIndex: i + 1, cellType: 'mathAns' as const, cellContent: '' },
    ]).flat(),
  ],
};

const SAVED = [
  { rIndex: 1, cIndex: 1, cellAns: '1' },
  { rIndex: 2, cIndex: 1, cellAns: '2' },
  { rIndex: 3, cIndex: 1, cellAns: '-3' },
];

const meta = {
  title: 'Consoles/TableConsole',
  component: TableConsole,
  args: { data: VALUES, label: 'Completa la tabla de $f(x) = 2x + 1$', onAnswer: fn() },
} satisfies Meta<typeof TableConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed yet: typing in a cell, then moving down with the arrow key, reports each filled cell. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: 'f(x) fila 2' }));
    await userEvent.keyboard('1');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ rIndex: 1, cIndex: 1, cellAns: '1' }]);
    await userEvent.keyboard('{ArrowDown}2');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '2' },
    ]);
  },
};

/** A saved answer fills the cells again. */
export const SavedAnswer: Story = {
  args: { value: SAVED },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'f(x) fila 4' })).toHaveValue('-3');
  },
};

/** Every cell right: ✓ in each and the happy badge. */
export const Correct: Story = {
  args: {
    value: [
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '2' },
      { rIndex: 3, cIndex: 1, cellAns: '-1' },
    ],
    feedback: [1, 2, 3].map((r) => ({ rIndex: r, cIndex: 1, correct: true, complete: true })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¡Muy bien!')).toBeInTheDocument();
    await expect(canvas.getAllByText('respuesta correcta')).toHaveLength(3);
  },
};

/** One cell wrong: ✗ on it; typing there hides the marks and reports the corrected answer. */
export const WrongWithFeedback: Story = {
  args: {
    value: SAVED,
    feedback: [
      { rIndex: 1, cIndex: 1, correct: true, complete: true },
      { rIndex: 2, cIndex: 1, correct: true, complete: true },
      { rIndex: 3, cIndex: 1, correct: false, complete: true },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/2 de 3 casillas están bien/)).toBeInTheDocument();
    const wrong = canvas.getByRole('textbox', { name: 'f(x) fila 4' });
    await expect(wrong).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(wrong);
    await userEvent.type(wrong, '-1');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([
      { rIndex: 1, cIndex: 1, cellAns: '1' },
      { rIndex: 2, cIndex: 1, cellAns: '2' },
      { rIndex: 3, cIndex: 1, cellAns: '-1' },
    ]);
    await waitFor(() => expect(canvas.queryByText('respuesta incorrecta')).toBeNull());
  },
};

/** While a check is in flight the cells show the answer and take no input. */
export const Disabled: Story = {
  args: { value: SAVED, disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'f(x) fila 2' })).toBeDisabled();
    await expect(args.onAnswer).not.toHaveBeenCalled();
  },
};

/** The interface in English. */
export const English: Story = {
  args: { lang: 'en', label: undefined },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Table to fill in' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: 'f(x) row 3' }), '2');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ rIndex: 2, cIndex: 1, cellAns: '2' }]);
  },
};

/** On a 360 px phone a wide table scrolls sideways inside a labelled region that takes the focus. */
export const Phone: Story = {
  args: { data: WIDE, label: 'Completa los cuadrados' },
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
    const region = await canvas.findByRole('region', { name: 'Completa los cuadrados' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    const last = canvas.getByRole('textbox', { name: 'columna 7 x²' });
    await userEvent.type(last, '9');
    await expect(args.onAnswer).toHaveBeenLastCalledWith([{ rIndex: 1, cIndex: 6, cellAns: '9' }]);
  },
};
