/**
 * The in-app path to continue to after sign-in: only a path starting with a single "/" (not "//"
 * or "/\", which browsers treat as another host), so a crafted link cannot send a user off-site.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

/** The login path that comes back to `path` after sign-in. */
export function loginPathFor(path: string): string {
  return path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}
