import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { FinishDialog, NextQuestionDialog } from './result-dialogs';

const meta = {
  title: 'Solver/Parts/ResultDialogs',
  component: NextQuestionDialog,
  args: { open: true, lang: 'es', onNext: fn(), onStay: fn() },
} satisfies Meta<typeof NextQuestionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Some numerals correct: go on to the next question (focused first). */
export const NextQuestion: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: '¡Muy bien!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ir a la siguiente pregunta' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Ir a la siguiente pregunta' }));
    await waitFor(() => expect(args.onNext).toHaveBeenCalledTimes(1));
    await expect(args.onStay).not.toHaveBeenCalled();
  },
};

/** Stay on this question. */
export const NextQuestionStay: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Quedarme aquí' }));
    await waitFor(() => expect(args.onStay).toHaveBeenCalledTimes(1));
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};

const finishClose = fn();

/** Every numeral correct: congratulations with a thumbs-up. */
export const Finish: Story = {
  render: (args) => <FinishDialog open={args.open} lang={args.lang} onClose={finishClose} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    finishClose.mockClear();
    await expect(canvas.getByRole('dialog', { name: '¡Felicitaciones!' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Pulgar arriba' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(finishClose).toHaveBeenCalledTimes(1));
  },
};

/** English, finish dialog. */
export const FinishEnglish: Story = {
  args: { lang: 'en' },
  render: (args) => <FinishDialog open={args.open} lang={args.lang} onClose={finishClose} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Congratulations!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Close' })).toHaveFocus();
  },
};

/** English, next-question dialog. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Well done!' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stay here' })).toBeVisible();
  },
};

/** On a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const dialog = canvasElement.querySelector('dialog')!;
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
