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

/** A verified token's claims and its expiry (seconds since the epoch), for the session cache. */
export interface VerifiedSession extends SessionClaims {
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies a session token; returns null when it is malformed, forged or expired, has no expiry
 * (we never issue one, so a token without `exp` was not made by this server's rules and would never
 * end), or names a subject that is not a user id (it would otherwise reach the users query).
 */
export async function verifySessionToken(secret: string, token: string): Promise<VerifiedSession | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
    if (typeof payload.ver !== 'number' || !Number.isSafeInteger(payload.ver)) return null;
    return { sub: payload.sub, ver: payload.ver, exp: payload.exp! };
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
