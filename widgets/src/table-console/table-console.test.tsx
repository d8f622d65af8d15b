import type { PublicTableSimpleData, TableFeedback } from '@kib/core';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { TableConsole } from './table-console';

/** x | y with the y of two rows to fill in; the second column's rows have no row header. */
const DATA: PublicTableSimpleData = {
  constant: [],
  interval: false,
  numRows: 3,
  numColumns: 2,
  tableData: [
    { rIndex: 0, cIndex: 0, cellType: 'headerText', cellContent: 'x' },
    { rIndex: 0, cIndex: 1, cellType: 'headerText', cellContent: 'y' },
    { rIndex: 1, cIndex: 0, cellType: 'text', cellContent: '1' },
    { rIndex: 1, cIndex: 1, cellType: 'mathAns', cellContent: '' },
    { rIndex: 2, cIndex: 0, cellType: 'text', cellContent: '2' },
    { rIndex: 2, cIndex: 1, cellType: 'mathAns', cellContent: '' },
  ],
};

const WIDE: PublicTableSimpleData = {
  constant: [],
  interval: false,
  numRows: 2,
  numColumns: 8,
  tableData: Array.from({ length: 8 }, (_, c) => [
    { rIndex: 0, cIndex: c, cellType: 'headerText' as const, cellContent: `columna ${c}` },
    { rIndex: 1, cIndex: c, cellType: 'mathAns' as const, cellContent: '' },
  ]).flat(),
};

const FEEDBACK: TableFeedback = [
  { rIndex: 1, cIndex: 1, correct: true, complete: true },
  { rIndex: 2, cIndex: 1, correct: false, complete: true },
];

describe('TableConsole', () => {
  it('renders a real table with headers and one input per answer cell, named by its headers', async () => {
    const screen = await render(<TableConsole data={DATA} />);
    await expect.element(screen.getByRole('table', { name: 'Tabla para completar' })).toBeInTheDocument();
    await expect.element(screen.getByRole('columnheader', { name: 'y' })).toBeInTheDocument();
    expect(screen.getByRole('textbox').elements()).toHaveLength(2);
    await expect.element(screen.getByRole('textbox', { name: 'y fila 2' })).toBeInTheDocument();
    await expect.element(screen.getByRole('textbox', { name: 'y fila 3' })).toBeInTheDocument();
  });

  it('reports the filled cells after every change, by mouse and by keyboard', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<TableConsole data={DATA} onAnswer={onAnswer} />);
    await screen.getByRole('textbox', { name: 'y fila 3' }).click();
    await userEvent.keyboard('2x');
    expect(onAnswer).toHaveBeenLastCalledWith([{ rIndex: 2, cIndex: 1, cellAns: '2x' }]);
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(screen.getByRole('textbox', { name: 'y fila 2' })).toHaveFocus();
    await userEvent.keyboard('(x+1)/2');
    expect(onAnswer).toHaveBeenLastCalledWith([
      { rIndex: 1, cIndex: 1, cellAns: '(x+1)/2' },
      { rIndex: 2, cIndex: 1, cellAns: '2x' },
    ]);
    await userEvent.keyboard('{ArrowDown}{Backspace}{Backspace}');
    expect(onAnswer).toHaveBeenLastCalledWith([{ rIndex: 1, cIndex: 1, cellAns: '(x+1)/2' }]);
  });

  it('restores a saved answer and keeps typing when the parent does not feed the value back', async () => {
    const saved = [{ rIndex: 1, cIndex: 1, cellAns: '3' }];
    const screen = await render(<TableConsole data={DATA} value={saved} onAnswer={() => undefined} />);
    await expect.element(screen.getByRole('textbox', { name: 'y fila 2' })).toHaveValue('3');
    await screen.getByRole('textbox', { name: 'y fila 3' }).fill('5');
    await screen.rerender(<TableConsole data={DATA} value={saved} onAnswer={() => undefined} />);
    await expect.element(screen.getByRole('textbox', { name: 'y fila 3' })).toHaveValue('5');
    await screen.rerender(<TableConsole data={DATA} value={[{ rIndex: 2, cIndex: 1, cellAns: '7' }]} />);
    await expect.element(screen.getByRole('textbox', { name: 'y fila 3' })).toHaveValue('7');
    await expect.element(screen.getByRole('textbox', { name: 'y fila 2' })).toHaveValue('');
  });

  it('marks each checked cell for eyes and screen readers, and hides the marks once the student types', async () => {
    const value = [
      { rIndex: 1, cIndex: 1, cellAns: '2' },
      { rIndex: 2, cIndex: 1, cellAns: '5' },
    ];
    const page = (feedback: TableFeedback | null) => (
      <>
        <button type="button">Comprobar</button>
        <TableConsole data={DATA} value={value} feedback={feedback} />
      </>
    );
    // Feedback arrives while the pointer is on the check button, outside the console.
    const screen = await render(page(null));
    await screen.getByRole('button', { name: 'Comprobar' }).hover();
    await screen.rerender(page(FEEDBACK));
    const first = screen.getByRole('textbox', { name: 'y fila 2' });
    const second = screen.getByRole('textbox', { name: 'y fila 3' });
    await expect.element(first).toHaveAccessibleDescription('respuesta correcta');
    await expect.element(second).toHaveAccessibleDescription('respuesta incorrecta');
    await expect.element(second).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(screen.getByText('¡Intenta de nuevo! 1 de 2 casillas están bien.'))
      .toBeInTheDocument();
    await second.click();
    await expect.element(screen.getByText('respuesta correcta')).not.toBeInTheDocument();
    await expect.element(second).not.toHaveAttribute('aria-invalid');
    await screen.rerender(page([...FEEDBACK].reverse()));
    await expect.element(screen.getByText('respuesta incorrecta')).toBeInTheDocument();
  });

  it('keeps the summary until a cell changes, whatever the hand', async () => {
    const value = [
      { rIndex: 1, cIndex: 1, cellAns: '2' },
      { rIndex: 2, cIndex: 1, cellAns: '5' },
    ];
    const screen = await render(<TableConsole data={DATA} value={value} feedback={FEEDBACK} />);
    const summary = screen.getByText('¡Intenta de nuevo! 1 de 2 casillas están bien.');
    await expect.element(summary).toBeInTheDocument();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-table-console')!);
    await expect.element(summary).toBeInTheDocument();
    await screen.getByRole('textbox', { name: 'y fila 3' }).fill('6');
    await expect.element(summary).not.toBeInTheDocument();
  });

  it('says so when every cell is right, in English', async () => {
    const screen = await render(
      <TableConsole
        data={DATA}
        lang="en"
        feedback={FEEDBACK.map((f) => ({ ...f, correct: true }))}
        value={[{ rIndex: 1, cIndex: 1, cellAns: '2' }]}
      />,
    );
    await expect.element(screen.getByText('Well done!')).toBeInTheDocument();
    await expect
      .element(screen.getByRole('textbox', { name: 'y row 2' }))
      .toHaveAccessibleDescription('correct answer');
  });

  it('takes no input while disabled', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<TableConsole data={DATA} disabled onAnswer={onAnswer} />);
    await expect.element(screen.getByRole('textbox', { name: 'y fila 2' })).toBeDisabled();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('scrolls a table wider than a 360 px phone inside a labelled, focusable region', async () => {
    const screen = await render(
      <div style={{ width: 360 }}>
        <TableConsole data={WIDE} label="Completa la tabla" />
      </div>,
    );
    const region = screen.getByRole('region', { name: 'Completa la tabla' });
    await expect.element(region).toHaveAttribute('tabindex', '0');
    await region.click({ position: { x: 5, y: 5 } });
    await userEvent.keyboard('{Tab}');
    await expect.element(screen.getByRole('textbox', { name: 'columna 0 fila 2' })).toHaveFocus();
    const narrow = await render(<TableConsole data={DATA} />);
    expect(narrow.container.querySelector('[role="region"]')).toBeNull();
  });
});
