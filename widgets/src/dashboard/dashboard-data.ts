import { ApiClient, ApiError, NetworkError } from '@kib/api-client';
import type { Language } from '@kib/i18n';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';

/** What parsing a dashboard's `data` gives: the data, or the schema's complaints. */
export type DashboardParse<T> = { ok: true; data: T } | { ok: false; issues: readonly z.core.$ZodIssue[] };

/**
 * Validates a dashboard's data given as an object or as its JSON text (an element attribute) with
 * its core schema. Never throws: bad JSON and schema failures come back as `{ ok: false, issues }`.
 */
export function parseDashboardData<T>(schema: z.ZodType<T>, input: unknown): DashboardParse<T> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input) as unknown;
    } catch {
      return { ok: false, issues: [{ code: 'custom', path: [], message: 'Not JSON', input }] };
    }
  }
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues };
}

/** Where a dashboard loads its data from when the page gives none. */
export interface DashboardSource {
  /** Base URL of Kib's API (`https://kib.example/api/`). */
  apiBase: string;
  /** The teacher's access token, sent as a bearer token. */
  token?: string | null;
  /** The interface language, sent as Accept-Language. */
  lang: Language;
  /** Asks the API for the data. */
  request: (api: ApiClient) => Promise<unknown>;
  /** Changes whenever the request does (another classroom, student or token): the data is loaded again. */
  key: string;
}

/** What a failed load says: an i18n key, and whether trying again may help. */
export interface LoadFailure {
  /** The translated message's key. */
  message: string;
  /** Network and server failures may pass; a refused or missing resource will not. */
  retryable: boolean;
}

/** The state of a dashboard's data. */
export type DashboardState<T> =
  /** Neither data nor a source to load it from. */
  | { status: 'empty' }
  /** The page's `data` does not match the schema. */
  | { status: 'invalid' }
  | { status: 'loading' }
  | { status: 'error'; failure: LoadFailure }
  | { status: 'ready'; data: T };

/** The answer of the API did not match the schema. */
class InvalidAnswerError extends Error {
  constructor() {
    super('invalid answer');
    this.name = 'InvalidAnswerError';
  }
}

/**
 * The message of a failed load: 401 an expired or missing session, 403 no access (or the school's
 * plan, `subscription-required`), 404 `notFound` (the widget's own words), the network, an answer
 * that is not the expected data, or another server failure.
 */
export function loadFailure(error: unknown, notFound: string): LoadFailure {
  if (error instanceof ApiError) {
    if (error.status === 401) return { message: 'common.dashboard.error-session', retryable: true };
    if (error.status === 403)
      return {
        message:
          error.code === 'subscription-required'
            ? 'errors.subscription-required'
            : 'common.dashboard.error-forbidden',
        retryable: false,
      };
    if (error.status === 404) return { message: notFound, retryable: false };
    return { message: 'common.dashboard.error-server', retryable: true };
  }
  if (error instanceof NetworkError) return { message: 'common.dashboard.error-network', retryable: true };
  if (error instanceof InvalidAnswerError)
    return { message: 'common.dashboard.error-invalid', retryable: true };
  return { message: 'common.dashboard.error-server', retryable: true };
}

/**
 * Whether the dashboards' requests carry Kib's cookies: on Kib's own origin yes (its session is
 * refreshed through the httpOnly cookie); from any other origin (a school's intranet holding a
 * classroom embed token) no, as the API shares the dashboards with any origin only without
 * cookies, and no refresh is then attempted.
 */
export function credentialsFor(apiBase: string): 'include' | 'omit' {
  if (typeof location === 'undefined') return 'omit';
  try {
    return new URL(apiBase, location.href).origin === location.origin ? 'include' : 'omit';
  } catch {
    return 'omit';
  }
}

/**
 * A dashboard's data: the page's `data` when given (validated with `schema`), else loaded from
 * `source` through `ApiClient` (the token as bearer, the answer validated too), again whenever the
 * source's key changes or `retry` is called. `notFound` is the key of the widget's 404 message.
 */
export function useDashboardData<T>(
  schema: z.ZodType<T>,
  data: unknown,
  source: DashboardSource | null,
  notFound: string,
): { state: DashboardState<T>; retry: () => void } {
  const given = useMemo(() => (data == null ? null : parseDashboardData(schema, data)), [schema, data]);
  const [loaded, setLoaded] = useState<DashboardState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const key = given || !source ? null : source.key;

  useEffect(() => {
    const current = sourceRef.current;
    if (key === null || !current) return;
    let alive = true;
    setLoaded({ status: 'loading' });
    const api = new ApiClient({
      baseUrl: current.apiBase,
      token: current.token ?? null,
      lang: current.lang,
      credentials: credentialsFor(current.apiBase),
    });
    current
      .request(api)
      .then((answer) => {
        const parsed = schema.safeParse(answer);
        if (!parsed.success) throw new InvalidAnswerError();
        if (alive) setLoaded({ status: 'ready', data: parsed.data });
      })
      .catch((error: unknown) => {
        if (alive) setLoaded({ status: 'error', failure: loadFailure(error, notFound) });
      });
    return () => {
      alive = false;
    };
  }, [key, attempt, schema, notFound]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  let state: DashboardState<T>;
  if (given) state = given.ok ? { status: 'ready', data: given.data } : { status: 'invalid' };
  else if (!source) state = { status: 'empty' };
  else state = loaded;
  return { state, retry };
}
