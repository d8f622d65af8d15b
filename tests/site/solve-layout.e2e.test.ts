import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/accounts.ts';
import { openPage, overflows, shotAndAxe } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { openSeededLinearEquation } from '../support/student-pages.ts';

const STUDENT = 'student@demo.kib';
const PASSWORD = 'demo1234';

let server: KibServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  ({ server, browser } = await startSiteSuite());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The solver's measured layout and the boxes of its statement and consoles columns. */
function layout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      layout: document.querySelector('.kib-solver__page')?.getAttribute('data-layout') ?? null,
      statement: box('.kib-solver__statement'),
      consoles: box('.kib-solver__work'),
    };
  });
}

describe('the problem page layout', () => {
  it('puts the statement beside the consoles on a 1440 px window and stacks them on a 360 px one', async () => {
    const { page, context } = await openPage(browser, server.url, errors, { width: 1440, height: 900 });
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    await openSeededLinearEquation(page);
    await page.locator('math-field').last().waitFor();

    await expect.poll(async () => (await layout(page)).layout).toBe('columns');
    const wide = await layout(page);
    expect(wide.statement.right).toBeLessThanOrEqual(wide.consoles.left);
    expect(Math.abs(wide.statement.top - wide.consoles.top)).toBeLessThanOrEqual(20);
    expect(await shotAndAxe(page, 'solve-wide')).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(async () => (await layout(page)).layout).toBe('stacked');
    const narrow = await layout(page);
    expect(narrow.consoles.top).toBeGreaterThanOrEqual(narrow.statement.bottom);
    expect(narrow.consoles.top - narrow.statement.top).toBeGreaterThan(20);
    expect(await overflows(page)).toBe(false);
    expect(await shotAndAxe(page, 'solve-stacked')).toEqual([]);
    await context.close();
  });

  it('keeps the wrong-answer feedback in front of a mouse user until the answer changes', async () => {
    const { page, context } = await openPage(browser, server.url, errors, { width: 1280, height: 900 });
    await logIn(page, STUDENT, PASSWORD);
    await page.waitForURL('**/student');
    await page.getByRole('link', { name: 'Practicar' }).first().click();
    await page.getByLabel(/curso/i).selectOption({ label: 'Trigonometría' });
    await page.getByRole('button', { name: 'Funciones trigonométricas' }).click();
    await page.getByRole('button', { name: 'Ecuaciones trigonométricas' }).click();
    await page.getByRole('link', { name: /Ecuaciones trigonométricas/ }).click();
    await page.getByRole('tab', { name: 'Pregunta 2' }).click();
    const choices = page.getByRole('radio');
    await choices.first().waitFor();
    // A wrong choice (√3/2 for sin 30°) and the check, both with the mouse.
    await choices.nth(1).click();
    const check = page.getByRole('button', { name: 'Comprobar respuesta' });
    const before = await check.boundingBox();
    await check.click();
    const badge = page.getByText('Elegiste una opción que no es correcta', { exact: false });
    await badge.waitFor();
    expect((await check.boundingBox())?.y).toBe(before?.y);
    // The mouse wanders over the console for two seconds: the feedback stays.
    const consoleBox = (await page.locator('.kib-choice-console').boundingBox())!;
    for (let i = 0; i < 8; i++) {
      await page.mouse.move(consoleBox.x + 10 + i * 20, consoleBox.y + 10 + i * 12);
      await page.waitForTimeout(250);
      expect(await badge.isVisible()).toBe(true);
    }
    // Another choice is another answer: the feedback on the old one goes.
    await choices.nth(2).click();
    await badge.waitFor({ state: 'detached' });
    await context.close();
  });

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n')).toBe('');
  });
});
