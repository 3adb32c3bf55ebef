import { isInAppPath } from '@biddesk/shared';

/**
 * The in-app path to follow (after sign-in, or a notification's link): only a same-origin path
 * starting with a single "/" — not "//host" or "/\\host", which browsers treat as another host, no
 * scheme, no control characters — so a crafted link cannot send a user off-site. The server
 * applies the same rule (`isInAppPath`) before it stores a notification link.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return target && isInAppPath(target) ? target : fallback;
}

/** The login path that comes back to `path` after sign-in. */
export function loginPathFor(path: string): string {
  return path === '/' ? '/login' : `/login?redirect=${encodeURIComponent(path)}`;
}
