import { ProblemSchema, type Problem } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import sample from './sample-problem.json' with { type: 'json' };
import { OfflineBackend } from './solver.offline';
import { Solver } from './solver';

const problem = ProblemSchema.parse(sample);

function memoryStorage(completed: number[] = []) {
  const items = new Map<string, string>([['kib:solver:9001', JSON.stringify({ completed })]]);
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

/** A picture drawn in the browser, served from a blob address split like `${base}/${key}`. */
async function drawnPicture(width: number, height: number, label: string) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#f4f4f8';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#c2185b';
  context.lineWidth = 4;
  context.beginPath();
  context.moveTo(20, height - 20);
  context.lineTo(width - 20, 20);
  context.stroke();
  context.fillStyle = '#1a1a2e';
  context.font = '24px sans-serif';
  context.fillText(label, 24, 40);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  const url = URL.createObjectURL(blob);
  const cut = url.lastIndexOf('/');
  return { base: url.slice(0, cut), key: url.slice(cut + 1) };
}

/** The sample problem with a picture on the statement, the first question, its hint and first step, and the first choice. */
async function illustratedProblem(): Promise<{ problem: Problem; pictureBaseUrl: string }> {
  const statement = await drawnPicture(480, 240, 'y = 3x − 2');
  const question = await drawnPicture(320, 160, '2(x + 3)');
  const hint = await drawnPicture(240, 120, '2·x + 2·3');
  const step = await drawnPicture(240, 120, '2x + 6');
  const choice = await drawnPicture(120, 80, 'm = 3');
  const data = structuredClone(sample);
  data.picture = statement.key as never;
  data.videoS3 = 'problemVid1.mp4' as never;
  const [first, second] = data.numerals;
  first!.picture = question.key as never;
  first!.hintPicture = hint.key as never;
  first!.steps[0]!.picture = step.key as never;
  second!.choices![0]!.picture = choice.key as never;
  return { problem: ProblemSchema.parse(data), pictureBaseUrl: statement.base };
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
    // The choice console loads with its first use: allow for it.
    await canvas.findAllByRole('radio', {}, { timeout: 15_000 });
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
    // The first hints load the checker: allow for it.
    const hints = await canvas.findByRole('region', { name: 'Pistas' }, { timeout: 15_000 });
    await expect(hints).toHaveTextContent('No hay pistas disponibles para esta respuesta.');
    await expect(within(hints).queryByRole('listitem')).toBeNull();
  },
};

/**
 * Pictures on the statement, the question, the hint, the first step and a choice, from the picture
 * base; the Video button plays the problem's video from the video base.
 */
export const WithPictures: Story = {
  loaders: [async () => ({ illustrated: await illustratedProblem() })],
  render: (args, { loaded }) => {
    const { problem: illustrated, pictureBaseUrl } = loaded.illustrated as Awaited<
      ReturnType<typeof illustratedProblem>
    >;
    return (
      <Solver
        {...args}
        backend={new OfflineBackend(illustrated, memoryStorage())}
        pictureBaseUrl={pictureBaseUrl}
        videoBaseUrl="/media/videos"
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Imagen del problema' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Imagen de la pregunta 1' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Pistas' }));
    await expect(
      await canvas.findByRole('img', { name: 'Imagen de la pista de la pregunta 1' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Paso a paso' }));
    await expect(await canvas.findByRole('img', { name: 'Imagen del paso 1' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Video' }));
    await waitFor(() =>
      expect(canvasElement.querySelector('dialog[open] video')?.getAttribute('src')).toBe(
        '/media/videos/problemVid1.mp4',
      ),
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('tab', { name: 'Pregunta 2' }));
    await expect(await canvas.findByRole('img', { name: 'Imagen: 3' })).toBeInTheDocument();
  },
};

/** Pictures and videos not configured (no base addresses): no broken pictures, and the video is 'not available'. */
export const MediaNotConfigured: Story = {
  loaders: [async () => ({ illustrated: await illustratedProblem() })],
  render: (args, { loaded }) => {
    const { problem: illustrated } = loaded.illustrated as Awaited<ReturnType<typeof illustratedProblem>>;
    return (
      <Solver
        {...args}
        backend={new OfflineBackend(illustrated, memoryStorage())}
        pictureBaseUrl={null}
        videoBaseUrl={null}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('tab', { name: 'Pregunta 1' });
    await expect(canvas.queryAllByRole('img')).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Video' }));
    await expect(await canvas.findByText('Video no disponible')).toBeVisible();
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

/** A problem JSON that is not a problem: a translated message naming the field, nothing else. */
export const InvalidProblem: Story = {
  args: { problem: '{"title": 3}' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      /^El problema no tiene un formato válido: revisa el campo «\w+»\.$/,
    );
  },
};
