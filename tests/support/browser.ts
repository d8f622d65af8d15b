import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { CHROMIUM_LAUNCH } from './chromium.ts';

/** Debian's Chromium, headless, through playwright (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** Collects the console errors and page errors of a page, to assert there are none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Where end-to-end tests save their screenshots (test artifacts). */
export const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * A new browser context (its own cookies) on `baseURL` with a page whose console errors are added
 * to `errors` when the page or its context closes.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  errors: string[],
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  const pageErrors = collectErrors(page);
  let reported = false;
  const report = () => {
    if (!reported) errors.push(...pageErrors);
    reported = true;
  };
  page.on('close', report);
  context.on('close', report);
  return { context, page };
}

/** Saves a full-page screenshot as a test artifact and answers axe's violations on the page. */
export async function shotAndAxe(page: Page, name: string): Promise<string[]> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
  // Evaluated through the DevTools protocol: the site's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: Document,
            o: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Texts on the page that look like translation keys of these namespaces (`student.module-done`): a
 * label someone forgot to translate.
 */
export function untranslated(page: Page, namespaces: readonly string[]): Promise<string[]> {
  return page.evaluate(
    (names) =>
      [
        ...document.body.innerText.matchAll(
          new RegExp(`\\b(?:${names.join('|')})\\.[a-z][a-z0-9-]+\\b`, 'g'),
        ),
      ].map((m) => m[0]),
    [...namespaces],
  );
}

/** True when the page is wider than its viewport (something overflows sideways). */
export function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
