/**
 * Browser-test support for the cartesian consoles: render a console with a spy for its answers and
 * wait for its board.
 */
import type { PlotFeedback } from '@kib/core';
import type { ComponentType } from 'react';
import { vi, type Mock } from 'vitest';
import { render } from 'vitest-browser-react';
import type { ConsoleProps } from '../console.types';
import { readyBoard } from './board-testing';

/**
 * Renders `Console` with `props` (no console data) and a spy as `onAnswer`, and waits until its
 * board has drawn: the spy, the rendered screen and the board's pointer driver.
 */
export async function renderConsole<Answer>(
  Console: ComponentType<ConsoleProps<null, Answer, PlotFeedback>>,
  props: Omit<ConsoleProps<null, NoInfer<Answer>, PlotFeedback>, 'data' | 'onAnswer'> = {},
) {
  const onAnswer = vi.fn<(answer: Answer) => void>();
  const screen = await render(<Console data={null} onAnswer={onAnswer} {...props} />);
  const board = await readyBoard(screen.container);
  return { onAnswer, screen, board };
}

/** The answer a console reported last through the spy `onAnswer`, if any. */
export function lastAnswer<Answer>(onAnswer: Mock<(answer: Answer) => void>): Answer | undefined {
  return onAnswer.mock.calls.at(-1)?.[0];
}
