import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt at one of OWASP's equivalent minimums (Password Storage Cheat Sheet): N=2^15 (32 MiB),
// r=8, p=3. N=2^17 with p=1 is the same work but 128 MiB a hash, which a few concurrent sign-ins
// would turn into a memory spike. Each hash records its own parameters, so older hashes still
// verify and are upgraded at the next sign-in (needsRehash).
const N = 2 ** 15;
const R = 8;
const P = 3;
const KEY_LEN = 64;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a password with scrypt and a per-user random salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash made with weaker parameters than today's: re-hash it once the password is known. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) * Number(r) * Number(p) < N * R * P || Number(r) < R;
}
