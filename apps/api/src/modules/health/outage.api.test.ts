import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { freePort } from '../../../test/scale-out/api-process';
import { users } from '../../db/schema/index';
import { OUTAGE_DETAIL } from '../../lib/outage';

/**
 * Issue 21 item 17. With Redis down, sign-in, registration, forgot/reset and change password
 * answered 500 and /api/health stayed 200; a database dropped and re-created answered 500 until a
 * restart. Now: 503 with a readable detail, health says what is down, and missing tables are
 * migrated again while the server runs.
 */

describe('Redis down', () => {
  let t: TestApp;
  let redis: Redis;
  let token: string;
  beforeAll(async () => {
    // The app's Redis client, with the options lib/redis.ts gives it, on a port where nothing
    // answers any more: every command fails after its reconnect attempts, as when Redis stops.
    redis = new Redis({ host: '127.0.0.1', port: await freePort(), lazyConnect: true, maxRetriesPerRequest: 2, keyPrefix: 'biddesk:' });
    redis.on('error', () => {});
    t = await buildTestApp({}, { redis });
    token = (await createUser(t.db, t.config, { email: 'writer@example.com', password: 'Writer-Pw-123' })).token;
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
  });

  it('sign-in, registration, forgot and reset password and change password answer 503 with the reason', async () => {
    const calls = [
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'writer@example.com', password: 'Writer-Pw-123' } },
      {
        method: 'POST' as const,
        url: '/api/auth/register',
        payload: { email: 'new@example.com', password: 'New-Pw-12345', name: 'New', invite_code: 'AAAAA-BBBBB-CCCCC' },
      },
      { method: 'POST' as const, url: '/api/auth/forgot-password?email=writer%40example.com' },
      { method: 'POST' as const, url: '/api/auth/reset-password', payload: { token: 'x'.repeat(43), new_password: 'Another-Pw-123' } },
      {
        method: 'POST' as const,
        url: '/api/auth/change-password',
        payload: { current_password: 'Writer-Pw-123', new_password: 'Another-Pw-123' },
        token,
      },
    ];
    for (const call of calls) {
      const res = await t.injectAs(call.token ?? null, {
        method: call.method,
        url: call.url,
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(503);
      expect(res.json()).toEqual({ detail: OUTAGE_DETAIL.redis, code: 'UNAVAILABLE' });
    }
    // Nothing was written by the refused calls.
    expect(await t.db.select().from(users).where(eq(users.email, 'new@example.com'))).toEqual([]);
  });

  it('health answers 503 and names Redis', async () => {
    const res = await t.injectAs(null, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', redis: 'down', schema: 'ok', detail: 'Unavailable: Redis does not answer.' });
  });
});

describe('a database emptied under the running server (dropped and re-created)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('health reports the schema and Redis when all is well', async () => {
    const res = await t.injectAs(null, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', schema: 'ok', redis: 'not configured' });
  });

  it('answers 503 instead of 500, migrates again and serves without a restart', async () => {
    for (const statement of ['drop schema if exists drizzle cascade', 'drop schema public cascade', 'create schema public'])
      await t.db.execute(sql.raw(statement));
    const refused = await t.injectAs(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever-123' },
    });
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({ detail: OUTAGE_DETAIL.schema, code: 'UNAVAILABLE' });

    // The refused request started the migrations; health turns 200 once they are applied.
    let health = await t.injectAs(null, { method: 'GET', url: '/api/health' });
    for (let i = 0; health.statusCode !== 200 && i < 600; i++) {
      expect(health.statusCode).toBe(503);
      expect(health.json().schema).toMatch(/^(missing|outdated|ok)$/);
      await new Promise((r) => setTimeout(r, 100));
      health = await t.injectAs(null, { method: 'GET', url: '/api/health' });
    }
    expect(health.json()).toMatchObject({ status: 'ok', schema: 'ok' });
    expect(
      (
        await t.injectAs(null, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'whatever-123' },
        })
      ).statusCode,
    ).toBe(401);
    const user = await createUser(t.db, t.config);
    expect((await t.injectAs(user.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(200);
  });
});
