import type { TextAnswer } from '@kib/core';
import type { MathfieldElement } from 'mathlive';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { comeBackWithoutChanging } from '../shared/feedback-badge/feedback-badge-testing';
import { MathConsole } from './math-console';
import { saved, simplify, wrongSecond } from './math-console.fixtures';
import type { MathConsoleData } from './math-console.types';
import { fields, focusSettled } from './math-field.fixtures';

type Screen = Awaited<ReturnType<typeof render>>;

const solve: MathConsoleData = {
  mathType: 'solve',
  startingExpression: '(x-2)(x+5)=0',
  unknownVariable: 'x',
};

const maths = (root: ParentNode) => fields(root).map((f) => f.value);
const announced = (root: ParentNode) =>
  root.querySelector('[aria-live][aria-atomic="true"]')?.textContent ?? '';

/** Waits until MathLive gave a field the keyboard focus. */
async function ready(field: MathfieldElement | undefined) {
  await expect.poll(() => focusSettled(field)).toBe(true);
}

async function focusLine(screen: Screen, n: number) {
  const field = fields(screen.container)[n - 1]!;
  field.focus();
  await ready(field);
  return field;
}

async function loaded(screen: Screen, name = 'Línea 1') {
  await expect.element(screen.getByRole('textbox', { name, exact: true })).toBeInTheDocument();
}

afterEach(() => {
  window.mathVirtualKeyboard?.hide();
});

describe('MathConsole lines', () => {
  it('shows the starting expression and one named math field per saved line', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} />);
    await loaded(screen);
    await expect.element(screen.getByText('Expresión inicial:')).toBeInTheDocument();
    await expect.element(screen.getByRole('textbox', { name: 'Línea 3' })).toBeInTheDocument();
    expect(maths(screen.container)).toEqual(saved.map((l) => l.math));
  });

  it('names its lines in English', async () => {
    const screen = await render(<MathConsole data={simplify} lang="en" />);
    await loaded(screen, 'Line 1');
    await expect.element(screen.getByRole('button', { name: 'Add line' })).toBeInTheDocument();
  });

  it('names MathLive’s keyboard and menu toggles once, in the page’s language', async () => {
    const toggles = (root: ParentNode) =>
      fields(root).flatMap((field) =>
        ['virtual-keyboard-toggle', 'menu-toggle'].map((part) => {
          const toggle = field.shadowRoot?.querySelector(`[part=${part}]`);
          return [
            toggle?.getAttribute('aria-label'),
            toggle?.querySelector('svg')?.getAttribute('aria-hidden'),
          ];
        }),
      );
    const spanish = await render(<MathConsole data={simplify} />);
    await loaded(spanish);
    expect(toggles(spanish.container)).toEqual([
      ['Mostrar u ocultar el teclado virtual', 'true'],
      ['Menú de la fórmula', 'true'],
    ]);
    // MathLive's own tooltip follows the page's language too.
    const tooltip = () =>
      fields(spanish.container)[0]!
        .shadowRoot?.querySelector('[part=menu-toggle]')
        ?.getAttribute('data-tooltip');
    await expect.poll(tooltip).toBe('Menú');
    await spanish.unmount();
    const english = await render(<MathConsole data={simplify} lang="en" />);
    await loaded(english, 'Line 1');
    expect(toggles(english.container)).toEqual([
      ['Show or hide the virtual keyboard', 'true'],
      ['Formula menu', 'true'],
    ]);
  });

  it('speaks a line in the page’s language: Spanish words on a Spanish page, English on an English one', async () => {
    /** What a screen reader hears of a focused line: its name and its math. */
    const spoken = async (screen: Screen) => {
      const field = await focusLine(screen, 1);
      const text = field.shadowRoot?.querySelector('.ML__keyboard-sink')?.getAttribute('aria-label') ?? '';
      field.blur();
      return text;
    };
    const line = [{ math: 'x^2-\\frac{1}{2}', solNum: 0 }];
    const spanish = await render(<MathConsole data={simplify} value={line} />);
    await loaded(spanish);
    await expect
      .poll(() => spoken(spanish), { timeout: 20_000 })
      .toBe('Línea 1: x al cuadrado menos empezar fracción 1 entre 2 finalizar fracción');
    await spanish.unmount();
    const english = await render(<MathConsole data={simplify} value={line} lang="en" />);
    await loaded(english, 'Line 1');
    await expect.poll(() => spoken(english)).toMatch(/^Line 1: .*X.* squared minus half$/);
  });

  it('reports the whole answer as the student types a line', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    // MathLive reports input a tick later: keys typed together may arrive as one edit.
    await userEvent.keyboard('x');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: 'x', solNum: 0 }]);
    await userEvent.keyboard('+1');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: 'x+1', solNum: 0 }]);
    const answers = onAnswer.mock.calls.map(([answer]) => answer as TextAnswer);
    for (const answer of answers) expect(answer).toEqual([{ math: expect.stringMatching(/^x/), solNum: 0 }]);
  });

  it('keeps products of single letters as typed, and expands the problem’s own names', async () => {
    const onAnswer = vi.fn();
    const data: MathConsoleData = {
      ...simplify,
      units: [{ id: 'unit01', latex: 'cm' }],
      functions: [{ id: 'func01', latex: '\\operatorname{area}(r)' }],
    };
    const screen = await render(<MathConsole data={data} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('xin+xx+');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: 'xin+xx+', solNum: 0 }]);
    await userEvent.keyboard('area');
    await expect.poll(() => fields(screen.container)[0]!.value).toBe('xin+xx+\\mathrm{area}');
  });

  it('keeps its own copy when the parent does not feed the value back', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} value={[{ math: '' }]} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('2y');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: '2y', solNum: 0 }]);
  });

  it('follows a new value from the parent', async () => {
    const screen = await render(<MathConsole data={simplify} value={[{ math: 'a' }]} />);
    await loaded(screen);
    await screen.rerender(<MathConsole data={simplify} value={[{ math: 'b' }, { math: 'c' }]} />);
    await expect.poll(() => maths(screen.container)).toEqual(['b', 'c']);
  });
});

describe('MathConsole keys', () => {
  it('Enter inserts an empty line right after the current one and focuses it', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} value={saved} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([saved[0], { math: '', solNum: 0 }, saved[1], saved[2]]);
    await ready(fields(screen.container)[1]);
    await userEvent.keyboard('y');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([saved[0], { math: 'y', solNum: 0 }, saved[1], saved[2]]);
    expect(announced(screen.container)).toContain('Línea 2 añadida');
  });

  it('Shift+Enter appends a line at the end, wherever the caret is', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} value={saved} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([...saved, { math: '', solNum: 0 }]);
    await ready(fields(screen.container)[3]);
    await userEvent.keyboard('7');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([...saved, { math: '7', solNum: 0 }]);
  });

  it('Backspace on an empty line removes it on the second press and focuses the previous line', async () => {
    const onAnswer = vi.fn();
    const value = [{ math: 'a' }, { math: '' }, { math: 'c' }];
    const screen = await render(<MathConsole data={simplify} value={value} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 2);
    await userEvent.keyboard('{Backspace}');
    expect(fields(screen.container)).toHaveLength(3);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(announced(screen.container)).toContain('pulsa Retroceso otra vez');
    await userEvent.keyboard('{Backspace}');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'a', solNum: 0 },
        { math: 'c', solNum: 0 },
      ]);
    await ready(fields(screen.container)[0]);
    await userEvent.keyboard('b');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'ab', solNum: 0 },
        { math: 'c', solNum: 0 },
      ]);
  });

  it('another key between the two Backspaces starts over', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <MathConsole data={simplify} value={[{ math: 'a' }, { math: '' }]} onAnswer={onAnswer} />,
    );
    await loaded(screen);
    await focusLine(screen, 2);
    await userEvent.keyboard('{Backspace}{ArrowLeft}{Backspace}');
    expect(fields(screen.container)).toHaveLength(2);
    await userEvent.keyboard('{Backspace}');
    expect(fields(screen.container)).toHaveLength(1);
  });

  it('stops at 50 lines', async () => {
    const onAnswer = vi.fn();
    const full = Array.from({ length: 50 }, (_, i) => ({ math: String(i) }));
    const screen = await render(<MathConsole data={simplify} value={full} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 50);
    await userEvent.keyboard('{Enter}');
    expect(fields(screen.container)).toHaveLength(50);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(announced(screen.container)).toContain('No se pueden añadir más de 50 líneas');
  });

  it('never removes the last remaining line', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(fields(screen.container)).toHaveLength(1);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(announced(screen.container)).toContain('La única línea no se puede borrar');
  });

  it('Ctrl+M shows the line as editable LaTeX text and back', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <MathConsole data={simplify} value={[{ math: '\\frac{1}{2}' }]} onAnswer={onAnswer} />,
    );
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('{Control>}m{/Control}');
    const raw = screen.getByRole('textbox', { name: 'Línea 1 (LaTeX)' });
    await expect.element(raw).toHaveFocus();
    await expect.element(raw).toHaveValue('\\frac{1}{2}');
    await userEvent.keyboard('+x');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: '\\frac{1}{2}+x', solNum: 0 }]);
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: '\\frac{1}{2}+x', solNum: 0 },
        { math: '', solNum: 0 },
      ]);
    await ready(fields(screen.container)[0]);
    (raw.element() as HTMLInputElement).focus();
    await userEvent.keyboard('{Control>}m{/Control}');
    await expect.element(screen.getByRole('textbox', { name: 'Línea 1' })).toBeInTheDocument();
    expect(fields(screen.container)[0]!.value).toBe('\\frac{1}{2}+x');
  });
});

describe('MathConsole feedback', () => {
  it('marks each line, shows the feedback and boxes the wrong part until the line is focused', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} feedback={wrongSecond} />);
    await loaded(screen);
    await expect.element(screen.getByText('Línea 1: correcta', { exact: true })).toBeInTheDocument();
    await expect.element(screen.getByText('Línea 2: incorrecta', { exact: true })).toBeInTheDocument();
    await expect.element(screen.getByText('Revisa el signo de la parte marcada.')).toBeInTheDocument();
    await expect.element(screen.getByText('Revisa esta parte:')).toBeInTheDocument();
    const second = fields(screen.container)[1]!;
    expect(second.value).toContain('\\bbox[kibhighlight');
    expect(second.value).toContain('{5x}');
    await focusLine(screen, 2);
    await expect.poll(() => second.value).toBe('x^2+5x+7');
    await expect.element(screen.getByText('Línea 2: incorrecta', { exact: true })).toBeInTheDocument();
  });

  it('an edit clears the edited line’s mark and feedback, and no other', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <MathConsole data={simplify} value={saved} feedback={wrongSecond} onAnswer={onAnswer} />,
    );
    await loaded(screen);
    await focusLine(screen, 2);
    await userEvent.keyboard('{Backspace}');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([saved[0], { math: 'x^2+5x+', solNum: 0 }, saved[2]]);
    await expect.element(screen.getByText('Línea 2: incorrecta', { exact: true })).not.toBeInTheDocument();
    await expect.element(screen.getByText('Revisa el signo de la parte marcada.')).not.toBeInTheDocument();
    await expect.element(screen.getByText('Línea 1: correcta', { exact: true })).toBeInTheDocument();
    await expect.element(screen.getByText('Línea 3: correcta', { exact: true })).toBeInTheDocument();
  });

  it('marks the lines again when the same answer is checked again', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} feedback={wrongSecond} />);
    await loaded(screen);
    await focusLine(screen, 2);
    await userEvent.keyboard('1');
    await expect.element(screen.getByText('Línea 2: incorrecta', { exact: true })).not.toBeInTheDocument();
    await userEvent.keyboard('{Backspace}');
    await expect.poll(() => fields(screen.container)[1]!.value).toBe('x^2+5x+7');
    await screen.rerender(<MathConsole data={simplify} value={saved} feedback={{ ...wrongSecond }} />);
    await expect.element(screen.getByText('Línea 2: incorrecta', { exact: true })).toBeInTheDocument();
  });

  it('announces the marks when new feedback arrives', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} />);
    await loaded(screen);
    expect(announced(screen.container)).toBe('');
    await screen.rerender(<MathConsole data={simplify} value={saved} feedback={wrongSecond} />);
    await expect
      .poll(() => announced(screen.container))
      .toContain('Línea 1: correcta. Línea 2: incorrecta. Línea 3: correcta');
    await expect.element(screen.getByText('¡Intenta de nuevo!')).toBeInTheDocument();
  });
});

describe('MathConsole feedback for every hand', () => {
  it('keeps a wrong badge until a line changes', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} />);
    await loaded(screen);
    await screen.rerender(<MathConsole data={simplify} value={saved} feedback={wrongSecond} />);
    const badge = screen.getByText('¡Intenta de nuevo!');
    await expect.element(badge).toBeInTheDocument();
    await comeBackWithoutChanging(screen.container.querySelector('.kib-math-console')!);
    await expect.element(badge).toBeInTheDocument();
    await focusLine(screen, 2);
    await userEvent.keyboard('1');
    await expect.element(badge).not.toBeInTheDocument();
  });
});

describe('MathConsole with a mouse', () => {
  it('adds a line at the end with the button and focuses it', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} value={[{ math: 'a' }]} onAnswer={onAnswer} />);
    await loaded(screen);
    await screen.getByRole('button', { name: 'Añadir línea' }).click();
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'a', solNum: 0 },
        { math: '', solNum: 0 },
      ]);
    await ready(fields(screen.container)[1]);
  });

  it('removes a line with its button, never the only one', async () => {
    const onAnswer = vi.fn();
    const screen = await render(
      <MathConsole data={simplify} value={[{ math: 'a' }, { math: 'b' }]} onAnswer={onAnswer} />,
    );
    await loaded(screen);
    await screen.getByRole('button', { name: 'Borrar la línea 1' }).click();
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: 'b', solNum: 0 }]);
    await expect.element(screen.getByRole('button', { name: 'Borrar la línea 1' })).toBeDisabled();
  });

  it('types into a line it clicked', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} onAnswer={onAnswer} />);
    await loaded(screen);
    const field = fields(screen.container)[0]!;
    await userEvent.click(field);
    await ready(field);
    await userEvent.keyboard('3');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([{ math: '3', solNum: 0 }]);
  });

  it('opens the Basic and Special virtual keyboards, whose keys type, add and remove lines', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    const toggle = screen.getByRole('button', { name: 'Teclado' });
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    const key = (name: string) => document.querySelector<HTMLElement>(`.ML__keyboard [aria-label="${name}"]`);
    await expect.poll(() => key('Raíz cuadrada')).not.toBeNull();
    const tabs = Array.from(
      document.querySelectorAll('.ML__keyboard .MLK__toolbar .left > div'),
      (d) => d.textContent,
    );
    expect(tabs).toContain('Básico');
    expect(tabs).toContain('Especial');
    await userEvent.click(key('Raíz cuadrada')!);
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([{ math: '\\sqrt{\\placeholder{}}', solNum: 0 }]);
    await userEvent.click(key('Línea nueva')!);
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: '\\sqrt{\\placeholder{}}', solNum: 0 },
        { math: '', solNum: 0 },
      ]);
    await ready(fields(screen.container)[1]);
    await userEvent.click(key('Borrar')!);
    expect(fields(screen.container)).toHaveLength(2);
    await userEvent.click(key('Borrar')!);
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([{ math: '\\sqrt{\\placeholder{}}', solNum: 0 }]);
    await toggle.click();
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('MathConsole solutions (solve)', () => {
  it('marks a line as the start of another solution', async () => {
    const onAnswer = vi.fn();
    const value = [{ math: 'x-2=0' }, { math: 'x=2' }, { math: 'x+5=0' }, { math: 'x=-5' }];
    const screen = await render(<MathConsole data={solve} value={value} onAnswer={onAnswer} />);
    await loaded(screen);
    const toggle = screen.getByRole('button', { name: 'La línea 3 empieza otra solución' });
    await toggle.click();
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'x-2=0', solNum: 0 },
        { math: 'x=2', solNum: 0 },
        { math: 'x+5=0', solNum: 1 },
        { math: 'x=-5', solNum: 1 },
      ]);
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByText('Solución 2', { exact: true })).toBeInTheDocument();
    expect(announced(screen.container)).toContain('La línea 3 empieza la solución 2');
    await toggle.click();
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual(value.map((l) => ({ ...l, solNum: 0 })));
  });

  it('a line inserted with Enter stays in its solution', async () => {
    const onAnswer = vi.fn();
    const value = [
      { math: 'x=2', solNum: 0 },
      { math: 'x+5=0', solNum: 1 },
    ];
    const screen = await render(<MathConsole data={solve} value={value} onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 2);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onAnswer.mock.lastCall?.[0]).toEqual([...value, { math: '', solNum: 1 }]);
  });

  it('offers no solution toggle outside solve', async () => {
    const screen = await render(<MathConsole data={simplify} value={saved} />);
    await loaded(screen);
    await expect
      .element(screen.getByRole('button', { name: /empieza otra solución/ }).first())
      .not.toBeInTheDocument();
  });
});

describe('MathConsole disabled', () => {
  it('shows the lines read-only and ignores keys and buttons', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} value={saved} disabled onAnswer={onAnswer} />);
    await loaded(screen);
    expect(fields(screen.container).every((f) => f.readOnly)).toBe(true);
    await expect.element(screen.getByRole('button', { name: 'Añadir línea' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Borrar la línea 1' })).toBeDisabled();
    await focusLine(screen, 1);
    await userEvent.keyboard('9{Enter}');
    expect(onAnswer).not.toHaveBeenCalled();
    expect(fields(screen.container)).toHaveLength(3);
  });
});

describe('MathConsole in a shadow root', () => {
  it('renders and takes typing inside a shadow root', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const container = document.createElement('div');
    host.attachShadow({ mode: 'open' }).append(container);
    const onAnswer = vi.fn();
    const screen = await render(<MathConsole data={simplify} onAnswer={onAnswer} />, { container });
    await expect.poll(() => fields(container).length).toBe(1);
    const field = fields(container)[0]!;
    field.focus();
    await ready(field);
    await userEvent.keyboard('x{Enter}');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'x', solNum: 0 },
        { math: '', solNum: 0 },
      ]);
    await ready(fields(container)[1]);
    await screen.unmount();
    host.remove();
  });
});

describe('MathConsole as a controlled component', () => {
  function Controlled({ onAnswer }: { onAnswer: (a: TextAnswer) => void }) {
    const [value, setValue] = useState<TextAnswer>([{ math: '' }]);
    return (
      <MathConsole
        data={simplify}
        value={value}
        onAnswer={(answer) => {
          setValue(answer);
          onAnswer(answer);
        }}
      />
    );
  }

  it('keeps the focus and the lines when its answer comes back as the value', async () => {
    const onAnswer = vi.fn();
    const screen = await render(<Controlled onAnswer={onAnswer} />);
    await loaded(screen);
    await focusLine(screen, 1);
    await userEvent.keyboard('a{Enter}');
    await ready(fields(screen.container)[1]);
    await userEvent.keyboard('b');
    await expect
      .poll(() => onAnswer.mock.lastCall?.[0])
      .toEqual([
        { math: 'a', solNum: 0 },
        { math: 'b', solNum: 0 },
      ]);
    expect(maths(screen.container)).toEqual(['a', 'b']);
  });
});
