import { describe, expect, it } from 'vitest';
import { SCHOOL_ADMIN, schoolAdminServer } from '../pages/school-admin/school-admin-fixture';
import { axeViolations, renderSite, STUDENT } from '../test/render-site';

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
});
