import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { StepView } from './step-view';

/** A picture that loads: a one-pixel PNG. */
const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const step = { number: 0, instruction: 'Despeja $x$', explanation: 'Resta $3$ en ambos lados.' };

describe('StepView', () => {
  it('is a disclosure showing the step number + 1 and the instruction', async () => {
    const screen = await render(<StepView step={step} pictureUrl={pixel} />);
    const toggle = screen.getByRole('button', { name: /Paso 1/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.element(toggle).toHaveTextContent('Despeja');
    await expect.poll(() => screen.container.querySelector('button math')).not.toBeNull();
    await expect.element(screen.getByText('Resta', { exact: false })).not.toBeVisible();
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByText('Resta', { exact: false })).toBeVisible();
    await expect
      .element(screen.getByRole('img', { name: 'Imagen del paso 1' }))
      .toHaveAttribute('src', pixel);
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes from the keyboard', async () => {
    const onExpandedChange = vi.fn();
    const screen = await render(
      <StepView step={{ ...step, number: 2 }} lang="en" onExpandedChange={onExpandedChange} />,
    );
    await userEvent.tab();
    const toggle = screen.getByRole('button', { name: /Step 3/ });
    await expect.element(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onExpandedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('follows a controlled expanded prop', async () => {
    const onExpandedChange = vi.fn();
    const screen = await render(<StepView step={step} expanded onExpandedChange={onExpandedChange} />);
    const toggle = screen.getByRole('button', { name: /Paso 1/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    expect(onExpandedChange).toHaveBeenCalledWith(false);
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows only the step label without an instruction', async () => {
    const screen = await render(
      <StepView step={{ number: 4, instruction: '  ', explanation: 'Explicación oculta' }} />,
    );
    await expect.element(screen.getByRole('heading', { name: 'Paso 5' })).toBeVisible();
    expect(screen.container.querySelector('button')).toBeNull();
    expect(screen.container.textContent).not.toContain('Explicación oculta');
  });

  it('leaves out a picture that does not load', async () => {
    const screen = await render(
      <StepView step={step} pictureUrl="/no-such-pictures/step.png" defaultExpanded />,
    );
    await expect.element(screen.getByText('Resta', { exact: false })).toBeVisible();
    await expect.poll(() => screen.container.querySelector('img')).toBeNull();
  });

  it('uses the heading level it is given', async () => {
    const screen = await render(<StepView step={step} headingLevel={4} />);
    await expect.element(screen.getByRole('heading', { level: 4 })).toBeInTheDocument();
  });
});
