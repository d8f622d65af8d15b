import type { CurrentUser } from '@kib/api-client';
import { PICTURE_MAX_BYTES, toSnakeCase, VIDEO_MAX_BYTES, type PublicConfig } from '@kib/core';
import type { Language } from '@kib/i18n';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createSiteApi, setSiteApi } from '../app/api';
import { createQueryClient, setSiteQueryClient, SiteProviders } from '../app/providers';
import { ROUTES } from '../app/routes';
import '../app/site.css';

/** What a stubbed endpoint answers: a status (200 by default) and a JSON body (camelCase, sent snake_case). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** One call the page made. */
export interface StubCall {
  method: string;
  /** The path after `/api/`, without the query: `auth/jwt/create/`. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, camelCased back from the wire. */
  body: unknown;
  /** A multipart body as it was sent (files and JSON fields, on the wire's names). */
  form?: FormData;
}

/** An endpoint's answer, fixed or computed from the call. */
export type StubHandler = StubAnswer | ((call: StubCall) => StubAnswer | Promise<StubAnswer>);

/** A logged-in student, as auth/users/me/ answers. */
export const STUDENT: CurrentUser = {
  id: 7,
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Gómez',
  groups: ['Students'],
  language: 'es',
  isDemo: false,
};

/** GET config/ as a server with Kib's own file storage answers it (stubbed by default). */
export const PUBLIC_CONFIG: PublicConfig = {
  pictureBaseUrl: '/media/pictures',
  videoBaseUrl: '/media/videos',
  uploads: {
    pictureMaxBytes: PICTURE_MAX_BYTES,
    videoMaxBytes: VIDEO_MAX_BYTES,
    pictureTypes: ['image/jpeg', 'image/png', 'image/gif'],
    videoTypes: ['video/mp4', 'video/quicktime'],
    presigned: false,
  },
  handwriting: false,
};

function toCamel(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCamel);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
        toCamel(v),
      ]),
    );
  return value;
}

/**
 * A fetch that answers `/api/…` from a table keyed `'METHOD path'` (`'POST auth/jwt/create/'`) and
 * records every call. Unlisted calls answer 404 `route-not-found`, like the server. With `user`, the
 * session endpoints answer as that user is logged in; without, the refresh is refused (logged out).
 * GET config/ answers {@link PUBLIC_CONFIG} unless a route says otherwise.
 */
export function stubApi(routes: Record<string, StubHandler> = {}, user?: CurrentUser | null) {
  const calls: StubCall[] = [];
  const table: Record<string, StubHandler> = {
    'POST auth/jwt/refresh/': user
      ? { body: { access: 'token-1' } }
      : { status: 401, body: { code: 'refresh-missing', detail: 'No session' } },
    'POST auth/jwt/logout/': { body: { detail: 'bye' } },
    'GET config/': { body: PUBLIC_CONFIG },
    ...(user ? { 'GET auth/users/me/': { body: user } } : {}),
    ...routes,
  };
  const fetchStub: typeof fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input.toString() : input.url,
      location.href,
    );
    const path = url.pathname.replace(/^\/api\//, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: StubCall = { method, path, query: url.searchParams, body: toCamel(raw) };
    if (init?.body instanceof FormData) call.form = init.body;
    calls.push(call);
    const handler = table[`${method} ${path}`];
    const answer: StubAnswer = !handler
      ? { status: 404, body: { code: 'route-not-found', detail: 'No route' } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    if (answer.status === 0) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const empty = answer.body === undefined || [204, 205, 304].includes(status);
    return new Response(empty ? null : JSON.stringify(toSnakeCase(answer.body)), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchStub, calls };
}

/**
 * Renders the whole site at `path` (memory router, the real route table) against a stubbed API.
 * Returns the screen, the router (to read `router.state.location`) and the recorded calls.
 */
export async function renderSite(
  path: string,
  options: { routes?: Record<string, StubHandler>; user?: CurrentUser | null; language?: Language } = {},
) {
  const api = stubApi(options.routes, options.user);
  // The server's session hint (kib_session) is what makes the site try to restore a session.
  document.cookie = options.user ? 'kib_session=1; path=/' : 'kib_session=; path=/; max-age=0';
  // The route loaders (the early requests of the student's pages) use the pages' client and cache.
  const client = createSiteApi({ fetch: api.fetch });
  setSiteApi(client);
  const queryClient = createQueryClient();
  setSiteQueryClient(queryClient);
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  const screen = await render(
    <SiteProviders api={client} language={options.language ?? 'es'} queryClient={queryClient}>
      <RouterProvider router={router} />
    </SiteProviders>,
  );
  return { screen, router, calls: api.calls };
}

/** Runs axe on the document and answers the violations as readable strings (empty when clean). */
export async function axeViolations(root: Element | Document = document): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Records what the pages of a test file copy to the clipboard (`copied`, emptied before each test)
 * and, after each test, restores the mocks and the default 1024 × 768 viewport a test may have
 * changed. Call it once at the top of the file.
 */
export function watchClipboard(): { readonly copied: string[] } {
  const state = { copied: [] as string[] };
  beforeEach(() => {
    state.copied = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      state.copied.push(text);
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await page.viewport(1024, 768);
  });
  return {
    get copied() {
      return state.copied;
    },
  };
}
