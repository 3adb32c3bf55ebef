import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session-context';
import { loginPathFor, safeRedirect } from '../../lib/safe-redirect';

/**
 * True while the signed-in screens render hidden behind the sign-in page (router.tsx), before there
 * is a token: nothing in them runs effects or calls the API until they are shown.
 */
export const PreviewContext = createContext(false);

/** Sends users with no session token to /login (SPEC §2), remembering where they were going; lets a hidden preview render. */
export function RequireAuth() {
  const { token, signedOutByUser } = useSession();
  const preview = useContext(PreviewContext);
  const location = useLocation();
  if (token || preview) return <Outlet />;
  return <Navigate to={signedOutByUser ? '/login' : loginPathFor(`${location.pathname}${location.search}`)} replace />;
}

/**
 * /login and /register send signed-in users to / (SPEC §2), or to the in-app `redirect` target the
 * sign-in was for (the invite page sends people here and expects them back).
 */
export function RedirectIfSignedIn() {
  const { token } = useSession();
  const location = useLocation();
  const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
  return token ? <Navigate to={target} replace /> : <Outlet />;
}
