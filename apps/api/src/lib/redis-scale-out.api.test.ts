import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { openTestRedis, type TestRedis } from '../../test/test-redis';
import { startFakeSamGov, type FakeSamGov } from '../integrations/samgov/fake-samgov-server';
import { OUTAGE_DETAIL } from './outage';

// Two app instances, each with its own Redis client and its own database, as two API processes
// behind a load balancer would be: only Redis is shared. Real Redis with TEST_REDIS_URL, else ioredis-mock.
const NOTICE = 'fd05ce5247fb4bc1b86e1ce4691bb74b';
const env = {
  AUTH_RATE_LIMIT_PER_MINUTE: '8',
  LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '3',
  LOGIN_ACCOUNT_GLOBAL_RATE_LIMIT_PER_MINUTE: '5',
  SAM_API_KEY: 'test-key-123',
};

let r: TestRedis;
let sam: FakeSamGov;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  r = await openTestRedis();
  sam = await startFakeSamGov({ descriptions: { [NOTICE]: '<p>Renovate the <b>Aspinall</b> chambers.</p><script>alert(1)</script>' } });
  a = await buildTestApp({ ...env, SAM_API_BASE_URL: sam.url }, { redis: await r.client() });
  b = await buildTestApp({ ...env, SAM_API_BASE_URL: sam.url }, { redis: await r.client() });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await sam?.close();
  await r?.close();
});

const login = (t: TestApp, email: string, password: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, payload: { email, password } });

describe('REDIS_URL: limits and caches shared by two API processes', () => {
  it('counts the per-account login limit across both: the 6th attempt, on B after 5 on A, is 429', async () => {
    for (const t of [a, b]) await createUser(t.db, t.config, { email: 'shared@example.com' });
    for (let i = 0; i < 5; i++) expect((await login(a, 'shared@example.com', 'wrong-pw', `192.0.2.${i}`)).statusCode).toBe(401);
    const sixth = await login(b, 'shared@example.com', TEST_PASSWORD, '192.0.2.100');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toBe('Too many attempts. Please try again later.');
    // Another account still signs in on B.
    await createUser(b.db, b.config, { email: 'other@example.com' });
    expect((await login(b, 'other@example.com', TEST_PASSWORD, '192.0.2.101')).statusCode).toBe(200);
  });

  it('counts the per-(account, address) limit across both: a stranger is locked out, the owner from another address is not', async () => {
    for (const t of [a, b]) await createUser(t.db, t.config, { email: 'pair@example.com' });
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? a : b, 'pair@example.com', 'wrong-pw', '203.0.113.77')).statusCode).toBe(401);
    expect((await login(a, 'pair@example.com', TEST_PASSWORD, '203.0.113.77')).statusCode).toBe(429);
    expect((await login(b, 'pair@example.com', TEST_PASSWORD, '203.0.113.77')).statusCode).toBe(429);
    expect((await login(b, 'pair@example.com', TEST_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  it('counts concurrent attempts exactly: of 20 at once across both, 5 get through', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) => login(i % 2 ? a : b, 'burst@example.com', 'wrong-pw', `198.51.100.${i}`));
    const codes = (await Promise.all(attempts)).map((res) => res.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('counts the per-address limit across both (forgot-password, 8 a minute)', async () => {
    const forgot = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password?email=nobody%40example.com', remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 8; i++) expect((await forgot(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await forgot(a)).statusCode).toBe(429);
    expect((await forgot(b)).statusCode).toBe(429);
  });

  it('serves a SAM.gov description fetched through A from the cache on B, without another SAM call', async () => {
    const token = async (t: TestApp) => (await createUser(t.db, t.config)).token;
    const url = `/api/sam-gov/description?notice_id=${NOTICE}`;
    const first = await a.injectAs(await token(a), { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.json().description).toBe('<p>Renovate the <b>Aspinall</b> chambers.</p>');
    const calls = sam.requests.length;
    // B's database has never seen this notice: the answer can only come from the shared cache.
    const second = await b.injectAs(await token(b), { method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(sam.requests.length).toBe(calls);
  });

  it('keeps everything under its key prefix in Redis', async () => {
    const keys = await r.keys();
    expect(keys.some((k) => k.startsWith(`${r.prefix}rate-limit:`))).toBe(true);
    expect(keys).toContain(`${r.prefix}sam-description:${NOTICE}`);
  });
});

describe('when Redis goes away while running', () => {
  it('fails a rate-limited request (503, saying why) rather than skipping its limit', async () => {
    const redis = await r.client();
    const c = await buildTestApp(env, { redis });
    try {
      await createUser(c.db, c.config, { email: 'outage@example.com' });
      expect((await login(c, 'outage@example.com', TEST_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
      redis.disconnect();
      const res = await login(c, 'outage@example.com', TEST_PASSWORD, '192.0.2.50');
      // Issue 21 item 17: an outage is a 503 with the reason, not a bare 500.
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: OUTAGE_DETAIL.redis, code: 'UNAVAILABLE' });
    } finally {
      await c.close();
    }
  });
});

describe('without REDIS_URL (the embedded default)', () => {
  it('counts in each process alone: B has not seen the attempts made on A', async () => {
    const solo = [
      await buildTestApp({ LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '2' }),
      await buildTestApp({ LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: '2' }),
    ];
    try {
      const [x, y] = solo as [TestApp, TestApp];
      for (let i = 0; i < 2; i++) expect((await login(x, 'solo@example.com', 'wrong-pw', '192.0.2.1')).statusCode).toBe(401);
      expect((await login(x, 'solo@example.com', 'wrong-pw', '192.0.2.1')).statusCode).toBe(429);
      expect((await login(y, 'solo@example.com', 'wrong-pw', '192.0.2.1')).statusCode).toBe(401);
    } finally {
      await Promise.all(solo.map((t) => t.close()));
    }
  });
});
