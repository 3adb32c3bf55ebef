import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type User, UserSchema } from '@biddesk/shared';
import { ApiError, apiRequest, onUnauthorized } from './api-client';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from './session';

interface SessionValue {
  user: User | null;
  token: string | null;
  /** True after the person pressed Logout (not after an expired session): /login then carries no redirect. */
  signedOutByUser: boolean;
  /** True when the server ended the session because the password was changed (the sign-in page says so). */
  sessionEnded: boolean;
  /**
   * The signed-in screen a sign-in on this page would open (its path and query), set by the sign-in
   * screens once someone starts filling them in: the router renders that screen hidden meanwhile,
   * so signing in only reveals it (router.tsx). Null otherwise.
   */
  nextScreen: string | null;
  setNextScreen(path: string | null): void;
  signIn(token: string, user: User): void;
  signOut(opts?: { byUser?: boolean }): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** GET /auth/refresh-user: the signed-in user as the server now has them. */
function refreshUser(): Promise<User> {
  return apiRequest('/auth/refresh-user', UserSchema);
}

/**
 * Keeps token and user (SPEC §1), re-reads the user on load (refresh-user) and logs out on a 401
 * from it or from any other call made with the token. Signing out empties the data cache, so the
 * next person to sign in on this tab never sees the previous one's listings, saved flags or bell.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getToken());
  const [user, setUser] = useState<User | null>(() => getStoredUser());
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const [nextScreen, setNextScreen] = useState<string | null>(null);
  // The token that sign-in just brought with a user read by that same call: no refresh-user for it.
  const freshFromSignIn = useRef<string | null>(null);

  const signOut = useCallback(
    (opts?: { byUser?: boolean }) => {
      clearSession();
      queryClient.clear();
      setSignedOutByUser(Boolean(opts?.byUser));
      setToken(null);
      setUser(null);
    },
    [queryClient],
  );
  const signIn = useCallback((newToken: string, newUser: User) => {
    storeSession(newToken, newUser);
    freshFromSignIn.current = newToken;
    setSignedOutByUser(false);
    setSessionEnded(false);
    setToken(newToken);
    setUser(newUser);
  }, []);

  useEffect(
    () =>
      onUnauthorized((code) => {
        if (code === 'SESSION_ENDED') setSessionEnded(true);
        signOut();
      }),
    [signOut],
  );

  useEffect(() => {
    // Right after sign-in the user is the one the server just answered with; reading it again would
    // only add a call (and a render of every screen using the session) before the dashboard's own.
    if (!token || token === freshFromSignIn.current) return;
    let cancelled = false;
    refreshUser()
      .then((fresh) => {
        if (cancelled) return;
        storeUser(fresh);
        setUser(fresh);
      })
      .catch((err: unknown) => {
        if (!cancelled && err instanceof ApiError && err.status === 401) signOut();
      });
    return () => {
      cancelled = true;
    };
  }, [token, signOut]);

  const value = useMemo(
    () => ({ user, token, signedOutByUser, sessionEnded, nextScreen, setNextScreen, signIn, signOut }),
    [user, token, signedOutByUser, sessionEnded, nextScreen, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
