import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inviteCodes, passwordResetTokens, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createInviteCode, createUser, TEST_PASSWORD } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const userCount = async () => (await t.db.select().from(users)).length;

describe('POST /api/auth/register', () => {
  it('creates a user with role user whatever the body says, and marks the code used', async () => {
    const code = await createInviteCode(t.db, 'WELCOME-ABCDE');
    const res = await register({
      name: 'Nina Bidder',
      email: 'Nina@Example.com',
      password: 'secret1',
      role: 'admin',
      invite_code: 'welcome-abcde',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ name: 'Nina Bidder', email: 'nina@example.com', role: 'user' });
    expect(body.user).not.toHaveProperty('password_hash');
    const [row] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(row.usedByEmail).toBe('nina@example.com');
    expect(row.usedAt).toBeInstanceOf(Date);
  });

  it('refuses a used code and stores nothing', async () => {
    const code = await createInviteCode(t.db);
    expect((await register({ name: 'A', email: 'first@example.com', password: 'secret1', invite_code: code })).statusCode).toBe(200);
    const before = await userCount();
    const res = await register({ name: 'B', email: 'second@example.com', password: 'secret1', invite_code: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('This invite code has already been used');
    expect(await userCount()).toBe(before);
  });

  it('answers a wrong code the same for a known and an unknown email (no account leaks)', async () => {
    await createUser(t.db, t.config, { email: 'known-reg@example.com' });
    const known = await register({ name: 'K', email: 'known-reg@example.com', password: 'secret1', invite_code: 'BOGUS-CODE' });
    const unknown = await register({ name: 'U', email: 'unknown-reg@example.com', password: 'secret1', invite_code: 'BOGUS-CODE' });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().detail).toBe('Invalid invite code');
    // A used code too: the code is judged before the email.
    const used = await createInviteCode(t.db);
    expect(
      (await register({ name: 'A', email: 'first-user-of-code@example.com', password: 'secret1', invite_code: used })).statusCode,
    ).toBe(200);
    const knownUsed = await register({ name: 'K', email: 'known-reg@example.com', password: 'secret1', invite_code: used });
    expect(knownUsed.json().detail).toBe('This invite code has already been used');
  });

  it('refuses an unknown code', async () => {
    const res = await register({ name: 'B', email: 'nocode@example.com', password: 'secret1', invite_code: 'NOPE-NOPE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Invalid invite code');
  });

  it('refuses an email that exists in another case and uses the code up, so a code cannot probe address after address', async () => {
    await createUser(t.db, t.config, { email: 'taken@example.com' });
    await createUser(t.db, t.config, { email: 'taken-too@example.com' });
    const code = await createInviteCode(t.db);
    const before = await userCount();
    const res = await register({ name: 'C', email: 'TAKEN@example.com', password: 'secret1', invite_code: code });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'Email already registered. This invite code is now used up: sign in with that account, or ask an administrator for a new code.',
    );
    const [row] = await t.db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
    expect(row.usedAt).not.toBeNull();
    expect(await userCount()).toBe(before);
    // The next probe with the same code learns nothing about the next address.
    for (const email of ['taken-too@example.com', 'nobody-here@example.com']) {
      const probe = await register({ name: 'C', email, password: 'secret1', invite_code: code });
      expect([probe.statusCode, probe.json().detail]).toEqual([400, 'This invite code has already been used']);
    }
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ name: 'D', email: 'd@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ name: 'D', email: 'not-an-email', password: 'secret1' }, 'Please enter a valid email address'],
    [{ name: '', email: 'd@example.com', password: 'secret1' }, 'Name is required'],
    [{ name: 'D', email: 'd@example.com', password: 'secret1', invite_code: '' }, 'Invite code is required'],
  ])('rejects bad input %j with a readable detail and stores nothing', async (body, detail) => {
    const code = await createInviteCode(t.db);
    const before = await userCount();
    const res = await register({ invite_code: code, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(detail);
    expect(await userCount()).toBe(before);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual(expect.any(String));
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, email in any case', async () => {
    await createUser(t.db, t.config, { email: 'login@example.com' });
    const res = await login('LOGIN@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('login@example.com');
  });

  it('answers 401 for a wrong password and for an unknown email alike', async () => {
    await createUser(t.db, t.config, { email: 'wrongpw@example.com' });
    const wrong = await login('wrongpw@example.com', 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Incorrect email or password');
    expect(unknown.json().detail).toBe(wrong.json().detail);
  });

  it('upgrades a hash made with older scrypt parameters at sign-in, keeping the session version', async () => {
    const { user, token } = await createUser(t.db, t.config, { email: 'oldhash@example.com' });
    // The parameters every hash had before p went from 1 to 3.
    const salt = randomBytes(16);
    const key = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const oldHash = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    await t.db.update(users).set({ passwordHash: oldHash }).where(eq(users.id, user.id));
    expect((await login('oldhash@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row!.tokenVersion).toBe(user.tokenVersion);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(200);
    expect((await login('oldhash@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login('oldhash@example.com', 'not-the-password')).statusCode).toBe(401);
  });

  it('rejects a malformed email with 400', async () => {
    const res = await login('nope', 'secret1');
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/auth/refresh-user', () => {
  it('returns the signed-in user', async () => {
    const { user, token } = await createUser(t.db, t.config, { name: 'Refresh Me' });
    const res = await t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Refresh Me',
      email: user.email,
      role: 'user',
      is_guest: false,
      created_at: user.createdAt.toISOString(),
    });
  });

  it('answers 401 without a token, with a forged token, and for a deleted user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
    const forged = await t.injectAs('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad', { method: 'GET', url: '/api/auth/refresh-user' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toBe('Could not validate credentials');
    const { user, token } = await createUser(t.db, t.config);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const forgot = (email: string) => t.app.inject({ method: 'POST', url: `/api/auth/forgot-password?email=${encodeURIComponent(email)}` });
  /** The mail goes out after the answer (same answer time for every address): wait for it. */
  const forgotAndWait = async (email: string) => {
    const sent = t.mails.length;
    const res = await forgot(email);
    await vi.waitFor(() => expect(t.mails.length).toBe(sent + 1));
    return res;
  };
  const reset = (token: string, pw: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${encodeURIComponent(token)}&new_password=${encodeURIComponent(pw)}`,
    });
  const tokenFromLastMail = () => {
    const link = t.mails.at(-1)!.link!;
    expect(link).toMatch(/^http:\/\/biddesk\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    return link.split('/').pop()!;
  };

  it('answers the same for known and unknown emails, mailing only the known one', async () => {
    await createUser(t.db, t.config, { email: 'forgetful@example.com' });
    const sent = t.mails.length;
    const unknown = await forgot('ghost@example.com');
    const known = await forgotAndWait('Forgetful@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(t.mails.length).toBe(sent + 1);
    expect(t.mails.at(-1)!.to).toBe('forgetful@example.com');
    expect(t.mails.at(-1)!.text).toContain(t.mails.at(-1)!.link);
  });

  it('stores only a hash of the token', async () => {
    const { user } = await createUser(t.db, t.config);
    await forgotAndWait(user.email);
    const token = tokenFromLastMail();
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('sets a new password once, ends older sessions, and refuses the token again', async () => {
    const { user, token: session } = await createUser(t.db, t.config);
    await forgotAndWait(user.email);
    const token = tokenFromLastMail();
    expect((await reset(token, 'brand-new-pw')).statusCode).toBe(200);
    expect((await login(user.email, 'brand-new-pw')).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await t.injectAs(session, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(401);
    const again = await reset(token, 'another-pw');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Invalid or expired reset token');
  });

  it('refuses an expired token', async () => {
    const { user } = await createUser(t.db, t.config);
    await forgotAndWait(user.email);
    const token = tokenFromLastMail();
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(token, 'brand-new-pw');
    expect(res.statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a short password without consuming the token', async () => {
    const { user } = await createUser(t.db, t.config);
    await forgotAndWait(user.email);
    const token = tokenFromLastMail();
    const short = await reset(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Password must be at least 6 characters');
    expect((await reset(token, 'long-enough')).statusCode).toBe(200);
  });

  it('also takes the token and the new password as a JSON body', async () => {
    const { user } = await createUser(t.db, t.config);
    await forgotAndWait(user.email);
    const token = tokenFromLastMail();
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: '123' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('Password must be at least 6 characters');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { new_password: 'body-new-pw' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Reset token is required');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: 'body-new-pw' } });
    expect(ok.statusCode).toBe(200);
    expect((await login(user.email, 'body-new-pw')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, new_password: 'other-pw' } })).statusCode,
    ).toBe(400);
  });

  it('refuses an unknown token and a missing email', async () => {
    expect((await reset('made-up-token', 'long-enough')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password' })).statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  it('answers 429 with a detail after too many login attempts', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'wrong-pw' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe('Too many attempts. Please try again later.');
      const forgot = () => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password?email=x@example.com' });
      for (let i = 0; i < 3; i++) await forgot();
      expect((await forgot()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rate-limits registration per address, wrong codes included', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'R', email: 'r@example.com', password: 'secret1', invite_code: 'WRONG' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toBe('Too many attempts. Please try again later.');
    } finally {
      await limited.close();
    }
  });

  it('ignores X-Forwarded-For by default: a new header per request buys no more attempts', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const attempt = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { email: `x${i}@example.com`, password: 'wrong-pw' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
      expect((await attempt(99)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For from a proxy TRUST_PROXY names, and only from it', async () => {
    const limited = await buildTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '2',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000',
      TRUST_PROXY: '10.0.0.0/8',
    });
    try {
      const attempt = (from: string, client: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: from,
          headers: { 'x-forwarded-for': client },
          payload: { email: 'someone@example.com', password: 'wrong-pw' },
        });
      // Behind the trusted proxy each client has its own counter.
      for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
        expect((await attempt('10.1.2.3', client)).statusCode).toBe(401);
        expect((await attempt('10.1.2.3', client)).statusCode).toBe(401);
      }
      // From anywhere else the header is ignored: one counter for the socket address.
      expect((await attempt('192.0.2.7', '198.51.100.10')).statusCode).toBe(401);
      expect((await attempt('192.0.2.7', '198.51.100.11')).statusCode).toBe(401);
      expect((await attempt('192.0.2.7', '198.51.100.12')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it(
    'throttles login per account and address: a stranger locks out only their own address, the owner signs in from theirs',
    { timeout: 120_000 },
    async () => {
      const limited = await buildTestApp({
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '3',
        LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE: '1000',
      });
      try {
        await createUser(limited.db, limited.config, { email: 'target@example.com' });
        const attempt = (email: string, from: string, password = 'wrong-pw') =>
          limited.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { email, password } });
        for (let i = 0; i < 3; i++) expect((await attempt('Target@example.com', '203.0.113.66')).statusCode).toBe(401);
        const stranger = await attempt('target@example.com', '203.0.113.66', TEST_PASSWORD);
        expect(stranger.statusCode).toBe(429);
        expect(stranger.json().detail).toBe('Too many attempts. Please try again later.');
        // The owner, from their usual address, is not locked out by the stranger's guesses.
        expect((await attempt('target@example.com', '192.0.2.10', TEST_PASSWORD)).statusCode).toBe(200);
        // The stranger's address may still try another account (their per-address limit allowing).
        expect((await attempt('other@example.com', '203.0.113.66')).statusCode).toBe(401);
      } finally {
        await limited.close();
      }
    },
  );

  it('keeps a looser per-account ceiling over all addresses against spread-out guessing', { timeout: 120_000 }, async () => {
    const limited = await buildTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '2',
      LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE: '5',
    });
    try {
      await createUser(limited.db, limited.config, { email: 'spread@example.com' });
      const attempt = (from: string, password = 'wrong-pw') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: from,
          payload: { email: 'spread@example.com', password },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(401);
      expect((await attempt('198.51.100.99', TEST_PASSWORD)).statusCode).toBe(429);
      // Attempts a pair limit refused do not use up the ceiling: checked in that order.
      const other = await buildTestApp({
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '2',
        LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE: '5',
      });
      try {
        await createUser(other.db, other.config, { email: 'spread@example.com' });
        const one = (from: string, password = 'wrong-pw') =>
          other.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: from,
            payload: { email: 'spread@example.com', password },
          });
        for (let i = 0; i < 2; i++) expect((await one('203.0.113.1')).statusCode).toBe(401);
        for (let i = 0; i < 10; i++) expect((await one('203.0.113.1')).statusCode).toBe(429);
        expect((await one('192.0.2.10', TEST_PASSWORD)).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await limited.close();
    }
  });
});
