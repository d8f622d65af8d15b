import type { ApiClient, CurrentUser } from '@kib/api-client';
import { HOME_ROUTE_BY_GROUP, type GroupName } from '@kib/core';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useApi } from '../app/api';
import { SessionExpiredAlert } from './session-expired-alert';
import { hasSessionHint } from '../boot/boot-plan';

/**
 * Where the session stands: the first refresh is pending, nobody is logged in, or someone is. An
 * authenticated session is `expired` once a refresh failed mid-session (it ended elsewhere or ran
 * out): the page and its user stay, so what the reader typed is not lost, but calls fail until the
 * session is restored or the window reloaded. An anonymous state is `expired` when such a session
 * was then left, so the login page can say why.
 */
export type AuthState =
  | { status: 'loading' }
  | { status: 'anonymous'; expired?: boolean }
  | { status: 'authenticated'; user: CurrentUser; expired?: boolean };

interface AuthActions {
  /** Logs in and loads the user; throws the API's error (ApiError or NetworkError). */
  login: (email: string, password: string) => Promise<CurrentUser>;
  /** Logs out; false when the server could not be told (the token is dropped anyway). */
  logout: () => Promise<boolean>;
  /**
   * Takes over a session whose access token came another way (an LMS launch: memory only, no
   * refresh cookie) and loads its user; throws the API's error.
   */
  adopt: (token: string) => Promise<CurrentUser>;
  /** Leaves an expired session (the reader moved on from the page it expired on): nobody is logged in. */
  leaveExpired: () => void;
}

const AuthContext = createContext<(AuthState & AuthActions) | null>(null);

/** Where the tabs of this browser tell each other that somebody logged in. */
const SESSION_CHANNEL = 'kib-session';

/** Tells Kib's other tabs in this browser that a session started (one that expired may carry on). */
function announceLogin(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage('login');
  channel.close();
}

/** The first restore of each client's session, shared by the session and by route loaders. */
const STARTS = new WeakMap<ApiClient, Promise<boolean>>();

/**
 * Exchanges the refresh cookie for an access token once per page: the first caller (a solve route's
 * loader, or the session itself) starts it and every other caller waits for the same answer, so the
 * refresh token (rotated on each use) is spent once. False when there is no session.
 */
export function startSession(api: ApiClient): Promise<boolean> {
  let start = STARTS.get(api);
  if (!start) {
    // Without the server's session hint there is no refresh cookie to exchange: skip the 401.
    start = hasSessionHint() ? api.refresh() : Promise.resolve(false);
    STARTS.set(api, start);
  }
  return start;
}

/** The page a user lands on after login, by their first group (spec 01 §2). */
export function homeFor(user: Pick<CurrentUser, 'groups'>): string {
  const first = user.groups[0] as GroupName | undefined;
  return (first && HOME_ROUTE_BY_GROUP[first]) ?? '/student';
}

/**
 * The session. At start the refresh cookie is exchanged for an access token (kept in memory only);
 * until that answers the state is `loading`, and when it fails nobody is logged in. When a refresh
 * fails later, mid-session (a logout in another tab, a revoked or spent refresh token), the session
 * is marked expired and an alert tells the reader to reload (spec 01 §8) without taking the page
 * away. When the reader logs in again in another tab (which tells the others), or the tab is shown
 * again while the browser holds a session, the expired session carries on if it is the same person's.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  // How many times the reader was told the session expired: a new notice each time, even if closed.
  const [notices, setNotices] = useState(0);
  // A logout drops the token on purpose: that is not a session that expired.
  const loggingOut = useRef(false);
  // A session handed over by an LMS has no refresh cookie: only a new launch or a reload restores it.
  const [adopted, setAdopted] = useState(false);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const refreshed = await startSession(api);
      const user = refreshed ? await api.endpoints.me().catch(() => null) : null;
      // A session adopted meanwhile (an LMS launch) is not undone by a refresh that found none.
      if (alive)
        setState((current) =>
          current.status === 'authenticated' && !user
            ? current
            : user
              ? { status: 'authenticated', user }
              : { status: 'anonymous' },
        );
    })();
    return () => {
      alive = false;
    };
  }, [api]);

  const login = useCallback(
    async (email: string, password: string) => {
      await api.login(email, password);
      const user = await api.endpoints.me();
      setAdopted(false);
      setState({ status: 'authenticated', user });
      announceLogin();
      return user;
    },
    [api],
  );

  const adopt = useCallback(
    async (token: string) => {
      api.setToken(token);
      const user = await api.endpoints.me();
      setAdopted(true);
      setState({ status: 'authenticated', user });
      return user;
    },
    [api],
  );

  const logout = useCallback(async () => {
    loggingOut.current = true;
    try {
      return await api.logout();
    } finally {
      loggingOut.current = false;
      setState({ status: 'anonymous' });
    }
  }, [api]);

  const leaveExpired = useCallback(() => {
    setState((current) =>
      current.status === 'authenticated' && current.expired
        ? { status: 'anonymous', expired: true }
        : current,
    );
  }, []);

  // A request that found the session gone (refresh refused) leaves the API client without a token.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    return api.subscribe((token) => {
      if (token || loggingOut.current) return;
      setState((current) => (current.status === 'authenticated' ? { ...current, expired: true } : current));
      setNotices((n) => n + 1);
    });
  }, [api, state.status]);

  const expired = state.status === 'authenticated' && state.expired === true;
  const userId = state.status === 'authenticated' ? state.user.id : null;

  useEffect(() => {
    if (!expired || adopted) return;
    let busy = false;
    const restore = async () => {
      if (busy || !hasSessionHint()) return;
      busy = true;
      try {
        const user = (await api.refresh()) ? await api.endpoints.me().catch(() => null) : null;
        if (user && user.id === userId) {
          setState({ status: 'authenticated', user });
          return;
        }
        // Somebody else's session (or none) is never used for this page, whose work is another's.
        if (api.token) api.setToken(null);
        setNotices((n) => n + 1);
      } finally {
        busy = false;
      }
    };
    const tryRestore = () => void restore();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void restore();
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
    channel?.addEventListener('message', tryRestore);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', tryRestore);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', tryRestore);
    };
  }, [api, expired, adopted, userId]);

  const value = useMemo(
    () => ({ ...state, login, logout, adopt, leaveExpired }),
    [state, login, logout, adopt, leaveExpired],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      {expired ? <SessionExpiredAlert key={notices} canLogIn={!adopted} /> : null}
    </AuthContext.Provider>
  );
}

/** The session and its actions. */
export function useAuth(): AuthState & AuthActions {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** The logged-in user, or null. */
export function useUser(): CurrentUser | null {
  const auth = useAuth();
  return auth.status === 'authenticated' ? auth.user : null;
}
