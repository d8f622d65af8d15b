import type { Browser, BrowserContext, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe, untranslated as untranslatedKeys } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';

const PASSWORD = 'demo1234';
const SYSTEM = 'Estándares Básicos de Competencias (Colombia)';
const GRADE = 'Décimo a undécimo';
const STANDARD =
  'Describo y modelo fenómenos periódicos del mundo real usando relaciones y funciones trigonométricas.';
const SKILL = 'Verifica identidades trigonométricas.';
/** The creators' catalog module the seed assigns to the periodic-functions skills. */
const CATALOG_MODULE = 'Funciones trigonométricas';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

const newPage = (viewport?: { width: number; height: number }) =>
  openPage(browser, server.url, errors, viewport);

const untranslated = (page: Page) =>
  untranslatedKeys(page, [
    'site',
    'creator',
    'creator-form',
    'creator-modules',
    'teacher-modules',
    'learning-standards',
    'math-types',
    'validation',
    'errors',
  ]);

/** Screenshot, axe and untranslated keys of the page as it is now. */
async function checkPage(page: Page, name: string): Promise<void> {
  expect(await shotAndAxe(page, name)).toEqual([]);
  expect(await untranslated(page)).toEqual([]);
}

/** Chooses Colombia → 10°–11° → the periodic standard → `skill` in the cascade inside `scope`. */
async function chooseSkill(scope: Locator, skill = SKILL): Promise<void> {
  await scope.getByLabel('Sistema educativo', { exact: true }).selectOption({ label: SYSTEM });
  await scope.getByRole('option', { name: GRADE }).waitFor({ state: 'attached' });
  await scope.getByLabel('Grado', { exact: true }).selectOption({ label: GRADE });
  await scope.getByRole('option', { name: STANDARD }).waitFor({ state: 'attached' });
  await scope.getByLabel('Estándar', { exact: true }).selectOption({ label: STANDARD });
  await scope.getByLabel('Competencia', { exact: true }).selectOption({ label: skill });
}

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a creator ties a new problem to a skill and builds a module by competences', () => {
  const stamp = Date.now() % 1_000_000;
  const title = `Identidad pitagórica ${stamp}`;
  const moduleName = `Identidades por competencias ${stamp}`;
  let creator: { context: BrowserContext; page: Page };
  let moduleUrl = '';

  afterAll(() => creator?.context.close());

  it('ties the new problem to a skill in the creation tool and saves it', async () => {
    creator = await newPage();
    const { page } = creator;
    await logIn(page, 'creator@demo.kib', PASSWORD);
    await page.waitForURL('**/creator/problems**');
    await page
      .getByRole('navigation', { name: 'Menú del creador' })
      .getByRole('link', { name: 'Crear nuevo problema' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Nuevo problema' }).waitFor();
    const problem = page.getByRole('region', { name: 'El problema' });
    await problem.getByRole('textbox', { name: 'Título' }).fill(title);
    await problem.getByRole('textbox', { name: 'Descripción' }).fill('Verifica que $\\sin^2 x+\\cos^2 x=1$.');
    await page
      .getByRole('list', { name: /^Numerales/ })
      .getByRole('textbox', { name: 'Pregunta' })
      .fill('¿Por qué vale 1 la suma?');

    const skills = page.getByRole('region', { name: 'Competencias del problema' });
    await skills.getByText('El problema aún no trabaja ninguna competencia.').waitFor();
    await chooseSkill(skills);
    const add = skills.getByRole('button', { name: 'Añadir competencia' });
    await add.focus();
    await page.keyboard.press('Enter');
    const chosen = skills.getByRole('list', { name: 'Competencias elegidas' });
    await chosen.getByRole('button', { name: `Quitar la competencia ${SKILL}` }).waitFor();
    await skills.getByText('1 competencia de 20 posibles.').waitFor();
    await checkPage(page, 'competences-tool-skill');

    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.waitForURL(/\/creator\/tool\/\d+$/, { timeout: 30_000 });
    await page.getByText('Todo guardado').waitFor();

    // Opened again for editing, the problem still names its skill.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Editar problema' }).waitFor();
    await page
      .getByRole('region', { name: 'Competencias del problema' })
      .getByRole('list', { name: 'Competencias elegidas' })
      .getByRole('button', { name: `Quitar la competencia ${SKILL}` })
      .waitFor();
  });

  it('finds the problem by the skill in the module builder, adds a module’s problems from Talleres and saves', async () => {
    const { page } = creator;
    await page.goto('/creator/tempmodulecreator');
    await page.getByRole('heading', { level: 1, name: 'Crear asignación' }).waitFor();
    await page.getByRole('textbox', { name: 'Nombre del módulo' }).fill(moduleName);
    const picker = page.getByRole('region', { name: 'Agregar problemas' });
    await picker.getByRole('radio', { name: 'Competencias' }).check();
    await chooseSkill(picker);

    await picker.getByRole('tab', { name: 'Problemas', selected: true }).waitFor();
    await picker.getByRole('button', { name: `Agregar ${title}` }).click();
    const selected = page.getByRole('list', { name: /^Problemas del módulo/ });
    await selected.getByRole('listitem').filter({ hasText: title }).waitFor();

    await picker.getByRole('tab', { name: 'Problemas' }).focus();
    await page.keyboard.press('ArrowRight');
    await picker.getByRole('tab', { name: 'Talleres', selected: true }).waitFor();
    await picker.getByRole('button', { name: `Añadir sus problemas ${CATALOG_MODULE}` }).click();
    await expect.poll(() => selected.getByRole('listitem').count()).toBe(3);
    await checkPage(page, 'competences-builder-talleres');

    await page.getByRole('button', { name: 'Guardar' }).click();
    const saved = page.getByRole('dialog', { name: '¡Genial!' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'Aceptar' }).click();
    await expect.poll(() => new URL(page.url()).search).toMatch(/^\?module=\d+$/);
    moduleUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  });

  it('assigns the module to the skill and sees the assignment when it reopens the module', async () => {
    const { page } = creator;
    const assignment = page.getByRole('region', { name: 'Asignar a un estándar o competencia' });
    await assignment.getByText('El módulo aún no está asignado a ningún estándar ni competencia.').waitFor();
    await assignment.getByRole('button', { name: `Asignar a la competencia elegida ${SKILL}` }).click();
    const assigned = assignment.getByRole('list', { name: 'Asignaciones del módulo' });
    await assigned.getByRole('button', { name: `Quitar ${SKILL}` }).waitFor();
    await assignment.getByText('Asignación guardada.').waitFor();

    await page.goto(moduleUrl);
    await page.getByRole('textbox', { name: 'Nombre del módulo' }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Nombre del módulo' }).inputValue())
      .toBe(moduleName);
    const reopened = page.getByRole('region', { name: 'Asignar a un estándar o competencia' });
    await reopened
      .getByRole('list', { name: 'Asignaciones del módulo' })
      .getByRole('button', { name: `Quitar ${SKILL}` })
      .waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: /^Problemas del módulo/ })
          .getByRole('listitem')
          .count(),
      )
      .toBe(3);
    await page
      .getByRole('list', { name: /^Problemas del módulo/ })
      .getByRole('listitem')
      .filter({ hasText: title })
      .waitFor();
    await checkPage(page, 'competences-builder-assigned');
  });

  it('fits a 360 px phone: the tool’s skills and the builder’s Competencias search', async () => {
    const { context, page } = await newPage({ width: 360, height: 800 });
    try {
      await logIn(page, 'creator@demo.kib', PASSWORD);
      await page.waitForURL('**/creator/problems**');
      await page.goto(moduleUrl);
      const picker = page.getByRole('region', { name: 'Agregar problemas' });
      await picker.getByRole('radio', { name: 'Competencias' }).check();
      await chooseSkill(picker);
      await picker.getByRole('button', { name: `Agregar ${title}` }).waitFor();
      expect(await overflows(page)).toBe(false);
      await checkPage(page, 'competences-builder-360');

      await page.goto('/creator/tool');
      const skills = page.getByRole('region', { name: 'Competencias del problema' });
      await chooseSkill(skills);
      await skills.getByRole('button', { name: 'Añadir competencia' }).click();
      const remove = skills.getByRole('button', { name: `Quitar la competencia ${SKILL}` });
      await remove.waitFor();
      expect(await overflows(page)).toBe(false);
      await checkPage(page, 'competences-tool-360');
      await remove.click();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Añadir competencia');
    } finally {
      await context.close();
    }
  });
});

describe('the browser console', () => {
  it('logged nothing', () => {
    expect(errors.join('\n')).toBe('');
  });
});
