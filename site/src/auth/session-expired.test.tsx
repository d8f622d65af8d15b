import type { CurrentUser } from '@kib/api-client';
import { ProblemSchema, toPublicProblem } from '@kib/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import sample from '@kib/widgets/sample-problem.json' with { type: 'json' };
import { createSiteApi } from '../app/api';
import { createQueryClient, SiteProviders } from '../app/providers';
import { ROUTES } from '../app/routes';
import { reloadHome } from '../pages/account/reload-home';
import { LTI_MODULE, LTI_STUDENT } from '../pages/lti/lti-fixture';
import { axeViolations, renderSite, STUDENT, stubApi } from '../test/render-site';
import '../app/site.css';

// A real reload would navigate the test frame away; the logout page's call to it is what matters.
vi.mock('../pages/account/reload-home', () => ({ reloadHome: vi.fn() }));

const PUBLIC_PROBLEM = toPublicProblem(ProblemSchema.parse(sample));
const SOLVE = '/student/solve?problem=9001';
const EXPIRED = 'Tu sesión expiró. ¡Recarga la ventana!';

const RIGHT = {
  body: {
    correctAns: true,
    numeralCompleted: true,
    recorded: true,
    stat: { numeralId: 92 },
    fromBack: true,
    result: { correct: true },
  },
};
const REFUSED = { status: 401, body: { code: 'token-invalid', detail: 'Token inválido' } };

/**
 * The server's side of a session that can end meanwhile (a logout in another tab): the refresh
 * cookie works while `alive`, each refresh or login issues an access token of `user`, and ending the
 * session refuses every token issued so far, as an expired access token would be refused.
 */
class Session {
  alive = true;
  user: CurrentUser = STUDENT;
  private readonly tokens = new Map<string, CurrentUser>();
  private issued = 0;
  /** The Authorization header of each call, by path, in order. */
  readonly sent: { path: string; authorization: string | null }[] = [];

  issue(): string {
    const token = `token-${++this.issued}`;
    this.tokens.set(token, this.user);
    return token;
  }

  end(): void {
    this.alive = false;
    this.tokens.clear();
  }

  /** Whose token the last call carried, if it is still valid. */
  holder(): CurrentUser | undefined {
    const last = this.sent.at(-1)?.authorization ?? '';
    return this.tokens.get(last.replace(/^Bearer /, ''));
  }
}

/** Renders the site at `path`, logged in, against a stub API whose session is `session`. */
async function renderWithSession(session: Session, path: string, language: 'es' | 'en' = 'es') {
  const api = stubApi({
    'POST auth/jwt/create/': () => {
      session.alive = true;
      return { body: { access: session.issue() } };
    },
    'POST auth/jwt/refresh/': () => {
      if (session.alive) return { body: { access: session.issue() } };
      // The server clears its session cookies when it refuses a refresh.
      document.cookie = 'kib_session=; path=/; max-age=0';
      return { status: 401, body: { code: 'refresh-invalid', detail: 'Sesión terminada' } };
    },
    'GET auth/users/me/': () => {
      const user = session.holder();
      return user ? { body: user } : REFUSED;
    },
    'GET problems/9001/': { body: PUBLIC_PROBLEM },
    'POST getstudentproblemsolutiondata/': { body: { data: [] } },
    'POST proof/': () => (session.holder()?.id === STUDENT.id ? RIGHT : REFUSED),
  });
  const recording: typeof fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input.toString() : input.url;
    const headers = new Headers(init?.headers);
    session.sent.push({
      path: new URL(url, location.href).pathname.replace(/^\/api\//, ''),
      authorization: headers.get('authorization'),
    });
    return api.fetch(input, init);
  };
  document.cookie = 'kib_session=1; path=/';
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const screen = await render(
    <SiteProviders
      api={createSiteApi({ fetch: recording })}
      language={language}
      queryClient={createQueryClient()}
    >
      <RouterProvider router={router} />
    </SiteProviders>,
  );
  return { screen, router, calls: api.calls };
}

/** Says something on the channel where Kib's tabs tell each other about logins, as another tab would. */
function announce(message: string): void {
  const channel = new BroadcastChannel('kib-session');
  channel.postMessage(message);
  channel.close();
}

/** Opens the solve page logged in, and chooses the answer of question 2 (the student's work). */
async function solving(session: Session, language: 'es' | 'en' = 'es') {
  const site = await renderWithSession(session, SOLVE, language);
  await site.screen.getByRole('tab', { name: language === 'en' ? 'Question 2' : 'Pregunta 2' }).click();
  await site.screen.getByRole('radio', { name: /3/ }).first().click();
  return site;
}

/** The session ends elsewhere, then the student checks the answer: the refresh is refused. */
async function expireAndCheck(
  { screen }: Awaited<ReturnType<typeof solving>>,
  session: Session,
  check = 'Comprobar respuesta',
) {
  session.end();
  await screen.getByRole('button', { name: check }).click();
}

afterEach(() => {
  window.mathVirtualKeyboard?.hide();
  document.cookie = 'kib_session=; path=/; max-age=0';
});

describe('a session that expires mid-session', () => {
  it('tells the student where they are, keeping the page and the chosen answer', async () => {
    const session = new Session();
    const site = await solving(session);
    const { screen, router, calls } = site;
    await expireAndCheck(site, session);

    const notice = screen.getByRole('alert').filter({ hasText: EXPIRED });
    await expect.element(notice).toBeVisible();
    await expect.element(notice).toHaveTextContent('Lo que escribiste sigue en esta página');
    await expect.element(notice.getByRole('button', { name: 'Recargar la ventana' })).toBeVisible();
    const logIn = notice.getByRole('link', { name: 'Iniciar sesión en otra pestaña' });
    await expect.element(logIn).toHaveAttribute('href', '/login');
    await expect.element(logIn).toHaveAttribute('target', '_blank');
    // Nothing was taken away: same page, same problem, the answer still chosen, the check offered again.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(SOLVE);
    await expect.element(screen.getByRole('radio', { name: /3/ }).first()).toBeChecked();
    await expect.element(screen.getByRole('button', { name: 'Comprobar respuesta' })).toBeEnabled();
    await expect
      .element(screen.getByRole('alert').filter({ hasText: 'No pudimos comprobar tu respuesta' }))
      .toBeVisible();
    // The refresh was tried once, and the answer was not sent again without a session.
    expect(calls.filter((c) => c.path === 'proof/')).toHaveLength(1);
    expect(document.activeElement?.closest('.session-expired')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('says it in English, and can be closed to see what it covers', async () => {
    const session = new Session();
    const site = await solving(session, 'en');
    await expireAndCheck(site, session, 'Check answer');
    const notice = site.screen.getByRole('alert').filter({
      hasText: 'Your session expired. Please reload the window!',
    });
    await expect.element(notice).toBeVisible();
    await expect.element(notice.getByRole('link', { name: 'Log in in another tab' })).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect.element(notice).not.toBeInTheDocument();
    await expect.element(site.screen.getByRole('radio', { name: /3/ }).first()).toBeChecked();
  });

  it('sends the student to log in when they move on to another page, and back there after it', async () => {
    const session = new Session();
    const site = await solving(session);
    const { screen, router } = site;
    await expireAndCheck(site, session);
    await expect.element(screen.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();

    await screen.getByRole('link', { name: 'Volver a los problemas' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await expect.element(screen.getByRole('status').getByText(EXPIRED)).toBeVisible();
    // The page's own notice says it now: the alert over the page is gone with the session.
    expect(screen.getByRole('alert').filter({ hasText: EXPIRED }).query()).toBeNull();

    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel('kib-session');
    otherTab.onmessage = (event) => heard.push(event.data);
    await screen.getByLabelText('Correo electrónico').fill('ana@example.com');
    await screen.getByLabelText('Contraseña').fill('secreto-123');
    await screen.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/student/practice');
    expect(screen.getByText(EXPIRED).query()).toBeNull();
    // The login tells the other tabs, so one whose session expired can carry on.
    await expect.poll(() => heard).toEqual(['login']);
    otherTab.close();
  });

  it('sends the student to log in when they come back to a private page from a public one', async () => {
    const session = new Session();
    const site = await solving(session);
    const { screen, router } = site;
    await expireAndCheck(site, session);
    await router.navigate('/');
    await expect.element(screen.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();
    await router.navigate('/student/classrooms');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await expect.element(screen.getByRole('status').getByText(EXPIRED)).toBeVisible();
    expect(router.state.location.state).toMatchObject({ from: '/student/classrooms', expired: true });
  });

  it.each([
    ['as soon as the other tab says somebody logged in', () => announce('login')],
    ['when this tab is shown again', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('carries on after the student logged in again in another tab: %s', async (_, signal) => {
    const session = new Session();
    const site = await solving(session);
    const { screen, calls } = site;
    await expireAndCheck(site, session);
    await expect.element(screen.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();

    // The other tab's login leaves the session cookies in the browser.
    session.alive = true;
    document.cookie = 'kib_session=1; path=/';
    // Signalled until heard: the page listens once it has rendered the expired session.
    await expect
      .poll(() => {
        signal();
        return screen.getByText(EXPIRED).query();
      })
      .toBeNull();

    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => calls.filter((c) => c.path === 'proof/').length).toBe(2);
    await expect.element(screen.getByRole('tab', { name: /Pregunta 2.*resuelta/ })).toBeInTheDocument();
  });

  it("never carries on with somebody else's session", async () => {
    const session = new Session();
    const site = await solving(session);
    const { screen } = site;
    await expireAndCheck(site, session);
    await expect.element(screen.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();

    // Somebody else logged in in another tab of this browser.
    session.user = { ...STUDENT, id: 8, email: 'beto@example.com', firstName: 'Beto' };
    session.alive = true;
    document.cookie = 'kib_session=1; path=/';
    const from = session.sent.length;
    await expect
      .poll(() => {
        window.dispatchEvent(new Event('focus'));
        return session.sent.slice(from).some((c) => c.path === 'auth/users/me/');
      })
      .toBe(true);
    await expect.element(screen.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();

    // A check now goes out without a token: the other person's session is not used for it.
    const checks = () => session.sent.filter((c) => c.path === 'proof/');
    const before = checks().length;
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();
    await expect.poll(() => checks().length).toBe(before + 1);
    expect(checks().at(-1)?.authorization).toBeNull();
    await expect
      .element(screen.getByRole('alert').filter({ hasText: 'No pudimos comprobar tu respuesta' }))
      .toBeVisible();
    await expect.element(screen.getByRole('tab', { name: /Pregunta 2.*resuelta/ })).not.toBeInTheDocument();
  });

  it('in an LMS frame offers only to reload: there is no Kib login to go back to', async () => {
    const { screen, router } = await renderSite('/moodlelogin?code=one-time-code', {
      routes: {
        'POST lti/session/': { body: { access: 'lti-access', next: '/moodlestudent?module=5&problem=9001' } },
        'GET auth/users/me/': { body: LTI_STUDENT },
        'GET lti/modules/5/': { body: LTI_MODULE },
        'GET problems/9001/': { body: PUBLIC_PROBLEM },
        'POST getstudentproblemsolutiondata/': { body: { data: [] } },
        'POST proof/': REFUSED,
      },
    });
    await screen.getByRole('tab', { name: 'Pregunta 2' }).click();
    await screen.getByRole('radio', { name: /3/ }).first().click();
    await screen.getByRole('button', { name: 'Comprobar respuesta' }).click();

    const notice = screen.getByRole('alert').filter({ hasText: EXPIRED });
    await expect
      .element(notice)
      .toHaveTextContent('Lo que escribiste sigue en esta página hasta que la recargues.');
    await expect.element(notice.getByRole('button', { name: 'Recargar la ventana' })).toBeVisible();
    expect(notice.getByRole('link').query()).toBeNull();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/moodlestudent?module=5&problem=9001',
    );
    await expect.element(screen.getByRole('radio', { name: /3/ }).first()).toBeChecked();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    try {
      const session = new Session();
      const site = await solving(session);
      await expireAndCheck(site, session);
      const notice = site.screen.getByRole('alert').filter({ hasText: EXPIRED });
      await expect.element(notice).toBeVisible();
      const box = notice.element().getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    } finally {
      await page.viewport(1024, 768);
    }
  });
});

describe('a session that is not there', () => {
  it('at start-up means logged out: the login page, without the expired message', async () => {
    const { screen, router, calls } = await renderSite(SOLVE, {
      user: STUDENT,
      routes: {
        'POST auth/jwt/refresh/': { status: 401, body: { code: 'refresh-invalid', detail: 'No' } },
      },
    });
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    expect(screen.getByText(EXPIRED).query()).toBeNull();
    expect(calls.some((c) => c.path === 'problems/9001/')).toBe(false);
  });

  it('after logging out is not an expired one', async () => {
    const { screen, calls } = await renderSite('/logout', { user: STUDENT });
    await expect.poll(() => vi.mocked(reloadHome).mock.calls.length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === 'auth/jwt/logout/')).toBe(true);
    expect(screen.getByText(EXPIRED).query()).toBeNull();
  });
});
