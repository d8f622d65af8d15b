import type { EmbedToken } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall, watchClipboard } from '../../../test/render-site';
import { TEACHER } from '../teacher-fixture';
import { classroomServer } from './classroom-fixture';
import { embedSnippet } from './embed-tokens-section';

const SECRET = `kibe_${'x'.repeat(43)}`;

/** A classroom server whose embed tokens live in memory: made, listed and revoked. */
function tokenServer() {
  const tokens: EmbedToken[] = [
    {
      id: 1,
      label: 'Cartelera de la biblioteca',
      createdAt: '2026-10-01T13:00:00.000Z',
      expiresAt: '2027-10-01T13:00:00.000Z',
      lastUsedAt: '2026-11-20T08:00:00.000Z',
    },
  ];
  return classroomServer({
    'GET classrooms/11/embed-tokens/': () => ({ body: { tokens } }),
    'POST classrooms/11/embed-tokens/': (call: StubCall) => {
      const { label, validDays } = call.body as { label: string; validDays: number };
      const token = {
        id: 2,
        label,
        createdAt: '2026-11-25T10:00:00.000Z',
        expiresAt: new Date(Date.parse('2026-11-25T10:00:00.000Z') + validDays * 86_400_000).toISOString(),
        lastUsedAt: null,
      };
      tokens.unshift(token);
      return { status: 201, body: { token, secret: SECRET } };
    },
    'DELETE classrooms/11/embed-tokens/1/': () => {
      tokens.splice(
        tokens.findIndex((t) => t.id === 1),
        1,
      );
      return { status: 204 };
    },
  }).routes;
}

const clipboard = watchClipboard();

describe("a classroom's embed tokens", () => {
  it('writes the HTML a school pastes: the bundle and the element with the API, classroom and token', () => {
    expect(embedSnippet('https://kib.example', 11, SECRET)).toBe(
      `<script type="module" src="https://kib.example/widgets/kib-widgets.js"></script>\n` +
        `<kib-classroom-overview api-base="https://kib.example/api/" classroom-id="11" token="${SECRET}" lang="es"></kib-classroom-overview>`,
    );
  });

  it('lists the live tokens, makes one with a label and a lifetime, and shows its secret and HTML once', async () => {
    const { screen, calls } = await renderSite('/teacher/classroom/11', {
      user: TEACHER,
      routes: tokenServer(),
    });
    const section = screen.getByRole('region', { name: 'Mostrar este salón en otra página' });
    const table = section.getByRole('table', { name: 'Tokens activos de este salón' });
    await expect.element(table.getByRole('rowheader', { name: 'Cartelera de la biblioteca' })).toBeVisible();
    await expect.element(table.getByText('01-10-2027')).toBeVisible();

    const form = section.getByRole('form', { name: 'Nuevo token para insertar' });
    await form.getByRole('button', { name: 'Crear token' }).click();
    await expect.element(form.getByText('Este campo es obligatorio.', { exact: false })).toBeVisible();
    await form.getByLabelText('Para qué es').fill('Intranet del colegio');
    await form.getByLabelText('Vigencia').selectOptions('90 días');
    await form.getByRole('button', { name: 'Crear token' }).click();

    const created = section.getByRole('status').filter({ hasText: 'Token «Intranet del colegio» creado.' });
    await expect.element(created).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.path.includes('embed')).map((c) => c.body)).toEqual([
      { label: 'Intranet del colegio', validDays: 90 },
    ]);
    const snippet = embedSnippet(location.origin, 11, SECRET);
    await expect.element(created.getByLabelText('Código para pegar en la página')).toHaveTextContent(SECRET);
    await created.getByRole('button', { name: 'Copiar el código' }).click();
    await created.getByRole('button', { name: 'Copiar solo el token' }).click();
    expect(clipboard.copied).toEqual([snippet, SECRET]);
    await expect.element(table.getByRole('rowheader', { name: 'Intranet del colegio' })).toBeVisible();
    await expect.element(form.getByLabelText('Para qué es')).toHaveValue('');
    expect(await axeViolations()).toEqual([]);
  });

  it('revokes a token only after confirming', async () => {
    const { screen, calls } = await renderSite('/teacher/classroom/11', {
      user: TEACHER,
      routes: tokenServer(),
    });
    const section = screen.getByRole('region', { name: 'Mostrar este salón en otra página' });
    await section.getByRole('button', { name: 'Revocar Cartelera de la biblioteca' }).click();
    const dialog = screen.getByRole('dialog', { name: '¿Revocar el token «Cartelera de la biblioteca»?' });
    await expect.element(dialog).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await section.getByRole('button', { name: 'Revocar Cartelera de la biblioteca' }).click();
    await screen.getByRole('dialog').getByRole('button', { name: 'Revocar' }).click();
    await expect
      .element(section.getByRole('rowheader', { name: 'Cartelera de la biblioteca' }))
      .not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      'classrooms/11/embed-tokens/1/',
    ]);
  });

  it('speaks English and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/teacher/classroom/11', {
      user: TEACHER,
      routes: tokenServer(),
      language: 'en',
    });
    const section = screen.getByRole('region', { name: 'Show this classroom in another page' });
    await expect.element(section.getByRole('button', { name: 'Create token' })).toBeVisible();
    await expect
      .element(section.getByRole('rowheader', { name: 'Cartelera de la biblioteca' }))
      .toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});
