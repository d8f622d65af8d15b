import type { SchoolAdminData } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import {
  axeViolations,
  renderSite,
  type StubCall,
  type StubHandler,
  watchClipboard,
} from '../../test/render-site';
import { dmy, refusal, SCHOOL_ADMIN, SCHOOL_DATA, schoolAdminServer, YEAR } from './school-admin-fixture';

function open(
  options: { data?: SchoolAdminData; routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {},
) {
  const server = schoolAdminServer(options.data ?? SCHOOL_DATA, options.routes);
  return renderSite('/schooladmin/codes', {
    user: SCHOOL_ADMIN,
    routes: server.routes,
    language: options.language,
  });
}

const created = (calls: readonly StubCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === 'createTeachersCode/');
const listCalls = (calls: readonly StubCall[]) => calls.filter((c) => c.path === 'getTeacherCodes/');

const clipboard = watchClipboard();

describe('the registration codes page', () => {
  it('lists the teacher codes with their expiry and state; clicking a code copies it and says so', async () => {
    const { screen, calls } = await open();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Códigos de registro' }))
      .toBeVisible();
    const table = screen.getByRole('table', { name: 'Códigos de profesor' });
    const unused = table.getByRole('row', { name: /T4KQ9WZM/ });
    await expect.element(unused.getByText(dmy(3, 15))).toBeVisible();
    await expect.element(unused.getByText('Sin usar')).toBeVisible();
    await expect
      .element(table.getByRole('row', { name: /H7RN2PXC/ }).getByText('Usado por Laura Martínez'))
      .toBeVisible();
    await expect.element(table.getByRole('row', { name: /E3MV8JKD/ }).getByText('Vencido')).toBeVisible();
    expect(listCalls(calls).map((c) => c.body)).toEqual([{ institutionId: 2 }]);
    expect(await axeViolations()).toEqual([]);

    const copy = unused.getByRole('button', { name: /^T4KQ9WZM/ });
    await expect.element(copy).toHaveAccessibleName('T4KQ9WZM (copiar)');
    await copy.click();
    expect(clipboard.copied).toEqual(['T4KQ9WZM']);
    await expect.element(unused.getByRole('status')).toHaveTextContent('Copiado');
  });

  it("generates a code valid 14 days by default and says 'your new code is: …', with a copy button", async () => {
    const { screen, calls } = await open();
    const form = screen.getByRole('form', { name: 'Generar un código nuevo' });
    await expect.element(form.getByLabelText('Días de validez')).toHaveValue(14);
    await form.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect.element(screen.getByText('Tu nuevo código es: N8WQ4RTB')).toBeVisible();
    await expect.poll(() => document.activeElement?.textContent).toContain('Tu nuevo código es: N8WQ4RTB');
    expect(created(calls).map((c) => c.body)).toEqual([{ institutionId: 2, validDays: 14, email: null }]);
    await screen.getByRole('button', { name: 'Copiar el código' }).click();
    expect(clipboard.copied).toEqual(['N8WQ4RTB']);
    // The list is read again, with the new code.
    await expect
      .element(
        screen
          .getByRole('table', { name: 'Códigos de profesor' })
          .getByRole('rowheader', { name: /N8WQ4RTB/ }),
      )
      .toBeVisible();
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('Lo enviamos', { exact: false }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('e-mails the code when an e-mail is given, and says when it could not be sent', async () => {
    let mailed = true;
    const { screen, calls } = await open({
      routes: {
        'POST createTeachersCode/': () => ({
          status: 201,
          body: {
            code: {
              code: 'N8WQ4RTB',
              codeExpiration: new Date(Date.UTC(YEAR, 5, 30, 12)).toISOString(),
              createdAt: new Date(Date.UTC(YEAR, 5, 16, 12)).toISOString(),
              status: 'unused',
              usedBy: null,
            },
            mailed,
          },
        }),
      },
    });
    const form = screen.getByRole('form', { name: 'Generar un código nuevo' });
    await form.getByLabelText('Correo del profesor (opcional)').fill(' nuevo@colegiokib.edu.co ');
    await form.getByLabelText('Días de validez').fill('30');
    await form.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect.element(screen.getByText('Lo enviamos a nuevo@colegiokib.edu.co.')).toBeVisible();
    expect(created(calls).map((c) => c.body)).toEqual([
      { institutionId: 2, validDays: 30, email: 'nuevo@colegiokib.edu.co' },
    ]);
    await expect.element(form.getByLabelText('Correo del profesor (opcional)')).toHaveValue('');

    mailed = false;
    await form.getByLabelText('Correo del profesor (opcional)').fill('otro@colegiokib.edu.co');
    await form.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect
      .element(screen.getByText('No pudimos enviarlo por correo a otro@colegiokib.edu.co: compártelo tú.'))
      .toBeVisible();
  });

  it('checks the e-mail and the days before sending, and says a refusal in an alert', async () => {
    const { screen, calls } = await open({
      routes: {
        'POST createTeachersCode/': refusal(
          403,
          'school-plan-ended',
          'El plan de tu colegio terminó: ingresa un nuevo código de colegio.',
        ),
      },
    });
    const form = screen.getByRole('form', { name: 'Generar un código nuevo' });
    await form.getByLabelText('Correo del profesor (opcional)').fill('nuevo@colegio');
    await form.getByLabelText('Días de validez').fill('91');
    await form.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect
      .element(form.getByLabelText('Correo del profesor (opcional)'))
      .toHaveAccessibleDescription(/Introduce un correo electrónico válido\./);
    await expect
      .element(form.getByLabelText('Días de validez'))
      .toHaveAccessibleDescription(/Este valor no es válido\./);
    expect(created(calls)).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await form.getByLabelText('Correo del profesor (opcional)').fill('');
    await form.getByLabelText('Días de validez').fill('7');
    await form.getByRole('button', { name: 'Generar código nuevo' }).click();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('El plan de tu colegio terminó: ingresa un nuevo código de colegio.');
  });

  it('speaks English and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await open({ language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Registration codes' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Teacher codes' });
    await expect.element(table.getByText('Used by Laura Martínez')).toBeInTheDocument();
    await screen.getByRole('button', { name: 'Generate new code' }).click();
    await expect.element(screen.getByText('Your new code is: N8WQ4RTB')).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
