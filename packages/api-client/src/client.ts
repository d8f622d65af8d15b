import {
  fillPath,
  toCamelCase,
  toSnakeCase,
  type AnyEndpoint,
  type API,
  type EndpointName,
  type FileFormData,
  type InputOf,
  type MultipartSpec,
  type NeedsNoInput,
  type ResponseOf,
  type Route,
} from '@kib/core';
import { ROUTES } from '@kib/core/routes';

/** An error answered by the API: HTTP status, code, translated detail and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(detail || code);
    this.name = 'ApiError';
  }
}

/** The network failed or the server did not answer (spec 01 §8 'server dead :('). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network error', { cause });
    this.name = 'NetworkError';
  }
}

/** How a client is made. */
export interface ApiClientOptions {
  /** Base URL of the API, e.g. `https://kib.example/api/` or `/api/`. */
  baseUrl: string;
  /** An access token to start with (an LMS launch or an embedding page may hand one over). */
  token?: string | null;
  /** Interface language sent as Accept-Language, so server texts come back translated. */
  lang?: string;
  /** fetch to use (tests, other runtimes); the global fetch by default. */
  fetch?: typeof fetch;
  /** Called whenever the access token changes (login, refresh, logout). */
  onTokenChange?: (token: string | null) => void;
  /** Longest time a request may take, in ms (default 20 s). */
  timeoutMs?: number;
  /** Longest time an upload ({@link ApiClient.upload}) may take, in ms (default 10 min). */
  uploadTimeoutMs?: number;
  /**
   * Whether requests carry Kib's cookies: `include` (the default) for Kib's own pages, whose session
   * is refreshed through the httpOnly cookie; `omit` for a page on another origin that holds its
   * own token (a classroom embed token), which is then never refreshed.
   */
  credentials?: 'include' | 'omit';
}

/** The arguments of a call: none when the endpoint takes no input, else its parameters, body and query. */
export type CallArgs<E extends AnyEndpoint> =
  NeedsNoInput<E> extends true ? [input?: InputOf<E>] : [input: InputOf<E>];

/**
 * A file sent to a multipart endpoint: its field (`picture_{n}` or `video_{n}`), its bytes, the name
 * it is sent under, and what it belongs to (sent as the JSON field `formdata_{n}`).
 */
export interface UploadFile {
  field: `picture_${number}` | `video_${number}`;
  file: Blob;
  name: string;
  formdata: FileFormData;
}

/** The name of an endpoint that takes multipart/form-data (its declaration has `multipart`). */
export type MultipartEndpointName = {
  [K in EndpointName]: (typeof ROUTES)[K] extends { readonly jsonFields: readonly string[] } ? K : never;
}[EndpointName];

/** What {@link ApiClient.upload} takes: the endpoint's input (its body as text fields) and the files. */
export type UploadInput<E extends AnyEndpoint> = InputOf<E> & { files?: readonly UploadFile[] };

/**
 * The multipart body of a call: each body field snake_cased (those the endpoint names in
 * `jsonFields` as JSON text, others as text), each file with its `formdata_{n}` JSON.
 */
export function multipartBody(
  spec: Pick<MultipartSpec, 'jsonFields'>,
  body: unknown,
  files: readonly UploadFile[] = [],
): FormData {
  const form = new FormData();
  const fields = (toSnakeCase(body ?? {}) ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const json = spec.jsonFields.includes(name) || (typeof value === 'object' && value !== null);
    form.append(name, json ? JSON.stringify(value) : String(value));
  }
  for (const file of files) {
    const n = /_(\d+)$/.exec(file.field)?.[1];
    if (n === undefined) throw new Error(`a file field is picture_{n} or video_{n}, not ${file.field}`);
    form.append(file.field, file.file, file.name);
    form.append(`formdata_${n}`, JSON.stringify(file.formdata));
  }
  return form;
}

/** One typed method per endpoint of `API`, by the endpoint's name. */
export type ApiEndpoints = {
  [K in EndpointName]: (...args: CallArgs<(typeof API)[K]>) => Promise<ResponseOf<(typeof API)[K]>>;
};

/**
 * The typed client of Kib's REST API. The access token lives in memory only; the refresh token is
 * the server's httpOnly cookie, so `refresh()` (and a retry after a 401) keeps a session alive across
 * the token's short life without the page ever holding a long-lived secret.
 */
export class ApiClient {
  private accessToken: string | null;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private refreshing: Promise<boolean> | null = null;
  private readonly listeners = new Set<(token: string | null) => void>();
  private language: string | undefined;

  /** One method per endpoint, typed by its declaration in `@kib/core` (`api.endpoints.me()`). */
  readonly endpoints: ApiEndpoints;

  constructor(private readonly options: ApiClientOptions) {
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.accessToken = options.token ?? null;
    this.language = options.lang;
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.endpoints = Object.fromEntries(
      Object.keys(ROUTES).map((name) => [
        name,
        (input?: unknown) => this.call(name as EndpointName, input as never),
      ]),
    ) as unknown as ApiEndpoints;
  }

  /**
   * Calls a declared endpoint by name (its route in `ROUTES`): its path filled with the parameters,
   * its query and body sent snake_case, its answer camelCased (undefined for a 204).
   */
  async call<K extends EndpointName>(
    name: K,
    ...[input]: CallArgs<(typeof API)[K]>
  ): Promise<ResponseOf<(typeof API)[K]>> {
    const endpoint: Route = ROUTES[name];
    const { params, body, query } = (input ?? {}) as {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: Record<string, unknown>;
    };
    let path = fillPath(endpoint.path, params).replace(/^\//, '');
    if (query) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(toSnakeCase(query) as Record<string, unknown>))
        if (value !== undefined && value !== null) search.set(name, String(value));
      if (search.size > 0) path += `?${search}`;
    }
    const answer = await this.request<unknown>(
      endpoint.method.toUpperCase(),
      path,
      body ?? (endpoint.method === 'get' ? undefined : {}),
    );
    return (endpoint.noContent ? undefined : answer) as ResponseOf<(typeof API)[K]>;
  }

  /**
   * Calls a multipart endpoint (one that declares `multipart`, such as `saveProblem`): its body
   * sent as form fields (the declared JSON fields as snake_case JSON text) and each file with its
   * `formdata_{n}`, e.g. `api.upload('saveProblem', { body: { state, userType }, files: [{ field:
   * 'picture_0', file, name, formdata: { name, type: 'problem', id: '' } }] })`. The answer is
   * camelCased like any other.
   */
  async upload<K extends MultipartEndpointName>(
    name: K,
    input: UploadInput<(typeof API)[K]>,
  ): Promise<ResponseOf<(typeof API)[K]>> {
    const { params, body, files } = input as {
      params?: Record<string, string | number>;
      body?: unknown;
      files?: readonly UploadFile[];
    };
    const endpoint: Route = ROUTES[name];
    if (!endpoint.jsonFields)
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} does not take multipart/form-data`);
    const path = fillPath(endpoint.path, params).replace(/^\//, '');
    const form = multipartBody({ jsonFields: endpoint.jsonFields }, body, files);
    const answer = await this.request<unknown>(
      endpoint.method.toUpperCase(),
      path,
      form,
      true,
      this.options.uploadTimeoutMs ?? 600_000,
    );
    return (endpoint.noContent ? undefined : answer) as ResponseOf<(typeof API)[K]>;
  }

  /** The current access token (memory only). */
  get token(): string | null {
    return this.accessToken;
  }

  /** Replaces the access token. */
  setToken(token: string | null): void {
    if (token === this.accessToken) return;
    this.accessToken = token;
    this.options.onTokenChange?.(token);
    for (const listener of this.listeners) listener(token);
  }

  /** Changes the language the server answers in (sent as Accept-Language). */
  setLanguage(language: string): void {
    this.language = language;
  }

  /** Calls `listener` whenever the access token changes; returns the function that stops it. */
  subscribe(listener: (token: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sends a request: the body snake_cased, the answer camelCased. A 401 with a token triggers one
   * refresh and one retry; errors become {@link ApiError} or {@link NetworkError}.
   */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    retry = true,
    timeoutMs?: number,
  ): Promise<T> {
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    if (this.language) headers['accept-language'] = this.language;
    let response: Response;
    try {
      response = await this.fetchImpl(new URL(path.replace(/^\//, ''), new URL(this.base, baseOrigin())), {
        method,
        headers,
        body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(toSnakeCase(body)),
        credentials: this.options.credentials ?? 'include',
        signal: AbortSignal.timeout(timeoutMs ?? this.options.timeoutMs ?? 20_000),
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
    const refreshable = (this.options.credentials ?? 'include') === 'include';
    if (
      response.status === 401 &&
      retry &&
      refreshable &&
      this.accessToken &&
      !path.startsWith('auth/jwt/')
    ) {
      if (await this.refresh()) return this.request<T>(method, path, body, false, timeoutMs);
    }
    const text = await response.text();
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (!response.ok) {
      const e = (json ?? {}) as { detail?: string; code?: string; fields?: Record<string, string[]> };
      throw new ApiError(response.status, e.code ?? 'error', e.detail ?? response.statusText, e.fields ?? {});
    }
    return toCamelCase(json) as T;
  }

  /** Logs in with e-mail and password; stores the access token. */
  async login(email: string, password: string): Promise<string> {
    const { access } = await this.call('login', { body: { email, password } });
    this.setToken(access);
    return access;
  }

  /**
   * Asks for a new access token with the refresh cookie; true on success. Concurrent callers share
   * one request (the server rotates the refresh token on each use).
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.call('refreshSession')
      .then(({ access }) => {
        this.setToken(access);
        return true;
      })
      .catch(() => {
        this.setToken(null);
        return false;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Logs out (the server forgets the refresh family); the token is dropped either way. */
  async logout(): Promise<boolean> {
    try {
      await this.call('logout');
      return true;
    } catch {
      return false;
    } finally {
      this.setToken(null);
    }
  }
}

function baseOrigin(): string {
  return typeof location !== 'undefined' ? location.href : 'http://localhost/';
}
