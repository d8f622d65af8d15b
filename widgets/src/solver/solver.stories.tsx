import { ProblemSchema } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import sample from './sample-problem.json' with { type: 'json' };
import { OfflineBackend } from './solver.backend';
import { Solver } from './solver';

const problem = ProblemSchema.parse(sample);

function memoryStorage(completed: number[] = []) {
  const items = new Map<string, string>([['kib:solver:9001', JSON.stringify({ completed })]]);
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const meta = {
  title: 'Solver/Solver',
  component: Solver,
  args: { onComplete: fn(), onNumeralComplete: fn() },
} satisfies Meta<typeof Solver>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh problem, offline: nothing answered yet. */
export const Empty: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Pregunta 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getAllByRole('tab')).toHaveLength(3);
  },
};

/** Saved progress: the first and third questions were solved before; the page opens on the second. */
export const SavedProgress: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage([91, 93])) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Pregunta 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tab', { name: /Pregunta 1.*resuelta/ })).toBeInTheDocument();
  },
};

/** A wrong choice gets its feedback; the right one completes the exercise. */
export const WrongThenCorrect: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage([91, 93])) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await canvas.findAllByRole('radio');
    await userEvent.click(canvas.getAllByRole('radio')[1]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Comprobar respuesta' }));
    // The first check loads the checker: allow for it.
    await waitFor(() => expect(canvas.getAllByText(/no es correcta/).length).toBeGreaterThan(0), {
      timeout: 15_000,
    });
    await userEvent.click(canvas.getAllByRole('radio')[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Comprobar respuesta' }));
    await waitFor(() =>
      expect(args.onComplete).toHaveBeenCalledWith({ problemId: 9001, numeralIds: [91, 92, 93] }),
    );
  },
};

/** Every question solved: the consoles are read-only and the page says so. */
export const Completed: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage([91, 92, 93])) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('¡Muy bien! Resolviste esta pregunta.')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Comprobar respuesta' })).toBeNull();
  },
};

/** Step by step: the first step's instruction and its console. */
export const StepByStep: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Paso a paso' }));
    await expect(await canvas.findByText(/Distribuye/)).toBeInTheDocument();
  },
};

/** A question without hints: pressing Hints says there are none. */
export const NoHints: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage([91])) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Pregunta 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Pistas' }));
    const hints = await canvas.findByRole('region', { name: 'Pistas' });
    await expect(hints).toHaveTextContent('No hay pistas disponibles para esta respuesta.');
    await expect(within(hints).queryByRole('listitem')).toBeNull();
  },
};

/** In English. */
export const English: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage()), lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Question 1' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Check answer' })).toBeInTheDocument();
  },
};

/** The page's measured layout (`columns` or `stacked`). */
const layoutOf = (canvasElement: HTMLElement) =>
  canvasElement.querySelector('.kib-solver__page')?.getAttribute('data-layout');

/** On a 360 px phone: the statement above the consoles. */
export const Phone: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage()) },
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('tab', { name: 'Pregunta 1' });
    await waitFor(() => expect(layoutOf(canvasElement)).toBe('stacked'));
  },
};

/** On a wide screen: the statement beside the consoles. */
export const Wide: Story = {
  args: { backend: new OfflineBackend(problem, memoryStorage()) },
  decorators: [
    (Story) => (
      <div style={{ width: 1100 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('tab', { name: 'Pregunta 1' });
    await waitFor(() => expect(layoutOf(canvasElement)).toBe('columns'));
    const statement = canvasElement.querySelector('.kib-solver__statement')!.getBoundingClientRect();
    const work = canvasElement.querySelector('.kib-solver__work')!.getBoundingClientRect();
    await expect(statement.right).toBeLessThanOrEqual(work.left);
  },
};

/** A problem JSON that is not a problem: a translated message, nothing else. */
export const InvalidProblem: Story = {
  args: { problem: '{"title": 3}' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'El problema no tiene un formato válido.',
    );
  },
};
