import { describe, expect, it, vi } from 'vitest';
import { reloadHome } from '../pages/account/reload-home';
import { TEACHER } from '../pages/teacher/teacher-fixture';
import { SCHOOL_ADMIN, schoolAdminServer } from '../pages/school-admin/school-admin-fixture';
import { axeViolations, renderSite, STUDENT } from '../test/render-site';

// A real reload would navigate the test frame away; the logout page's call to it is what matters.
vi.mock('../pages/account/reload-home', () => ({ reloadHome: vi.fn() }));

describe('routes', () => {
  it('shows "No route" and a way home for an unknown path', async () => {
    const { screen } = await renderSite('/no/such/page');
    await expect.element(screen.getByRole('heading', { level: 1, name: /No route/ })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Ir al inicio' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('sends a logged-out reader of a private page to /login, remembering the page', async () => {
    const { router } = await renderSite('/student/modules');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: '/student/modules' });
  });

  it("shows 'loading...' while the first refresh runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { screen } = await renderSite('/student', {
      user: STUDENT,
      routes: {
        'POST auth/jwt/refresh/': async () => {
          await gate;
          return { status: 401, body: {} };
        },
      },
    });
    await expect.element(screen.getByText('cargando...')).toBeVisible();
    release();
  });

  it('does not ask to restore a session the server never started (no 401 in the console)', async () => {
    const { router, calls } = await renderSite('/student');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(calls.filter((c) => c.path === 'auth/jwt/refresh/')).toEqual([]);
  });

  it('lets a logged-in reader into the private page', async () => {
    const { router, calls } = await renderSite('/student/modules', { user: STUDENT });
    await expect.poll(() => calls.some((c) => c.path === 'auth/users/me/')).toBe(true);
    await expect.poll(() => router.state.location.pathname).toBe('/student/modules');
  });

  it('leads the older /schoolAdmin addresses to the same page of /schooladmin, with their query', async () => {
    const { routes } = schoolAdminServer();
    const { router, screen } = await renderSite('/schoolAdmin/classrooms?teacher=5', {
      user: SCHOOL_ADMIN,
      routes,
    });
    await expect.poll(() => router.state.location.pathname).toBe('/schooladmin/classrooms');
    expect(router.state.location.search).toBe('?teacher=5');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Salones' })).toBeVisible();
  });

  it('leads /schoolAdmin to the school admin’s home', async () => {
    const { router } = await renderSite('/schoolAdmin', {
      user: SCHOOL_ADMIN,
      routes: schoolAdminServer().routes,
    });
    await expect.poll(() => router.state.location.pathname).toBe('/schooladmin');
  });

  it('leads creators to their area, the problem table', async () => {
    const { screen } = await renderSite('/creator', {
      user: { ...STUDENT, groups: ['Creators'] },
      routes: {
        'GET creator/problems/': { body: { problems: [], total: 0, page: 1, pageSize: 25 } },
        'GET courses/': { body: { courses: [], coursesTopics: [] } },
      },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Problemas' })).toBeVisible();
  });
  it.each([
    ['/teacherview/creationTool', '/creator/tool'],
    ['/teacherview', '/creator/problems'],
  ])('leads %s of the Teachers’ menu (spec 01 §2) to %s', async (from, to) => {
    const { router } = await renderSite(from, {
      user: TEACHER,
      routes: {
        'GET creator/problems/': { body: { problems: [], total: 0, page: 1, pageSize: 25 } },
        'GET courses/': { body: { courses: [], coursesTopics: [] } },
      },
    });
    await expect.poll(() => router.state.location.pathname).toBe(to);
  });

  it('logs out from the creator menu’s /creator/logout', async () => {
    const { router, calls } = await renderSite('/creator/logout', { user: TEACHER });
    await expect.poll(() => router.state.location.pathname).toBe('/logout');
    await expect.poll(() => vi.mocked(reloadHome).mock.calls.length).toBe(1);
    expect(calls.filter((c) => c.method === 'POST' && c.path === 'auth/jwt/logout/')).toHaveLength(1);
  });
});
