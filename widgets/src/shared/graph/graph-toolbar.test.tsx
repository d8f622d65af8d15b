import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { useT } from '../i18n';
import { GraphToolbar, ToolButtons, type GraphTool } from './graph-toolbar';

function Tools({ disabled = false, onSelect }: { disabled?: boolean; onSelect?: (tool: GraphTool) => void }) {
  const t = useT('es');
  const [tool, setTool] = useState<GraphTool>('createPoint');
  return (
    <GraphToolbar label="Herramientas">
      <ToolButtons
        tools={['createPoint', 'movePoints', 'erase', 'move'] as const}
        current={tool}
        t={t}
        disabled={disabled}
        onSelect={(next) => {
          setTool(next);
          onSelect?.(next);
        }}
      />
    </GraphToolbar>
  );
}

/** The names of the buttons shown pressed. */
const pressed = (container: HTMLElement) =>
  [...container.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.textContent);

describe('ToolButtons', () => {
  it('shows one named button per tool in order, the tool in use pressed', async () => {
    const screen = await render(<Tools />);
    const names = screen
      .getByRole('button')
      .elements()
      .map((b) => b.textContent);
    expect(names).toEqual(['Crear punto', 'Mover puntos', 'Borrar', 'Mover el plano']);
    expect(pressed(screen.container)).toEqual(['Crear punto']);
  });

  it('a click chooses the tool', async () => {
    const onSelect = vi.fn();
    const screen = await render(<Tools onSelect={onSelect} />);
    await screen.getByRole('button', { name: 'Borrar' }).click();
    expect(onSelect).toHaveBeenLastCalledWith('erase');
    await expect.poll(() => pressed(screen.container)).toEqual(['Borrar']);
  });

  it('the arrow keys move between the tools of the toolbar, Enter chooses one', async () => {
    const onSelect = vi.fn();
    const screen = await render(<Tools onSelect={onSelect} />);
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Crear punto' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect.element(screen.getByRole('button', { name: 'Borrar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('erase');
  });

  it('takes no choice while disabled', async () => {
    const onSelect = vi.fn();
    const screen = await render(<Tools disabled onSelect={onSelect} />);
    expect(screen.container.querySelectorAll('button:disabled')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar' }), { force: true });
    expect(onSelect).not.toHaveBeenCalled();
  });
});
