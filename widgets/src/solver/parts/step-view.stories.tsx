import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StepView } from './step-view';

const PICTURE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120"><rect width="240" height="120" fill="#f4f4f8"/><line x1="20" y1="100" x2="220" y2="20" stroke="#c2185b" stroke-width="4"/></svg>',
  );

const meta = {
  title: 'Solver/Parts/StepView',
  component: StepView,
  args: {
    lang: 'es',
    step: {
      number: 0,
      instruction: 'Resta $3$ en ambos lados de $2x+3=7$.',
      explanation: 'Así queda $2x=4$, y dividiendo entre $2$: $$x=2$$',
    },
    pictureUrl: PICTURE,
    onExpandedChange: fn(),
  },
} satisfies Meta<typeof StepView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Collapsed: the label, the number + 1 and the instruction. */
export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Paso 1/ })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Opened: the explanation and its picture. */
export const Expanded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: /Paso 1/ });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('img', { name: 'Imagen del paso 1' })).toBeVisible();
    await expect(args.onExpandedChange).toHaveBeenLastCalledWith(true);
  },
};

/** Opened from the keyboard. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: /Paso 1/ })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** No instruction: the step label only. */
export const WithoutInstruction: Story = {
  args: { step: { number: 1, instruction: '', explanation: '' }, pictureUrl: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Paso 2' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** The picture does not load: the row shows the explanation without a broken picture. */
export const PictureMissing: Story = {
  args: { pictureUrl: '/no-such-pictures/step.png', defaultExpanded: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Así queda/)).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
  },
};

/** English. */
export const English: Story = {
  args: {
    lang: 'en',
    step: { number: 2, instruction: 'Divide both sides by $2$.', explanation: 'So $x=2$.' },
    defaultExpanded: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Step 3/ })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** On a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  args: { defaultExpanded: true },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
