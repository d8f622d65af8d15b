import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { ExerciseFinishedBanner, QuestionFinishedBanner } from './finished-banners';

describe('QuestionFinishedBanner', () => {
  it("says the question is solved; 'Siguiente' closes it and moves on", async () => {
    const onClose = vi.fn();
    const onNext = vi.fn();
    const screen = await render(<QuestionFinishedBanner onClose={onClose} onNext={onNext} />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('¡Resolviste la pregunta!');
    await screen.getByRole('button', { name: 'Siguiente' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('closes with its icon, from the keyboard too', async () => {
    const onClose = vi.fn();
    const onNext = vi.fn();
    const screen = await render(<QuestionFinishedBanner onClose={onClose} onNext={onNext} lang="en" />);
    await expect.element(screen.getByRole('status')).toHaveTextContent('You solved the question!');
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('has no next button on the last question', async () => {
    const screen = await render(<QuestionFinishedBanner onClose={vi.fn()} />);
    expect(screen.container.querySelectorAll('button')).toHaveLength(1);
  });
});

describe('ExerciseFinishedBanner', () => {
  it('congratulates with an emoji that screen readers hear as words', async () => {
    const onClose = vi.fn();
    const screen = await render(<ExerciseFinishedBanner onClose={onClose} lang="en" />);
    const status = screen.getByRole('status');
    await expect.element(status).toHaveTextContent('Congratulations! You finished the exercise.');
    expect(screen.container.querySelector('[aria-hidden="true"]')?.textContent).toBe('🎉');
    await expect.element(status).toHaveTextContent('Celebration');
    await screen.getByRole('button', { name: 'Close message' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
