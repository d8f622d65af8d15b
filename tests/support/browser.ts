import { chromium, type Browser, type Page } from 'playwright';
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
