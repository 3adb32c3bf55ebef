import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { users } from '../../db/schema/index';
import { signSessionToken } from '../../lib/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const change = (token: string | null, payload: object) => t.injectAs(token, { method: 'POST', url: '/api/auth/change-password', payload });
const login = (email: string, password: string) =>
  t.injectAs(null, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' });

describe('POST /auth/change-password', () => {
  it('changes the password: the new one signs in, the old one not; this session goes on with a fresh token, others end', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const otherSession = await signSessionToken(t.config.JWT_SECRET, { sub: user.id, ver: user.tokenVersion }, 1);
    const res = await change(token, { current_password: TEST_PASSWORD, new_password: 'a-new-secret' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    expect((await me(body.token)).statusCode).toBe(200);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a-new-secret')).statusCode).toBe(200);

    for (const ended of [token, otherSession]) {
      const res = await me(ended);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'SESSION_ENDED',
        detail: 'Your session ended because your password was changed. Please sign in again.',
      });
    }
  });

  it('refuses a wrong current password and bad new passwords, changing nothing', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const cases: [object, string][] = [
      [{ current_password: 'not-it', new_password: 'a-new-secret' }, 'Current password is incorrect'],
      [{ current_password: TEST_PASSWORD, new_password: '12345' }, 'Password must be at least 6 characters'],
      [{ current_password: '', new_password: 'a-new-secret' }, 'Current password is required'],
      [{ new_password: 'a-new-secret' }, 'Current password is required'],
      [{ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }, 'The new password must differ from the current one'],
    ];
    for (const [payload, detail] of cases) {
      const res = await change(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('limits guesses at the current password per account, whatever addresses a session sends them from', { timeout: 120_000 }, async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const victim = await createUser(limited.db, limited.config);
      const bystander = await createUser(limited.db, limited.config);
      const attempt = (token: string, from: string, current: string) =>
        limited.injectAs(token, {
          method: 'POST',
          url: '/api/auth/change-password',
          remoteAddress: from,
          payload: { current_password: current, new_password: 'a-new-secret' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(victim.token, `198.51.100.${i}`, `guess-${i}`)).statusCode).toBe(400);
      const fourth = await attempt(victim.token, '198.51.100.50', TEST_PASSWORD);
      expect([fourth.statusCode, fourth.json().detail]).toEqual([429, 'Too many attempts. Please try again later.']);
      const [row] = await limited.db.select().from(users).where(eq(users.id, victim.user.id));
      expect(row!.passwordHash).toBe(victim.user.passwordHash);
      // Another account's limit is its own.
      expect((await attempt(bystander.token, '198.51.100.50', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a token', async () => {
    const res = await change(null, { current_password: 'x', new_password: 'abcdefg' });
    expect(res.statusCode).toBe(401);
  });

  it('two changes racing from one session: one wins, the other gets 409 and its password is not set', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const [a, b] = await Promise.all([
      change(token, { current_password: TEST_PASSWORD, new_password: 'first-secret' }),
      change(token, { current_password: TEST_PASSWORD, new_password: 'second-secret' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The loser either lost the conditional update (409) or arrived after the winner ended its session (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const winner = a.statusCode === 200 ? 'first-secret' : 'second-secret';
    const loser = winner === 'first-secret' ? 'second-secret' : 'first-secret';
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, loser)).statusCode).toBe(401);
  });

  it('a password reset ends sessions with the same SESSION_ENDED answer', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const { user, token } = await createUser(t.db, t.config);
    const reset = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/users/${user.id}/reset-password?new_password=reset-by-admin`,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(token)).json().code).toBe('SESSION_ENDED');
    // A token that is simply bad says nothing about sessions.
    expect((await me('not-a-token')).json()).toMatchObject({ detail: 'Could not validate credentials' });
  });
});
