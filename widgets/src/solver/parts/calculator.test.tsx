import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Calculator } from './calculator';

const result = (screen: Awaited<ReturnType<typeof render>>) =>
  screen.container.querySelector('.kib-calculator__result');

describe('Calculator', () => {
  it('is a labelled non-modal dialog with the focus on its display', async () => {
    const screen = await render(<Calculator />);
    await expect.element(screen.getByRole('dialog', { name: 'Calculadora' })).toBeInTheDocument();
    await expect.element(screen.getByRole('textbox', { name: 'Expresión' })).toHaveFocus();
    expect(screen.container.querySelector('[aria-modal]')).toBeNull();
  });

  it('computes with its keys, in degrees by default', async () => {
    const screen = await render(<Calculator />);
    await screen.getByRole('button', { name: 'sin: seno', exact: true }).click();
    await screen.getByRole('button', { name: '3', exact: true }).click();
    await screen.getByRole('button', { name: '0', exact: true }).click();
    await screen.getByRole('button', { name: 'Cerrar paréntesis' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Expresión' })).toHaveValue('sin(30)');
    await screen.getByRole('button', { name: 'Igual' }).click();
    await expect.element(screen.getByRole('status').first()).toHaveTextContent('Resultado: 0.5');
    await expect
      .element(screen.getByRole('button', { name: 'DEG: grados' }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to radians', async () => {
    const screen = await render(<Calculator lang="en" />);
    await screen.getByRole('button', { name: 'RAD: radians' }).click();
    await expect
      .element(screen.getByRole('button', { name: 'RAD: radians' }))
      .toHaveAttribute('aria-pressed', 'true');
    await screen.getByRole('button', { name: 'cos: cosine' }).click();
    await screen.getByRole('button', { name: 'Pi' }).click();
    await screen.getByRole('button', { name: 'Equals' }).click();
    await expect.poll(() => result(screen)?.textContent).toContain('= -1');
  });

  it('takes typing from the keyboard: Enter calculates, Backspace and Delete edit', async () => {
    const screen = await render(<Calculator lang="en" />);
    const display = screen.getByRole('textbox', { name: 'Expression' });
    await userEvent.keyboard('2*(3+49');
    await userEvent.keyboard('{Backspace})');
    await expect.element(display).toHaveValue('2×(3+4)');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => result(screen)?.textContent).toContain('= 14');
    await userEvent.keyboard('/7=');
    await expect.element(display).toHaveValue('Ans÷7');
    await expect.poll(() => result(screen)?.textContent).toContain('= 2');
    await userEvent.keyboard('{Delete}');
    await expect.element(display).toHaveValue('');
  });

  it("leaves the page's Ctrl shortcuts alone", async () => {
    const screen = await render(<Calculator lang="en" />);
    await userEvent.keyboard('{Control>}1{/Control}5');
    await expect.element(screen.getByRole('textbox', { name: 'Expression' })).toHaveValue('5');
  });

  it('keeps the focus on the display after a key is clicked, so Enter means =', async () => {
    const screen = await render(<Calculator lang="en" />);
    await screen.getByRole('button', { name: '9', exact: true }).click();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => result(screen)?.textContent).toContain('= 9');
  });

  it("shows 'Error' for an invalid expression and division by zero", async () => {
    const screen = await render(<Calculator />);
    await userEvent.keyboard('2+{Enter}');
    await expect.element(screen.getByRole('status').first()).toHaveTextContent('Error');
    await userEvent.keyboard('{Delete}1/0{Enter}');
    await expect.element(screen.getByRole('status').first()).toHaveTextContent('Error');
    expect(result(screen)?.textContent).not.toContain('Infinity');
  });

  it('closes with Escape and with its close button', async () => {
    const onClose = vi.fn();
    const screen = await render(<Calculator onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await screen.getByRole('button', { name: 'Cerrar calculadora' }).click();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('has no close button and ignores Escape without onClose', async () => {
    const screen = await render(<Calculator />);
    expect(screen.container.querySelector('.kib-calculator__close')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('inserts the result only once there is one', async () => {
    const onInsert = vi.fn();
    const screen = await render(<Calculator lang="en" onInsert={onInsert} />);
    const button = screen.getByRole('button', { name: 'Insert result' });
    await expect.element(button).toBeDisabled();
    await userEvent.keyboard('1/4{Enter}');
    await expect.element(button).toBeEnabled();
    await button.click();
    expect(onInsert).toHaveBeenCalledWith('0.25');
    await userEvent.keyboard('{Backspace}');
    await expect.element(button).toBeDisabled();
  });

  it('lets a keyboard user press a focused key with Enter', async () => {
    const screen = await render(<Calculator lang="en" />);
    const seven = screen.getByRole('button', { name: '7', exact: true });
    (seven.element() as HTMLButtonElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('textbox', { name: 'Expression' })).toHaveValue('7');
  });

  it('announces what the display shows', async () => {
    const screen = await render(<Calculator lang="en" />);
    await userEvent.keyboard('4+');
    await expect
      .poll(
        () =>
          screen.container.querySelector('[aria-live="polite"]:not(.kib-calculator__result)')?.textContent,
      )
      .toContain('Display: 4+');
  });
});
