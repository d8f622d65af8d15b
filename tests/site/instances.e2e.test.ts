import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, Lti13Repository, Lti13Peer } from '@kib/tool-provider/testing';
import { openPage } from '../support/browser.ts';
import { startSiteSuite, type KibServer } from '../support/kib-server.ts';
import { fieldValue, focusField } from '../support/math-field.ts';
import { openSeededLinearEquation } from '../support/student-pages.ts';

/*
 * Two `npm start` instances on one PostgreSQL behind a round-robin balancer. The balancer pins the
 * requests that matter on one instance or the other, and every answer names its instance in
 * X-Kib-Instance, so each journey proves that what one instance started the other one finished: a session opened on one answers on the other, and an
 * LTI 1.3 login's state kept by one is accepted at the launch by the other.
 */

let server: KibServer;
let browser: Browser;
const errors: string[] = [];
/** Every answer of 400 or more a page got, to tell what a console's "Failed to load resource" was. */
const failed: string[] = [];

/** Which instance answered each request whose path starts with one of `paths`, in order. */
function answeredBy(page: Page, paths: readonly string[]): { path: string; instance: string }[] {
  const seen: { path: string; instance: string }[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    const { pathname } = new URL(response.url());
    const path = paths.find((p) => pathname.startsWith(p));
    if (path && response.request().method() === 'POST')
      seen.push({ path, instance: response.headers()['x-kib-instance'] ?? '' });
  });
  return seen;
}

/** Sends requests whose path starts with a key to that instance (by index); the rest round-robin. */
function pin(routes: Record<string, number>) {
  server.balancer!.route = (req) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const found = Object.entries(routes).find(([path]) => pathname.startsWith(path));
    return found?.[1];
  };
}

describe.skipIf(!process.env.DATABASE_URL)('several instances behind a balancer', () => {
  beforeAll(async () => {
    ({ server, browser } = await startSiteSuite({ instances: 2 }));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs two instances, each naming itself, and the balancer alternates between them', async () => {
    expect(server.instances.map((i) => i.name)).toEqual(['a', 'b']);
    server.balancer!.route = () => undefined;
    const names = [];
    for (let i = 0; i < 4; i++)
      names.push((await fetch(`${server.url}/api/health/ready`)).headers.get('x-kib-instance'));
    expect(new Set(names)).toEqual(new Set(['a', 'b']));
  });

  it('logs a student in on one instance, answers on the other, and keeps the session across a reload there', async () => {
    const { page, context } = await openPage(browser, server.url, errors);
    pin({ '/api/auth/jwt/create/': 0, '/api/proof/': 1, '/api/auth/jwt/refresh/': 1 });
    const seen = answeredBy(page, ['/api/auth/jwt/create/', '/api/proof/', '/api/auth/jwt/refresh/']);

    await page.goto('/login');
    await page.getByLabel(/correo/i).fill('student@demo.kib');
    await page.getByLabel(/contraseña/i).fill('demo1234');
    await page.getByRole('button', { name: /iniciar sesión|entrar/i }).click();
    await page.waitForURL('**/student');
    // A reload opens the session again from the refresh cookie the other instance set.
    await page.reload();
    await openSeededLinearEquation(page);
    const field = page.locator('math-field').last();
    await focusField(field);
    await page.keyboard.type('x=2', { delay: 30 });
    await expect.poll(() => fieldValue(field)).toBe('x=2');
    await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await page.getByRole('dialog').waitFor({ timeout: 30_000 });

    expect(seen.find((s) => s.path === '/api/auth/jwt/create/')).toEqual({
      path: '/api/auth/jwt/create/',
      instance: 'a',
    });
    expect(seen.filter((s) => s.path !== '/api/auth/jwt/create/').map((s) => s.instance)).not.toContain('a');
    expect(seen.some((s) => s.path === '/api/auth/jwt/refresh/')).toBe(true);
    expect(seen.some((s) => s.path === '/api/proof/' && s.instance === 'b')).toBe(true);
    await context.close();
  });

  it('takes an LTI 1.3 login on one instance and its launch on the other to the solver', async () => {
    const peer = new Lti13Peer();
    await peer.start(server.url);
    const sequelize = connect(server.databaseUrl!, 'postgresql');
    let platform: Server | undefined;
    try {
      // The platform: a course page whose form starts the login, and the OIDC authorisation, which
      // answers a form that posts the signed id_token to Kib's launch.
      const launch = `${server.url}/lti/1.3/launch`;
      platform = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const html = (body: string) =>
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
        if (url.pathname === '/course') {
          const fields = {
            iss: peer.issuer,
            login_hint: 'balanced-hint',
            target_link_uri: launch,
            lti_message_hint: 'cmid-9',
            client_id: peer.clientId,
            lti_deployment_id: peer.deploymentId,
          };
          return html(
            `<!doctype html><html lang="en"><title>Course</title><form method="post" action="${server.url}/lti/1.3/login">` +
              Object.entries(fields)
                .map(([n, v]) => `<input type="hidden" name="${n}" value="${v}">`)
                .join('') +
              `<button>Open Kib</button></form></html>`,
          );
        }
        // The browser asks the platform for its icon; it has none.
        if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
        if (url.pathname === '/auth')
          return void peer
            .authorize(`${peer.issuer}/auth${url.search}`, {
              redirectUri: launch,
              loginHint: 'balanced-hint',
              messageHint: 'cmid-9',
            })
            .then(
              (answer) =>
                html(
                  `<!doctype html><title>Authorising</title><form method="post" action="${answer.action}">` +
                    `<input type="hidden" name="id_token" value="${answer.id_token}">` +
                    `<input type="hidden" name="state" value="${answer.state}"></form>` +
                    `<script>document.forms[0].submit()</script>`,
                ),
              (err: Error) => res.writeHead(400).end(err.message),
            );
        res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => platform!.listen(0, '127.0.0.1', resolve));
      const platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
      const repo = new Lti13Repository(sequelize);
      const id = await repo.addPlatform({
        issuer: peer.issuer,
        clientId: peer.clientId,
        name: 'Balanced Moodle',
        // Its authorisation is this test's page, which signs with the peer's keys.
        authLoginUrl: `${platformUrl}/auth?tenant=1`,
        authTokenUrl: peer.endpoints.authTokenUrl,
        jwksUrl: peer.endpoints.jwksUrl,
        allowedOrigins: [peer.origin],
      });
      await repo.addDeployment(id!, peer.deploymentId);

      const { page, context } = await openPage(browser, server.url, errors);
      pin({ '/lti/1.3/login': 0, '/lti/1.3/launch': 1 });
      const seen = answeredBy(page, ['/lti/1.3/login', '/lti/1.3/launch']);

      await page.goto(`${platformUrl}/course`);
      await page.getByRole('button', { name: 'Open Kib' }).click();
      await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/moodlestudent\?module=\d+$/);
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      expect(seen).toEqual([
        { path: '/lti/1.3/login', instance: 'a' },
        { path: '/lti/1.3/launch', instance: 'b' },
      ]);
      await context.close();
    } finally {
      await sequelize.close();
      await peer.close();
      if (platform) {
        platform.closeAllConnections();
        await new Promise<void>((resolve) => platform!.close(() => resolve()));
      }
    }
  });

  it('logged nothing to the browser console', () => {
    expect(errors.join('\n'), failed.join('\n')).toBe('');
  });
});
