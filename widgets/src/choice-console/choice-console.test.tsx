import type { PublicChoice } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { ChoiceConsole } from './choice-console';

const CHOICES: PublicChoice[] = [
  { id: 11, position: 0, text: 'Uno', picture: null },
  { id: 12, position: 1, text: 'Dos', picture: null },
  {
    id: 13,
    position: 2,
    text: 'Tres $x^2$',
    picture: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  },
];
const single = { choices: CHOICES, multipleSelection: false };
const multi = { choices: CHOICES, multipleSelection: true };

describe('ChoiceConsole, one answer', () => {
  it('replaces the selection when another choice is clicked', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<ChoiceConsole data={single} onAnswer={onAnswer} />);
    await screen.getByRole('radio', { name: /Uno/ }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([11]);
    await screen.getByRole('radio', { name: /Dos/ }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([12]);
    await expect.element(screen.getByRole('radio', { name: /Uno/ })).not.toBeChecked();
    await expect.element(screen.getByRole('radio', { name: /Dos/ })).toBeChecked();
  });

  it('moves the selection with the arrow keys, as a radio group', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<ChoiceConsole data={single} value={[11]} onAnswer={onAnswer} />);
    await screen.getByRole('radio', { name: /Uno/ }).click();
    await userEvent.keyboard('{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith([12]);
    await userEvent.keyboard('{ArrowDown}');
    expect(onAnswer).toHaveBeenLastCalledWith([13]);
    await userEvent.keyboard('{ArrowUp}');
    expect(onAnswer).toHaveBeenLastCalledWith([12]);
    await expect.element(screen.getByRole('radio', { name: /Dos/ })).toBeChecked();
  });

  it('groups the radios under the question and shows the picture with its alt', async () => {
    const screen = await render(<ChoiceConsole data={single} label="¿Cuánto es 1+1?" />);
    await expect.element(screen.getByRole('radiogroup', { name: '¿Cuánto es 1+1?' })).toBeInTheDocument();
    await expect.element(screen.getByRole('img', { name: 'Imagen: Tres x^2' })).toBeInTheDocument();
  });

  it('leaves out a picture that does not load; an option with only that picture is named by its letter', async () => {
    const data = {
      choices: [
        { id: 21, position: 0, text: 'Uno', picture: '/no-such-pictures/a.png' },
        { id: 22, position: 1, text: '', picture: '/no-such-pictures/b.png' },
      ],
      multipleSelection: false,
    };
    const screen = await render(<ChoiceConsole data={data} lang="en" />);
    await expect.element(screen.getByRole('radio', { name: 'Uno' })).toBeInTheDocument();
    await expect.poll(() => screen.container.querySelectorAll('img').length).toBe(0);
    await expect.element(screen.getByRole('radio', { name: 'Option B' })).toBeInTheDocument();
  });

  it('restores a saved answer and follows a new value from the parent', async () => {
    const screen = await render(<ChoiceConsole data={single} value={[13]} />);
    await expect.element(screen.getByRole('radio', { name: /Tres/ })).toBeChecked();
    await screen.rerender(<ChoiceConsole data={single} value={[11]} />);
    await expect.element(screen.getByRole('radio', { name: /Uno/ })).toBeChecked();
  });

  it('keeps the selection when the parent does not feed the value back', async () => {
    const screen = await render(<ChoiceConsole data={single} value={[]} onAnswer={() => undefined} />);
    await screen.getByRole('radio', { name: /Dos/ }).click();
    await screen.rerender(<ChoiceConsole data={single} value={[]} onAnswer={() => undefined} />);
    await expect.element(screen.getByRole('radio', { name: /Dos/ })).toBeChecked();
  });
});

describe('ChoiceConsole, several answers', () => {
  it('toggles choices by click and by Space', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<ChoiceConsole data={multi} onAnswer={onAnswer} />);
    await screen.getByRole('checkbox', { name: /Tres/ }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([13]);
    await screen.getByRole('checkbox', { name: /Uno/ }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([11, 13]);
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith([11, 12, 13]);
    await userEvent.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith([11, 13]);
    await screen.getByRole('checkbox', { name: /Uno/ }).click();
    expect(onAnswer).toHaveBeenLastCalledWith([13]);
    await expect.element(screen.getByRole('status').last()).toHaveTextContent(/1 opción marcada/);
  });
});

describe('ChoiceConsole, feedback and state', () => {
  it('shows the translated message with a sad face until the answer changes, whatever the hand', async () => {
    const wrong = { correct: false, feedback: { key: 'feedback.choice-wrong', params: {} } };
    const page = (feedback: typeof wrong | null) => (
      <>
        <button type="button">Comprobar</button>
        <ChoiceConsole data={single} value={[12]} feedback={feedback} />
      </>
    );
    const screen = await render(page(null));
    // The check button is outside the console, as in the solver: feedback arrives while the pointer is there.
    await screen.getByRole('button', { name: 'Comprobar' }).hover();
    await screen.rerender(page(wrong));
    const badge = screen.getByText('Elegiste una opción que no es correcta. ¡Intenta de nuevo!');
    await expect.element(badge).toBeInTheDocument();
    await expect.element(screen.getByText('☹')).toBeInTheDocument();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-choice-console')!);
    await expect.element(badge).toBeInTheDocument();
    await screen.getByRole('radio', { name: /Uno/ }).click();
    await expect.element(badge).not.toBeInTheDocument();
  });

  it('keeps the check button below it where it was when the feedback arrives', async () => {
    const wrong = { correct: false, feedback: { key: 'feedback.choice-wrong', params: {} } };
    const page = (feedback: typeof wrong | null) => (
      <>
        <ChoiceConsole data={single} value={[12]} feedback={feedback} />
        <button type="button">Comprobar</button>
      </>
    );
    const screen = await render(page(null));
    const button = screen.getByRole('button', { name: 'Comprobar' });
    const before = button.element().getBoundingClientRect().top;
    await screen.rerender(page(wrong));
    await expect.element(screen.getByText('☹')).toBeInTheDocument();
    expect(button.element().getBoundingClientRect().top).toBe(before);
  });

  it('shows a correct message in English', async () => {
    const screen = await render(
      <ChoiceConsole
        data={multi}
        lang="en"
        value={[11]}
        feedback={{ correct: true, feedback: { key: 'feedback.choice-correct', params: {} } }}
      />,
    );
    await expect.element(screen.getByText('Great!')).toBeInTheDocument();
    await expect
      .element(screen.getByRole('group', { name: 'Choose all the correct options.' }))
      .toBeInTheDocument();
  });

  it('takes no input while disabled', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<ChoiceConsole data={single} value={[11]} disabled onAnswer={onAnswer} />);
    await expect.element(screen.getByRole('radio', { name: /Dos/ })).toBeDisabled();
    await screen.getByRole('radio', { name: /Dos/ }).click({ force: true });
    expect(onAnswer).not.toHaveBeenCalled();
    await expect.element(screen.getByRole('radio', { name: /Uno/ })).toBeChecked();
  });
});
