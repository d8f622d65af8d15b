import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { LTI_MODULE, LTI_STUDENT } from './lti-fixture';

/**
 * Opens `path` in `language` with a code the server refuses as spent, and expects its refusal in
 * English: 'Invalid token.' and what to do.
 */
async function openSpentCode(path: string, language: 'es' | 'en') {
  const opened = await renderSite(path, {
    language,
    routes: {
      'POST lti/session/': { status: 401, body: { code: 'lti-code-invalid', detail: 'Invalid token.' } },
    },
  });
  const alert = opened.screen.getByRole('alert');
  await expect.element(alert).toHaveTextContent('Invalid token.');
  await expect.element(alert).toHaveTextContent('Open the activity again from your course.');
  return opened;
}

describe('MoodleLoginPage', () => {
  it('exchanges the code once, drops it from the address and opens the activity with the session', async () => {
    const { screen, router, calls } = await renderSite('/moodlelogin?code=one-time-code', {
      routes: {
        'POST lti/session/': { body: { access: 'lti-access', next: '/moodlestudent?module=5' } },
        'GET auth/users/me/': { body: LTI_STUDENT },
        'GET lti/modules/5/': { body: LTI_MODULE },
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    expect(router.state.location.pathname + router.state.location.search).toBe('/moodlestudent?module=5');
    expect(calls.filter((c) => c.path === 'lti/session/')).toEqual([
      expect.objectContaining({ method: 'POST', body: { code: 'one-time-code' } }),
    ]);
    // No history entry keeps the code: the login page replaced its own address.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.some((c) => c.path === 'auth/jwt/refresh/')).toBe(false);
    expect(await axeViolations()).toEqual([]);
  });

  it('speaks the LMS language kept on the user, exchanging the code once and writing no cookie', async () => {
    document.cookie = 'kib_lang=; path=/; max-age=0';
    // Like the server: a code opens a session once; asked again, it is spent.
    let spent = false;
    const { screen, calls } = await renderSite('/moodlelogin?code=english-course', {
      language: 'es',
      routes: {
        'POST lti/session/': () => {
          if (spent) return { status: 401, body: { code: 'lti-code-invalid', detail: 'Token inválido.' } };
          spent = true;
          return { body: { access: 'lti-access', next: '/moodlestudent?module=5' } };
        },
        'GET auth/users/me/': { body: { ...LTI_STUDENT, language: 'en' } },
        'GET lti/modules/5/': { body: LTI_MODULE },
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    await expect.poll(() => document.documentElement.lang).toBe('en');
    await expect.element(screen.getByRole('heading', { level: 2, name: 'Problems' })).toBeVisible();
    expect(calls.filter((c) => c.path === 'lti/session/')).toHaveLength(1);
    expect(screen.container.textContent).not.toContain('Invalid token.');
    // An LMS frame on another site would drop the cookie: the language is applied without one.
    expect(document.cookie).not.toContain('kib_lang');
  });

  it("says 'Invalid token.' when the code is spent or expired, in English", async () => {
    const { router } = await openSpentCode('/moodlelogin?code=spent', 'en');
    expect(router.state.location.search).toBe('');
    expect(await axeViolations()).toEqual([]);
  });

  it("speaks the launch's language from the first paint, its errors included", async () => {
    const { router } = await openSpentCode('/moodlelogin?code=spent&lang=en', 'es');
    expect(document.documentElement.lang).toBe('en');
    expect(router.state.location.search).toBe('');
    expect(document.cookie).not.toContain('kib_lang');
  });

  it("says 'No access token provided.' without a code, and asks the server nothing", async () => {
    const { screen, calls } = await renderSite('/moodlelogin', { language: 'en' });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('No access token provided.');
    expect(calls.some((c) => c.path === 'lti/session/')).toBe(false);
  });

  it('answers in Spanish by default and fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/moodlelogin?code=x', {
      routes: {
        'POST lti/session/': { status: 401, body: { code: 'lti-code-invalid', detail: 'Token inválido.' } },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Token inválido.');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    await page.viewport(1024, 768);
  });

  it("says 'server dead :(' when the server does not answer", async () => {
    const { screen } = await renderSite('/moodlelogin?code=unanswered', {
      language: 'en',
      routes: { 'POST lti/session/': { status: 0 } },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('server dead :(');
  });
});
