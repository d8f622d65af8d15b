import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { FeedbackBadge } from './feedback-badge';

it('shows nothing before feedback arrives, then the text', async () => {
  const screen = await render(<FeedbackBadge badge={null} visible={false} />);
  await expect.element(screen.getByRole('status')).toHaveTextContent('');
  await screen.rerender(<FeedbackBadge badge={{ correct: true, text: 'ok' }} visible />);
  await expect.element(screen.getByRole('status')).toHaveTextContent('ok');
});
