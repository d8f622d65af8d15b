import type { PrimeDecompositionFeedback, PublicPrimeDecompositionData } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { PrimeConsole } from './prime-console';
import { buildPrimeAnswer } from './prime-table';

const DECOMP: PublicPrimeDecompositionData = {
  numbers: [{ id: 'n360aa', latex: '360' }],
  decompType: 'Decomp',
};
const LCM: PublicPrimeDecompositionData = {
  numbers: [
    { id: 'n12aaa', latex: '12' },
    { id: 'n18aaa', latex: '18' },
  ],
  decompType: 'LCM',
};

/** The table of the last onAnswer call, as rows of text. */
function lastRows(onAnswer: ReturnType<typeof vi.fn>): string[][] {
  const answer = onAnswer.mock.lastCall?.[0] as ReturnType<typeof buildPrimeAnswer>;
  const rows: string[][] = [];
  for (const cell of answer.table) (rows[cell.rIndex] ??= [])[cell.cIndex] = cell.cellContent;
  return rows;
}

describe('PrimeConsole: the table', () => {
  it('shows the given numbers as fixed text and reports the whole table after typing a divisor', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<PrimeConsole data={LCM} onAnswer={onAnswer} />);
    await expect
      .element(screen.getByRole('table', { name: 'Mínimo común múltiplo de 12 y 18' }))
      .toBeInTheDocument();
    await expect.element(screen.getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(screen.getByRole('textbox').elements()).toHaveLength(1);
    await screen.getByRole('textbox', { name: 'Fila 1, divisor' }).click();
    await userEvent.keyboard('2');
    expect(onAnswer).toHaveBeenLastCalledWith({
      table: [
        { rIndex: 0, cIndex: 0, cellType: 'fixedMath', cellContent: '12' },
        { rIndex: 0, cIndex: 1, cellType: 'fixedMath', cellContent: '18' },
        { rIndex: 0, cIndex: 2, cellType: 'LastMath', cellContent: '2' },
      ],
      mathText: '',
    });
  });

  it('refuses anything but digits as the student types, and says why', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<PrimeConsole data={DECOMP} onAnswer={onAnswer} />);
    const divisor = screen.getByRole('textbox', { name: 'Fila 1, divisor' });
    await divisor.click();
    await userEvent.keyboard('2a.');
    await expect.element(divisor).toHaveValue('2');
    expect(onAnswer).toHaveBeenCalledTimes(1);
    await expect
      .element(screen.getByText('Solo puedes escribir números en las casillas de la tabla.'))
      .toBeInTheDocument();
  });

  it('adds a row with Enter and fills it from the keyboard', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<PrimeConsole data={DECOMP} onAnswer={onAnswer} />);
    await screen.getByRole('textbox', { name: 'Fila 1, divisor' }).click();
    await userEvent.keyboard('2{Enter}');
    await expect.element(screen.getByRole('textbox', { name: 'Fila 2, Número' })).toHaveFocus();
    await userEvent.keyboard('180{Tab}2{Enter}90');
    expect(lastRows(onAnswer)).toEqual([
      ['360', '2'],
      ['180', '2'],
      ['90', ''],
    ]);
    expect(onAnswer.mock.lastCall?.[0].table.at(-1)).toMatchObject({ rIndex: 2, cellType: 'LastMath' });
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(screen.getByRole('textbox', { name: 'Fila 2, Número' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(screen.getByRole('textbox', { name: 'Fila 2, Número' })).toHaveFocus();
  });

  it('adds a row below any row and deletes rows by mouse, never the first', async () => {
    const onAnswer = vi.fn();
    const value = buildPrimeAnswer(
      [
        ['360', '2'],
        ['180', ''],
      ],
      '',
    );
    const screen = await render(<PrimeConsole data={DECOMP} value={value} onAnswer={onAnswer} />);
    await expect.element(screen.getByRole('button', { name: 'Eliminar la fila 1' })).not.toBeInTheDocument();
    await screen.getByRole('button', { name: 'Añadir una fila debajo de la fila 1' }).click();
    expect(lastRows(onAnswer)).toEqual([
      ['360', '2'],
      ['', ''],
      ['180', ''],
    ]);
    await expect.element(screen.getByRole('textbox', { name: 'Fila 2, Número' })).toHaveFocus();
    await screen.getByRole('button', { name: 'Eliminar la fila 3' }).click();
    expect(lastRows(onAnswer)).toEqual([
      ['360', '2'],
      ['', ''],
    ]);
    await screen.getByRole('button', { name: 'Eliminar la fila 2' }).click();
    expect(lastRows(onAnswer)).toEqual([['360', '2']]);
    await expect.element(screen.getByRole('button', { name: /Eliminar/ })).not.toBeInTheDocument();
    await expect.element(screen.getByText('Fila 2 eliminada.')).toBeInTheDocument();
  });
});

describe('PrimeConsole: the final answer and feedback', () => {
  const finished = buildPrimeAnswer(
    [
      ['12', '18', '2'],
      ['6', '9', '2'],
      ['3', '9', '3'],
      ['1', '3', '3'],
      ['1', '1', ''],
    ],
    '',
  );

  it('asks for the final answer only once the table is finished', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<PrimeConsole data={LCM} value={finished} onAnswer={onAnswer} />);
    const final = screen.getByRole('textbox', { name: 'Respuesta: m.c.m. de 12 y 18' });
    await final.click();
    await userEvent.keyboard('2^2*3^2');
    expect(onAnswer).toHaveBeenLastCalledWith({ table: finished.table, mathText: '2^2*3^2' });
    await screen.rerender(<PrimeConsole data={LCM} value={buildPrimeAnswer([['12', '18', '']], '')} />);
    await expect.element(screen.getByRole('textbox', { name: /Respuesta/ })).not.toBeInTheDocument();
  });

  it('shows the message with a face and Ok, marks the cells it names, and Ok dismisses it', async () => {
    const value = buildPrimeAnswer(
      [
        ['12', '18', '2'],
        ['6', '8', ''],
      ],
      '',
    );
    const feedback: PrimeDecompositionFeedback = {
      correct: false,
      message: { key: 'feedback.wrong-division', params: { divisor: 2 } },
      showMathField: false,
      cells: [{ rIndex: 1, cIndex: 1 }],
    };
    const screen = await render(<PrimeConsole data={LCM} value={value} feedback={feedback} />);
    await expect
      .element(screen.getByRole('status').getByText('Hiciste mal la división entre 2.'))
      .toBeInTheDocument();
    await expect.element(screen.getByText('☹')).toBeInTheDocument();
    const wrong = screen.getByRole('textbox', { name: 'Fila 2, Número 2' });
    await expect.element(wrong).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(wrong)
      .toHaveAccessibleDescription('Revisa esta casilla. Hiciste mal la división entre 2.');
    await expect
      .element(screen.getByRole('textbox', { name: 'Fila 2, Número 1' }))
      .not.toHaveAttribute('aria-invalid');
    await screen.getByRole('button', { name: 'Ok' }).click();
    await expect
      .element(screen.getByRole('status').getByText('Hiciste mal la división entre 2.'))
      .not.toBeInTheDocument();
    await expect.element(wrong).toHaveFocus();
    await userEvent.keyboard('{Backspace}9');
    await expect.element(wrong).not.toHaveAttribute('aria-invalid');
  });

  it('shows the final answer field when the checker asks for it, in English', async () => {
    const feedback: PrimeDecompositionFeedback = {
      correct: false,
      message: { key: 'feedback.write-final-answer', params: {} },
      showMathField: true,
      cells: [],
    };
    const screen = await render(<PrimeConsole data={LCM} lang="en" feedback={feedback} />);
    await expect.element(screen.getByRole('status').getByText(/Write the final answer/)).toBeInTheDocument();
    await screen.getByRole('button', { name: 'OK' }).click();
    await expect.element(screen.getByRole('textbox', { name: 'Answer: LCM of 12 and 18' })).toHaveFocus();
  });

  it('takes no input while disabled', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<PrimeConsole data={DECOMP} disabled onAnswer={onAnswer} />);
    await expect.element(screen.getByRole('textbox', { name: 'Fila 1, divisor' })).toBeDisabled();
    await expect
      .element(screen.getByRole('button', { name: 'Añadir una fila debajo de la fila 1' }))
      .toBeDisabled();
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
