import { simpleParser } from 'mailparser';
import type { Page } from 'playwright';
import { expect } from 'vitest';
import type { KibServer } from './kib-server.ts';

/** Logs in through the login page (in Spanish, the default language). */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/correo/i).fill(email);
  await page.getByLabel(/contraseña/i).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * The path of the activation link (`/activate/{uid}/{token}`) of the newest mail to `email` in the
 * server's outbox, waiting for the mail to arrive.
 */
export async function activationPath(server: KibServer, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      for (const raw of await server.outbox()) {
        const mail = await simpleParser(raw);
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        if (to?.text.includes(email))
          link = /https?:\/\/\S+\/activate\/\S+/.exec(mail.text ?? '')?.[0] ?? link;
      }
      return link;
    })
    .toMatch(/\/activate\//);
  return new URL(link).pathname;
}
