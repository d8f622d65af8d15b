import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExerciseFinishedBanner, QuestionFinishedBanner } from './finished-banners';

const meta = {
  title: 'Solver/Parts/FinishedBanners',
  component: QuestionFinishedBanner,
  args: { lang: 'es', onClose: fn(), onNext: fn() },
} satisfies Meta<typeof QuestionFinishedBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A question solved: 'Siguiente' closes the banner and moves to the next question. */
export const QuestionFinished: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('¡Resolviste la pregunta!');
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onNext).toHaveBeenCalledTimes(1);
  },
};

/** The close icon only closes. */
export const QuestionFinishedClosed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar aviso' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(args.onNext).not.toHaveBeenCalled();
  },
};

/** The last question: no 'Siguiente'. */
export const LastQuestion: Story = {
  args: { onNext: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Siguiente' })).toBeNull();
  },
};

/** The whole exercise solved. */
export const ExerciseFinished: Story = {
  render: (args) => <ExerciseFinishedBanner lang={args.lang} onClose={args.onClose} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('¡Felicitaciones! Terminaste el ejercicio.');
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar aviso' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** English, both banners. */
export const English: Story = {
  args: { lang: 'en' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8 }}>
      <QuestionFinishedBanner {...args} />
      <ExerciseFinishedBanner lang={args.lang} onClose={args.onClose} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You solved the question!')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(canvas.getByText('Congratulations! You finished the exercise.')).toBeVisible();
  },
};

/** On a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('button', { name: 'Siguiente' }).getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(44);
  },
};
