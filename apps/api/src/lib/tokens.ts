import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  /** User id. */
  sub: string;
  /** The user's token version when the token was issued. */
  ver: number;
}

/** Signs a session token (HS256) that expires after `ttlHours`. */
export async function signSessionToken(secret: string, claims: SessionClaims, ttlHours: number): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${Math.round(ttlHours * 3600)}s`)
    .sign(new TextEncoder().encode(secret));
}

/** Verifies a session token; returns null when it is malformed, forged or expired. */
export async function verifySessionToken(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}

/** A random 32-byte URL-safe token (reset links, workspace invites). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a random token: its SHA-256, so a database leak yields no usable links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
