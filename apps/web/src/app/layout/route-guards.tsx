import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/auth/session-context';

/** Sends users with no session token to /login (SPEC §2). */
export function RequireAuth() {
  const { token } = useSession();
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /login and /register send signed-in users to / (SPEC §2). */
export function RedirectIfSignedIn() {
  const { token } = useSession();
  return token ? <Navigate to="/" replace /> : <Outlet />;
}
