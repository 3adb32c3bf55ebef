import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { users } from '../db/schema/index';
import { signSessionToken } from '../lib/tokens';

/**
 * The auth hook keeps users rows for AUTH_USER_CACHE_MS (lib/session-cache.ts, issue 25 item 7).
 * These prove no check got weaker: a change made through the app counts at once in this process,
 * and a change made behind its back (SQL, the CLI, another process without Redis) within the TTL.
 * The cross-process case over Redis is in test/scale-out/two-processes.scale.test.ts.
 */
// The largest TTL allowed: a change seen sooner than this was announced, not waited out.
const TTL_MS = 10_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_USER_CACHE_MS: String(TTL_MS) });
});
afterAll(async () => {
  await t.close();
});

const me = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' });

describe('auth hook user cache', () => {
  it('ends a cached session at once when the password changes through the app', async () => {
    const { user, token } = await createUser(t.db, t.config);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    const res = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { current_password: TEST_PASSWORD, new_password: 'a-new-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    // The new session works at once, though the row kept a moment ago carried the old version.
    expect((await me(res.json().token)).json()).toMatchObject({ id: user.id });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.tokenVersion).toBe(user.tokenVersion + 1);
  });

  it('refuses a demoted admin and a deleted user at once, though both were cached', async () => {
    const root = await createUser(t.db, t.config, { role: 'admin' });
    const other = await createUser(t.db, t.config, { role: 'admin' });
    const victim = await createUser(t.db, t.config);
    for (const token of [other.token, victim.token]) expect((await me(token)).statusCode).toBe(200);
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(200);

    expect((await t.injectAs(root.token, { method: 'PUT', url: `/api/admin/users/${other.user.id}/role?role=user` })).statusCode).toBe(200);
    const refused = await t.injectAs(other.token, { method: 'GET', url: '/api/admin/users' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Admin access required');

    expect((await t.injectAs(root.token, { method: 'DELETE', url: `/api/admin/users/${victim.user.id}` })).statusCode).toBe(200);
    const gone = await me(victim.token);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().detail).toBe('Could not validate credentials');
  });

  it('shows a new name at once after a profile change', async () => {
    const { token } = await createUser(t.db, t.config, { name: 'Before Name' });
    expect((await me(token)).json().name).toBe('Before Name');
    const res = await t.injectAs(token, { method: 'PATCH', url: '/api/auth/profile', payload: { name: 'After Name' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await me(token)).json().name).toBe('After Name');
  });

  it('ends a session changed outside the app (SQL, the CLI) within AUTH_USER_CACHE_MS', async () => {
    const { user, token } = await createUser(t.db, t.config);
    expect((await me(token)).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const changedAt = performance.now();
    // Ask until refused: every answer to a request sent a TTL or more after the change must be a refusal.
    const answers: { sentMs: number; status: number }[] = [];
    for (;;) {
      const sentMs = performance.now() - changedAt;
      const { statusCode } = await me(token);
      answers.push({ sentMs, status: statusCode });
      if (statusCode === 401) break;
      if (sentMs > 30_000) throw new Error('the ended session was still accepted after 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(answers.filter((a) => a.status === 200 && a.sentMs >= TTL_MS)).toEqual([]);
    expect((await me(token)).json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('refuses a forged token even when a valid one of the same user is cached', async () => {
    const { token } = await createUser(t.db, t.config);
    expect((await me(token)).statusCode).toBe(200);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('refuses a remembered token from its expiry on', async () => {
    const { user } = await createUser(t.db, t.config);
    const token = await signSessionToken(t.config.JWT_SECRET, { sub: user.id, ver: user.tokenVersion }, 1 / 3600);
    const expiresAtMs = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp * 1000;
    expect((await me(token)).statusCode).toBe(200);
    const answers: { sentAt: number; status: number }[] = [];
    for (;;) {
      const sentAt = Date.now();
      const { statusCode } = await me(token);
      answers.push({ sentAt, status: statusCode });
      if (statusCode === 401) break;
      if (sentAt > expiresAtMs + 30_000) throw new Error('the expired token was still accepted after 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(answers.filter((a) => a.status === 200 && a.sentAt >= expiresAtMs)).toEqual([]);
  });
});
