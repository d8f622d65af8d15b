import type { Meta, StoryObj } from '@storybook/react-vite';
import { useRef } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ScrollCaret, type ScrollCaretProps } from './scroll-caret';

function LongPage(props: Omit<ScrollCaretProps, 'target'>) {
  const target = useRef<HTMLParagraphElement>(null);
  return (
    <div>
      <ScrollCaret {...props} target={target} />
      <div style={{ height: 1600 }} />
      <p ref={target}>Fin de la página</p>
    </div>
  );
}

const meta = {
  title: 'Solver/Parts/ScrollCaret',
  component: LongPage,
  args: { ratio: 40, lang: 'es', onScrolled: fn() },
} satisfies Meta<typeof LongPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under 98 %: the caret shows and scrolls the target into view. */
export const Visible: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Desplazarse hacia abajo' }));
    await expect(args.onScrolled).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(canvas.getByText('Fin de la página').getBoundingClientRect().top).toBeLessThan(
        window.innerHeight,
      ),
    );
  },
};

/** At 98 % or more: nothing. */
export const Hidden: Story = {
  args: { ratio: 99 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** English. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Scroll down' })).toBeVisible();
  },
};

/** On a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button');
    await expect(button.getBoundingClientRect().width).toBeGreaterThanOrEqual(44);
  },
};
