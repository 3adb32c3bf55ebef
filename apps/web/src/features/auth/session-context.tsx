import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@biddesk/shared';
import { ApiError, onUnauthorized } from '../../lib/api-client';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from '../../lib/session';
import { refreshUser } from './api/auth-api';

interface SessionValue {
  user: User | null;
  token: string | null;
  /** True after the person pressed Logout (not after an expired session): /login then carries no redirect. */
  signedOutByUser: boolean;
  /** True when the server ended the session because the password was changed (the sign-in page says so). */
  sessionEnded: boolean;
  signIn(token: string, user: User): void;
  signOut(opts?: { byUser?: boolean }): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/**
 * Keeps token and user (SPEC §1), re-reads the user on load (refresh-user) and logs out on a 401
 * from it or from any other call made with the token.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => getToken());
  const [user, setUser] = useState<User | null>(() => getStoredUser());
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);

  const signOut = useCallback((opts?: { byUser?: boolean }) => {
    clearSession();
    setSignedOutByUser(Boolean(opts?.byUser));
    setToken(null);
    setUser(null);
  }, []);
  const signIn = useCallback((newToken: string, newUser: User) => {
    storeSession(newToken, newUser);
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
    if (!token) return;
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

  const value = useMemo(() => ({ user, token, signedOutByUser, sessionEnded, signIn, signOut }), [user, token, signedOutByUser, sessionEnded, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
