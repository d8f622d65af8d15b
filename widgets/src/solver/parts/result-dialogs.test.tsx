import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { FinishDialog, NextQuestionDialog } from './result-dialogs';

/**
 * Resolves once every close event a dialog queued before the call has been delivered: a dialog fires
 * its close event from a task of the user interaction task source, and that source runs in order.
 */
async function closeEventsDelivered(): Promise<void> {
  const probe = document.createElement('dialog');
  document.body.append(probe);
  const closed = new Promise((resolve) => probe.addEventListener('close', resolve, { once: true }));
  probe.show();
  probe.close();
  await closed;
  probe.remove();
}

describe('FinishDialog', () => {
  it('congratulates in a modal dialog and closes with its button', async () => {
    const onClose = vi.fn();
    const screen = await render(<FinishDialog open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '¡Felicitaciones!' });
    await expect.element(dialog).toBeVisible();
    await expect
      .element(dialog)
      .toHaveAccessibleDescription('Resolviste todas las preguntas de este problema.');
    expect((dialog.element() as HTMLDialogElement).matches(':modal')).toBe(true);
    await expect.element(screen.getByRole('img', { name: 'Pulgar arriba' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
  });

  it('stays hidden while closed', async () => {
    const screen = await render(<FinishDialog open={false} onClose={vi.fn()} />);
    expect((screen.container.querySelector('dialog') as HTMLDialogElement).open).toBe(false);
  });
});

describe('NextQuestionDialog', () => {
  it('goes to the next question, focused first', async () => {
    const onNext = vi.fn();
    const onStay = vi.fn();
    const screen = await render(<NextQuestionDialog open onNext={onNext} onStay={onStay} lang="en" />);
    await expect.element(screen.getByRole('dialog', { name: 'Well done!' })).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Go to the next question' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onNext.mock.calls.length).toBe(1);
    expect(onStay).not.toHaveBeenCalled();
  });

  it.each([
    ['the stay button', 'button'],
    ['Escape', 'escape'],
  ])('stays with %s', async (_, how) => {
    const onNext = vi.fn();
    const onStay = vi.fn();
    const screen = await render(<NextQuestionDialog open onNext={onNext} onStay={onStay} />);
    if (how === 'button') await screen.getByRole('button', { name: 'Quedarme aquí' }).click();
    else await userEvent.keyboard('{Escape}');
    await expect.poll(() => onStay.mock.calls.length).toBe(1);
    expect(onNext).not.toHaveBeenCalled();
  });

  it('reports nothing when the parent closes it, and opens again with a fresh choice', async () => {
    const onNext = vi.fn();
    const onStay = vi.fn();
    const screen = await render(<NextQuestionDialog open onNext={onNext} onStay={onStay} />);
    await screen.getByRole('button', { name: 'Ir a la siguiente pregunta' }).click();
    await expect.poll(() => onNext.mock.calls.length).toBe(1);
    await screen.rerender(<NextQuestionDialog open={false} onNext={onNext} onStay={onStay} />);
    await screen.rerender(<NextQuestionDialog open onNext={onNext} onStay={onStay} />);
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => onStay.mock.calls.length).toBe(1);
    expect(onNext).toHaveBeenCalledTimes(1);
    await screen.rerender(<NextQuestionDialog open={false} onNext={onNext} onStay={onStay} />);
    await closeEventsDelivered();
    expect(onStay).toHaveBeenCalledTimes(1);
  });
});
