import { toCamelCase, toSnakeCase, type FeedbackMessage, type PublicProblem } from '@kib/core';

/** A student's stat on a numeral, as proof/ returns it. */
export interface NumeralStat {
  numeralId: number;
  completed: boolean;
  attempts: number;
  answerTime: number;
  lastAttemptDate: string | null;
}

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
}

/** What proof/ answers (camelCase). */
export interface AttemptResponse {
  correctAns: boolean;
  numeralCompleted: boolean;
  recorded: boolean;
  stat: NumeralStat | { numeralId: number };
  fromBack: boolean;
  /** The checker's result, camelCased (table and prime-decomposition keys included). */
  result: unknown;
}

/** What hints/ answers (camelCase). */
export interface HintsResponse {
  hints: string[];
  hintMessages: (FeedbackMessage & { text?: string })[] | { text: string }[];
  hintPicture: string | null;
  startingMath: string | null;
  lineIndex: number;
  initialHint: boolean;
  exhausted: boolean;
}

/** An attempt or hint request (spec 01 §7), camelCase; sent snake_case. */
export interface AttemptPayload {
  answer: unknown;
  numeral: number;
  currentStep: number | null;
  totalTime: number;
  deadlinePassed?: boolean;
  tempStudentId?: number | null;
  shown?: number;
}

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

  constructor(private readonly options: ApiClientOptions) {
    this.base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.accessToken = options.token ?? null;
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
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
  }

  /**
   * Sends a request: the body snake_cased, the answer camelCased. A 401 with a token triggers one
   * refresh and one retry; errors become {@link ApiError} or {@link NetworkError}.
   */
  async request<T>(method: string, path: string, body?: unknown, retry = true): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`;
    if (this.options.lang) headers['accept-language'] = this.options.lang;
    let response: Response;
    try {
      response = await this.fetchImpl(new URL(path.replace(/^\//, ''), new URL(this.base, baseOrigin())), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(toSnakeCase(body)),
        credentials: 'include',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
    if (response.status === 401 && retry && this.accessToken && !path.startsWith('auth/jwt/')) {
      if (await this.refresh()) return this.request<T>(method, path, body, false);
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
    const { access } = await this.request<{ access: string }>('POST', 'auth/jwt/create/', {
      email,
      password,
    });
    this.setToken(access);
    return access;
  }

  /**
   * Asks for a new access token with the refresh cookie; true on success. Concurrent callers share
   * one request (the server rotates the refresh token on each use).
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.request<{ access: string }>('POST', 'auth/jwt/refresh/', {}, false)
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
      await this.request('POST', 'auth/jwt/logout/', {}, false);
      return true;
    } catch {
      return false;
    } finally {
      this.setToken(null);
    }
  }

  /** A problem in its public form (spec 01 §7 GET problems/{id}/). */
  getProblem(id: number): Promise<PublicProblem> {
    return this.request<PublicProblem>('GET', `problems/${encodeURIComponent(String(id))}/`);
  }

  /** Checks (and records) an attempt: POST proof/. */
  proof(payload: AttemptPayload): Promise<AttemptResponse> {
    return this.request<AttemptResponse>('POST', 'proof/', payload);
  }

  /** The next hints for the current answer: POST hints/. */
  hints(payload: AttemptPayload): Promise<HintsResponse> {
    return this.request<HintsResponse>('POST', 'hints/', payload);
  }

  /** Which numerals of a problem the caller has completed: POST getstudentproblemsolutiondata/. */
  async solutionData(problemId: number): Promise<{ numeralId: number; completed: boolean }[]> {
    const { data } = await this.request<{ data: { numeralId: number; completed: boolean }[] }>(
      'POST',
      'getstudentproblemsolutiondata/',
      { problemId },
    );
    return data;
  }
}

function baseOrigin(): string {
  return typeof location !== 'undefined' ? location.href : 'http://localhost/';
}
