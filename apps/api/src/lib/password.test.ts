import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses scrypt at an OWASP minimum (N=2^15, r=8, p=3) with a random salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret!'), hashPassword('s3cret!')]);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '3']);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret!', a)).toBe(true);
    expect(await verifyPassword('s3cret?', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('asks for a re-hash of weaker or foreign hashes', () => {
    expect(needsRehash('scrypt$32768$8$1$c2FsdA==$aGFzaA==')).toBe(true);
    expect(needsRehash('scrypt$16384$8$3$c2FsdA==$aGFzaA==')).toBe(true);
    expect(needsRehash('scrypt$131072$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });
});
