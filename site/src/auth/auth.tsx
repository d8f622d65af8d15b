import type { CurrentUser } from '@kib/api-client';
import { HOME_ROUTE_BY_GROUP, type GroupName } from '@kib/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApi } from '../app/api';

/** Where the session stands: the first refresh is pending, nobody is logged in, or someone is. */
export type AuthState =
  | { status: 'loading' }
  | { status: 'anonymous'; expired?: boolean }
  | { status: 'authenticated'; user: CurrentUser };

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
}

const AuthContext = createContext<(AuthState & AuthActions) | null>(null);

/** The readable cookie the server sets beside its httpOnly refresh cookie (no secret in it). */
const SESSION_HINT_COOKIE = 'kib_session';

function hasSessionHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** The page a user lands on after login, by their first group (spec 01 §2). */
export function homeFor(user: Pick<CurrentUser, 'groups'>): string {
  const first = user.groups[0] as GroupName | undefined;
  return (first && HOME_ROUTE_BY_GROUP[first]) ?? '/student';
}

/**
 * The session. At start the refresh cookie is exchanged for an access token (kept in memory only);
 * until that answers the state is `loading`. When a refresh fails later (the session ended
 * elsewhere), the state becomes anonymous with `expired` set.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    void (async () => {
      // Without the server's session hint there is no refresh cookie to exchange: skip the 401.
      const refreshed = hasSessionHint() && (await api.refresh());
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
      setState({ status: 'authenticated', user });
      return user;
    },
    [api],
  );

  const adopt = useCallback(
    async (token: string) => {
      api.setToken(token);
      const user = await api.endpoints.me();
      setState({ status: 'authenticated', user });
      return user;
    },
    [api],
  );

  const logout = useCallback(async () => {
    const ok = await api.logout();
    setState({ status: 'anonymous' });
    return ok;
  }, [api]);

  // A request that found the session gone (refresh refused) leaves the API client without a token.
  useEffect(() => {
    if (state.status !== 'authenticated') return;
    return api.subscribe((token) => {
      if (!token) setState({ status: 'anonymous', expired: true });
    });
  }, [api, state.status]);

  const value = useMemo(() => ({ ...state, login, logout, adopt }), [state, login, logout, adopt]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
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
