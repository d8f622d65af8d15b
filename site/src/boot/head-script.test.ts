import { ApiClient } from '@kib/api-client';
import { describe, expect, it } from 'vitest';
import { bootFetch, BOOT_ANSWER_LIFETIME_MS } from './boot-fetch';
import { BOOT_GLOBAL, type BootState } from './boot-plan';
import { startBoot } from './head-script';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * A page's window as the head script and the app see it: its address and cookies, a clock, and a
 * network that records each request and answers from `routes` ("METHOD /api/path").
 */
function page(
  address: string,
  cookie: string,
  routes: Record<string, (headers: Record<string, string>) => Response | Promise<Response>>,
) {
  const sent: Sent[] = [];
  let now = 0;
  // The API client addresses the test page's own origin, as the site's does.
  const url = new URL(address, location.origin);
  const network: typeof fetch = async (input, init) => {
    const target = new URL(String(input), url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? 'GET').toUpperCase();
    sent.push({
      url: target.pathname + target.search,
      method,
      headers,
      body: init?.body as string | undefined,
    });
    const route = routes[`${method} ${target.pathname}${target.search}`];
    if (!route) throw new TypeError('Failed to fetch');
    return route(headers);
  };
  const win = {
    location: url,
    document: { cookie },
    performance: { now: () => now },
    fetch: network,
  } as unknown as Window & { [BOOT_GLOBAL]?: BootState };
  const api = new ApiClient({ baseUrl: '/api/', fetch: bootFetch(win, network) });
  return { win, sent, api, network, advance: (ms: number) => (now += ms) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's side of a student with a session: a refresh gives token `t1`; data needs it. */
const studentRoutes = {
  'POST /api/auth/jwt/refresh/': () => json({ access: 't1' }),
  'GET /api/auth/users/me/': (h: Record<string, string>) =>
    h.authorization === 'Bearer t1' ? json({ id: 7, email: 'ana@demo.kib' }) : json({ code: 'x' }, 401),
  'GET /api/problems/4/': (h: Record<string, string>) =>
    json({ id: 4, title: h.authorization ? 'with session' : 'anonymous' }),
  'POST /api/getstudentproblemsolutiondata/': () => json({ data: [{ numeral_id: 9, completed: true }] }),
  'GET /api/get_student_classrooms/': () => json([]),
  'GET /api/config/': () => json({ picture_base_url: '/media/pictures/' }),
};

describe('the head script and the app', () => {
  it("exchanges the refresh cookie once per page: the app's refresh and first data take the script's answers", async () => {
    const { win, sent, api } = page(
      '/student/solve?problem=4&module=1',
      'kib_session=1; kib_lang=en',
      studentRoutes,
    );
    startBoot(win);
    const early = [...win[BOOT_GLOBAL]!.answers.keys()];
    expect(early).toEqual([
      'POST auth/jwt/refresh/ {}',
      'GET auth/users/me/',
      'GET problems/4/',
      'POST getstudentproblemsolutiondata/ {"problem_id":4}',
      'GET get_student_classrooms/',
      'GET config/',
    ]);
    // The app starts: the refresh, then the page's data, as the site asks for them.
    expect(await api.refresh()).toBe(true);
    expect(api.token).toBe('t1');
    const [me, problem, done, config] = await Promise.all([
      api.endpoints.me(),
      api.endpoints.problem({ params: { id: '4' } }),
      api.endpoints.solutionData({ body: { problemId: 4 } }),
      api.endpoints.publicConfig(),
    ]);
    expect(me).toMatchObject({ id: 7 });
    expect(problem).toMatchObject({ title: 'with session' });
    expect(done).toEqual({ data: [{ numeralId: 9, completed: true }] });
    expect(config).toMatchObject({ pictureBaseUrl: '/media/pictures/' });
    await api.endpoints.studentClassrooms();
    // Every request left once, from the head script, the data with the refreshed token and language.
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/auth/jwt/refresh/',
      'GET /api/config/',
      'GET /api/auth/users/me/',
      'GET /api/problems/4/',
      'POST /api/getstudentproblemsolutiondata/',
      'GET /api/get_student_classrooms/',
    ]);
    expect(sent.find((s) => s.url === '/api/problems/4/')?.headers).toMatchObject({
      authorization: 'Bearer t1',
      'accept-language': 'en',
    });
    expect(sent.find((s) => s.url === '/api/config/')?.headers.authorization).toBeUndefined();
    // An answer is taken once: asking again goes to the network.
    await api.endpoints.problem({ params: { id: '4' } });
    expect(sent.filter((s) => s.url === '/api/problems/4/')).toHaveLength(2);
    expect(win[BOOT_GLOBAL]!.answers.size).toBe(0);
  });

  it('without the session hint sends no refresh and nothing that needs a session', async () => {
    const { win, sent, api } = page('/demo/student/modules/solve?problem=4', '', studentRoutes);
    startBoot(win);
    expect([...win[BOOT_GLOBAL]!.answers.keys()]).toEqual(['GET problems/4/', 'GET config/']);
    expect(await api.endpoints.problem({ params: { id: '4' } })).toMatchObject({ title: 'anonymous' });
    expect(sent.map((s) => s.url)).toEqual(['/api/problems/4/', '/api/config/']);
  });

  it('a refresh the server refuses leaves the app without a session, and the data is asked for by nobody', async () => {
    const { win, sent, api } = page('/student', 'kib_session=1', {
      ...studentRoutes,
      'POST /api/auth/jwt/refresh/': () => json({ code: 'refresh-invalid', detail: 'No' }, 401),
    });
    startBoot(win);
    expect(await api.refresh()).toBe(false);
    await Promise.all(win[BOOT_GLOBAL]!.answers.values());
    expect(sent.map((s) => s.url)).toEqual(['/api/auth/jwt/refresh/']);
  });

  it('an answer sent with another token, one that failed, or data asked for late goes to the network', async () => {
    const { win, sent, api } = page('/student', 'kib_session=1', studentRoutes);
    startBoot(win);
    await api.refresh();
    // Another person logged in meanwhile: their token is not the one the script sent.
    api.setToken('t2');
    await api.endpoints.studentClassrooms();
    expect(sent.filter((s) => s.url === '/api/get_student_classrooms/')).toHaveLength(2);
    api.setToken('t1');

    const offline = page('/student/solve?problem=5', 'kib_session=1', studentRoutes);
    startBoot(offline.win);
    await offline.api.refresh();
    // problems/5 has no route: the script's request failed, so the app's goes out (and fails itself).
    await expect(offline.api.endpoints.problem({ params: { id: '5' } })).rejects.toThrow();
    expect(offline.sent.filter((s) => s.url === '/api/problems/5/')).toHaveLength(2);

    // Late, the data is asked for again; the refresh never is (its cookie is being rotated).
    const late = page('/student', 'kib_session=1', studentRoutes);
    startBoot(late.win);
    late.advance(BOOT_ANSWER_LIFETIME_MS + 1);
    expect(await late.api.refresh()).toBe(true);
    await late.api.endpoints.studentClassrooms();
    expect(late.sent.filter((s) => s.url === '/api/auth/jwt/refresh/')).toHaveLength(1);
    expect(late.sent.filter((s) => s.url === '/api/get_student_classrooms/')).toHaveLength(2);
  });
});
