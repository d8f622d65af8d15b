import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { WidgetStyles } from '../styles';
import { FeedbackBadge, useFeedbackBadge, type BadgeState } from './feedback-badge';

/** A console of one number: the badge judges the number it was given for. */
function Demo({ badge }: { badge: BadgeState | null }) {
  const [answer, setAnswer] = useState(1);
  const { visible } = useFeedbackBadge(badge, badge, answer);
  return (
    <div className="kib-root">
      <WidgetStyles />
      <p>Answer: {answer}</p>
      <button className="kib-button" type="button" onClick={() => setAnswer((n) => n + 1)}>
        Change the answer
      </button>
      <FeedbackBadge badge={badge} visible={visible} />
      <button className="kib-button" type="button">
        Check
      </button>
    </div>
  );
}

const meta = {
  title: 'Shared/FeedbackBadge',
  component: Demo,
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = { args: { badge: null } };

export const Correct: Story = {
  args: { badge: { correct: true, text: '¡Muy bien!' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('¡Muy bien!');
  },
};

export const WrongStaysUntilTheAnswerChanges: Story = {
  args: { badge: { correct: false, text: '¡Intenta de nuevo!' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('¡Intenta de nuevo!');
    // Pointing and clicking elsewhere in the console keeps it.
    await userEvent.hover(canvas.getByRole('status'));
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('¡Intenta de nuevo!');
    await userEvent.click(canvas.getByRole('button', { name: 'Change the answer' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};
