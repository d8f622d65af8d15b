import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { WidgetStyles } from '../styles';
import { FeedbackBadge, useFeedbackBadge, type BadgeState } from './feedback-badge';

function Demo({ badge }: { badge: BadgeState | null }) {
  const { visible, rootProps } = useFeedbackBadge(badge);
  return (
    <div className="kib-root" {...rootProps}>
      <WidgetStyles />
      <button className="kib-button" type="button">
        Console
      </button>
      <FeedbackBadge badge={badge} visible={visible} />
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

export const WrongDismissedOnEntering: Story = {
  args: { badge: { correct: false, text: '¡Intenta de nuevo!' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('¡Intenta de nuevo!');
    await userEvent.click(canvas.getByRole('button', { name: 'Console' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};
