import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { LTI_MODULE, LTI_STUDENT } from './lti-fixture';

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

  it('speaks the LMS language kept on the user, whatever the page started in', async () => {
    const { screen } = await renderSite('/moodlelogin?code=english-course', {
      language: 'es',
      routes: {
        'POST lti/session/': { body: { access: 'lti-access', next: '/moodlestudent?module=5' } },
        'GET auth/users/me/': { body: { ...LTI_STUDENT, language: 'en' } },
        'GET lti/modules/5/': { body: LTI_MODULE },
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Taller de álgebra' })).toBeVisible();
    await expect.poll(() => document.documentElement.lang).toBe('en');
  });

  it("says 'Invalid token.' when the code is spent or expired, in English", async () => {
    const { screen, router } = await renderSite('/moodlelogin?code=spent', {
      language: 'en',
      routes: {
        'POST lti/session/': { status: 401, body: { code: 'lti-code-invalid', detail: 'Invalid token.' } },
      },
    });
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Invalid token.');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Open the activity again from your course.');
    expect(router.state.location.search).toBe('');
    expect(await axeViolations()).toEqual([]);
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
