import { UserSchema, type User } from '@biddesk/shared';

// SPEC §1: the session is a token plus a user object kept in local storage.
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** The stored bearer token, if any. */
export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored user, if it parses. */
export function getStoredUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores token and user after sign-in or registration. */
export function storeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Replaces the stored user (after refresh-user). */
export function storeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Logout: clears token and user. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
