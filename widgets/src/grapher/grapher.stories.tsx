import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Grapher } from './grapher';
import { DEFAULT_GRAPHER_SETTINGS, newGraphFunction } from './grapher.logic';
import type { GraphFunction, GrapherSettings } from './grapher.types';

/** The grapher with its graphs and settings held in the story, as the site's store holds them. */
function StatefulGrapher({
  initial,
  settings,
  lang,
}: {
  initial: GraphFunction[];
  settings: GrapherSettings;
  lang?: string;
}) {
  const [functions, setFunctions] = useState(initial);
  const [shown, setShown] = useState(settings);
  return (
    <Grapher
      functions={functions}
      settings={shown}
      lang={lang}
      onFunctionChange={(id, patch) =>
        setFunctions((fs) => fs.map((f) => (f.id === id ? { ...f, ...patch } : f)))
      }
      onAddFunction={() => setFunctions((fs) => [...fs, newGraphFunction(`g${fs.length + 1}`)])}
      onRemoveFunction={(id) => setFunctions((fs) => fs.filter((f) => f.id !== id))}
      onSettingsChange={(patch) => setShown((s) => ({ ...s, ...patch }))}
    />
  );
}

const meta = {
  title: 'Creator/Grapher',
  component: StatefulGrapher,
  args: {
    initial: [
      { ...newGraphFunction('g1', '\\tan x'), border: 'dashed' },
      { ...newGraphFunction('g2', 'x=\\frac{\\pi}{2}'), asymptote: true, color: '#c62828' },
      { ...newGraphFunction('g3', '\\sqrt{x}'), color: '#2e7d32', maxXValue: '4' },
    ],
    settings: { ...DEFAULT_GRAPHER_SETTINGS, inRadians: true },
  },
} satisfies Meta<typeof StatefulGrapher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** tan x dashed (drawn in pieces), its asymptote x = π/2 and √x up to 4, on a radians x-axis. */
export const Trigonometry: Story = {
  play: async ({ canvas }) => {
    const board = canvas.getByRole('img', { name: 'Gráfica de las funciones' });
    await waitFor(() => expect(board).toHaveAttribute('data-ready', 'true'), { timeout: 15_000 });
    await waitFor(() => expect(board).toHaveAccessibleDescription(/Función 2: asíntota vertical x = π\/2/), {
      timeout: 15_000,
    });
    await expect(board).toHaveAccessibleDescription(/Función 3: .*para x de −∞ a 4\./);
  },
};

/** An expression that cannot be read is left off the board with a note beside it. */
export const Unreadable: Story = {
  args: {
    initial: [newGraphFunction('g1', 'x^2-1'), newGraphFunction('g2', '\\frac{1}{')],
    settings: DEFAULT_GRAPHER_SETTINGS,
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'No se puede leer esta expresión: no se dibuja.',
        { selector: 'p' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir función' }));
    await expect(canvas.getByRole('group', { name: 'Función 3' })).toBeVisible();
  },
};

/** In English. */
export const English: Story = {
  args: { lang: 'en', settings: DEFAULT_GRAPHER_SETTINGS },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download SVG' })).toBeVisible();
  },
};
