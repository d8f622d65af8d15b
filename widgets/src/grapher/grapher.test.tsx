import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { announcements } from '../shared/graph/board-testing';
import { Grapher } from './grapher';
import { DEFAULT_GRAPHER_SETTINGS, newGraphFunction } from './grapher.logic';
import type { GraphFunction, GrapherSettings } from './grapher.types';

const graph = (id: string, value: string, patch: Partial<GraphFunction> = {}): GraphFunction => ({
  ...newGraphFunction(id, value),
  ...patch,
});

/** The grapher with its state held here, as the site's store holds it. */
function Harness({
  initial,
  settings,
  lang = 'es',
}: {
  initial: GraphFunction[];
  settings?: Partial<GrapherSettings>;
  lang?: 'es' | 'en';
}) {
  const [functions, setFunctions] = useState(initial);
  const [shown, setShown] = useState({ ...DEFAULT_GRAPHER_SETTINGS, ...settings });
  return (
    <Grapher
      functions={functions}
      settings={shown}
      lang={lang}
      onFunctionChange={(id, patch) =>
        setFunctions((fs) => fs.map((f) => (f.id === id ? { ...f, ...patch } : f)))
      }
      onAddFunction={() => setFunctions((fs) => [...fs, newGraphFunction(`n${fs.length}`)])}
      onRemoveFunction={(id) => setFunctions((fs) => fs.filter((f) => f.id !== id))}
      onSettingsChange={(patch) => setShown((s) => ({ ...s, ...patch }))}
    />
  );
}

/** The SVG path JSXGraph drew for a graph. */
const pathOf = (root: HTMLElement, id: string) =>
  root.querySelector<SVGPathElement>(`path[data-graph="${id}"]`);
/** How many pieces a drawn path has (one "M" per lift of the pen). */
const piecesOf = (root: HTMLElement, id: string) =>
  (pathOf(root, id)?.getAttribute('d')?.match(/M/g) ?? []).length;
/** The tick labels on the board. */
const ticks = (root: HTMLElement) => [...root.querySelectorAll('svg text')].map((n) => n.textContent ?? '');

/** Waits for the board to be drawn (the first test loads JSXGraph, the checker and MathLive). */
async function boardReady(root: HTMLElement) {
  await expect
    .poll(() => root.querySelector('[role="img"]')?.getAttribute('data-ready'), { timeout: 30_000 })
    .toBe('true');
}

async function axeViolations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe('Grapher', () => {
  it('plots each function in its colour, solid or dashed, and describes them', async () => {
    const screen = await render(
      <Harness
        initial={[
          graph('a', 'x^2', { minXValue: '-2', maxXValue: '2' }),
          graph('b', '\\sin x', { border: 'dashed', color: '#c62828' }),
        ]}
      />,
    );
    const root = screen.container;
    await boardReady(root);
    await expect.poll(() => pathOf(root, 'a')?.getAttribute('d')?.length ?? 0).toBeGreaterThan(100);
    await expect.poll(() => pathOf(root, 'b')?.getAttribute('d')?.length ?? 0).toBeGreaterThan(100);
    expect(pathOf(root, 'b')?.getAttribute('stroke-dasharray')).toBe('5,5');
    expect(pathOf(root, 'a')?.getAttribute('stroke-dasharray')).toBeNull();
    expect(pathOf(root, 'b')?.getAttribute('stroke')).toBe('#c62828');
    expect(pathOf(root, 'a')?.getAttribute('stroke-width')).toBe('2px');
    const board = screen.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect
      .element(board)
      .toHaveAccessibleDescription(/Función 1: y = .*trazo Azul, Continuo, para x de −2 a 2\./);
    await expect
      .element(board)
      .toHaveAccessibleDescription(/Función 2: y = .*trazo Rojo, Discontinuo, para x de −∞ a ∞\./);
  });

  it('reads each function aloud in the page’s language', async () => {
    const functions = [graph('a', 'x^2'), graph('b', '\\sin x')];
    const spanish = await render(<Harness initial={functions} />);
    await boardReady(spanish.container);
    const board = spanish.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect.element(board).toHaveAccessibleDescription(/Función 1: y = x al cuadrado, trazo/);
    await expect.element(board).toHaveAccessibleDescription(/Función 2: y = seno x, trazo/);
    await spanish.unmount();
    const english = await render(<Harness initial={functions} lang="en" />);
    await boardReady(english.container);
    const graphs = english.getByRole('img', { name: 'Graph of the functions' });
    await expect.element(graphs).toHaveAccessibleDescription(/Function 1: y = .*X.* squared, Blue/);
  });

  it('never joins the sides of a discontinuity: tan x and 1/x are drawn in pieces', async () => {
    const screen = await render(<Harness initial={[graph('t', '\\tan x'), graph('r', '\\frac{1}{x}')]} />);
    const root = screen.container;
    await boardReady(root);
    await expect.poll(() => piecesOf(root, 't')).toBe(5);
    expect(piecesOf(root, 'r')).toBe(2);
  });

  it('draws an asymptote as a vertical line', async () => {
    const screen = await render(
      <Harness initial={[graph('v', 'x=2', { asymptote: true, border: 'dashed' })]} />,
    );
    const root = screen.container;
    await boardReady(root);
    await expect.poll(() => piecesOf(root, 'v')).toBe(1);
    const board = screen.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect
      .element(board)
      .toHaveAccessibleDescription(/asíntota vertical x = 2, trazo Azul, Discontinuo/);
  });

  it('skips an unparsable function with a note beside it, said aloud', async () => {
    const screen = await render(<Harness initial={[graph('ok', 'x+1'), graph('bad', '\\frac{1}{')]} />);
    const root = screen.container;
    await boardReady(root);
    const note = root.querySelector<HTMLElement>('li[data-graph="bad"] .kib-grapher__note');
    expect(note?.textContent).toBe('No se puede leer esta expresión: no se dibuja.');
    expect(note?.checkVisibility()).toBe(true);
    await expect
      .poll(() => root.querySelector('li[data-graph="bad"] math-field')?.getAttribute('aria-describedby'))
      .toBe(note?.id);
    await expect
      .poll(() => announcements(root), { timeout: 5_000 })
      .toContain('Función 2: No se puede leer esta expresión');
    await expect.poll(() => piecesOf(root, 'ok')).toBe(1);
    // Nothing drawn: no line in its path.
    expect(pathOf(root, 'bad')?.getAttribute('d') ?? '').not.toContain('L');
  });

  it('counts the x-axis in multiples of π in radians, and hides the numbers on request', async () => {
    const screen = await render(<Harness initial={[graph('s', '\\sin x')]} />);
    const root = screen.container;
    await boardReady(root);
    await expect.poll(() => ticks(root)).toContain('7');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Eje x en radianes (múltiplos de π)' }));
    await expect.poll(() => ticks(root)).toContain('π/2');
    expect(ticks(root)).toContain('−3π/2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Números en los ejes' }));
    await expect.poll(() => ticks(root)).toEqual([]);
  });

  it('adds and removes functions, every control named', async () => {
    const screen = await render(<Harness initial={[graph('a', 'x')]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir función' }));
    await expect.element(screen.getByRole('group', { name: 'Función 2' })).toBeVisible();
    await expect.element(screen.getByRole('combobox', { name: 'Trazo' }).nth(1)).toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'x mínima de la función 2' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la función 1' }));
    await expect.element(screen.getByRole('group', { name: 'Función 1' })).toBeVisible();
    expect(screen.container.querySelectorAll('li[data-graph]')).toHaveLength(1);
  });

  it('downloads the board as an SVG and as a PNG', async () => {
    const downloads: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    });
    const screen = await render(<Harness initial={[graph('a', 'x^2', { border: 'dashed' })]} />);
    await boardReady(screen.container);
    await expect.poll(() => piecesOf(screen.container, 'a')).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar SVG' }));
    await expect.poll(() => downloads.length).toBe(1);
    expect(downloads[0]!.name).toMatch(/^grafica-\d{4}-\d{2}-\d{2}-\d{4}\.svg$/);
    const svg = await (await fetch(downloads[0]!.href)).text();
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.getAttribute('width')).toBe('700');
    expect(doc.documentElement.getAttribute('height')).toBe('450');
    expect(doc.querySelector('path[data-graph="a"]')?.getAttribute('stroke-dasharray')).toBe('5,5');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar PNG' }));
    await expect.poll(() => downloads.length).toBe(2);
    expect(downloads[1]!.name).toMatch(/\.png$/);
    const png = new Uint8Array(await (await fetch(downloads[1]!.href)).arrayBuffer());
    expect([...png.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    await expect.poll(() => announcements(screen.container)).toContain('Gráfica descargada: grafica-');
  });

  it('fits a 360 px phone, same shape, and axe finds nothing', async () => {
    await page.viewport(360, 740);
    const screen = await render(<Harness initial={[graph('a', 'x'), graph('b', 'x^{')]} />);
    const board = screen.getByRole('img', { name: 'Gráfica de las funciones' });
    await expect.poll(() => board.element().getAttribute('data-ready')).toBe('true');
    const rect = board.element().getBoundingClientRect();
    expect(rect.width).toBeLessThanOrEqual(360);
    expect(rect.height / rect.width).toBeCloseTo(450 / 700, 1);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await expect.poll(() => screen.container.querySelectorAll('math-field').length).toBe(2);
    expect(await axeViolations(screen.container)).toEqual([]);
  });
});
