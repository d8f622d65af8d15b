import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Modal } from './modal';

/** A dialog of its own inside the modal's body, as the solver's result dialog is inside the Try dialog. */
function Inner() {
  const ref = useRef<HTMLDialogElement>(null);
  const [closed, setClosed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => ref.current?.showModal()}>
        Open inner
      </button>
      <dialog ref={ref} aria-label="Inner" onClose={() => setClosed((n) => n + 1)}>
        <button type="button" onClick={() => ref.current?.close()}>
          Next question
        </button>
      </dialog>
      <p>Inner closed {closed}</p>
    </>
  );
}

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      open={open}
      title="Try"
      closeLabel="Close"
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    >
      <Inner />
    </Modal>
  );
}

describe('Modal', () => {
  it('stays open when a dialog inside it closes, and closes on its own close button and Escape', async () => {
    const onClose = vi.fn();
    const screen = await render(<Harness onClose={onClose} />);
    const modal = screen.getByRole('dialog', { name: 'Try' });
    await expect.element(modal).toBeVisible();

    await screen.getByRole('button', { name: 'Open inner' }).click();
    await screen
      .getByRole('dialog', { name: 'Inner' })
      .getByRole('button', { name: 'Next question' })
      .click();
    await expect.element(screen.getByText('Inner closed 1')).toBeVisible();
    await screen.getByRole('button', { name: 'Open inner' }).click();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByText('Inner closed 2')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    await expect.element(modal).toBeVisible();

    await modal.getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalled();
    await expect.poll(() => document.querySelector<HTMLDialogElement>('dialog.modal')?.open).toBe(false);
  });

  it('calls onClose when Escape closes it', async () => {
    const onClose = vi.fn();
    const screen = await render(<Harness onClose={onClose} />);
    await expect.element(screen.getByRole('dialog', { name: 'Try' })).toBeVisible();
    (screen.getByRole('button', { name: 'Open inner' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
  });
});
