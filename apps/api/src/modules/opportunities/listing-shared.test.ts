import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ctx } from '../../lib/ctx';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TEST_PASSWORD, createOpportunity, createUser } from '../../../test/factories';
import { invalidateListings } from './listing-cache';
import { listingCacheOf } from './listing.service';

// The listing page is cached and shared by every user (listing-cache.ts); these prove what a user
// gets from it is what the plain path would send, with their own saved flags, and never stale after
// a write in this process. `cachedApp` uses the default cache; `plainApp` has it off.
const DAY = 86_400_000;
let cachedApp: TestApp;
let plainApp: TestApp;
const users: Record<string, string> = {};
const ids: Record<string, string> = {};

// One clock for both apps' rows, so their listings can be compared field by field.
const now = Date.now();
const NEW_NOTICE = {
  noticeId: 'new-shared-listing',
  title: 'Brand new notice',
  postedDate: new Date(now),
  responseDeadline: new Date(now + 30 * DAY),
};

async function seed(t: TestApp) {
  const made: string[] = [];
  // Long descriptions so a page is over the 1 KB compression threshold.
  for (let i = 0; i < 6; i++) {
    made.push(
      await createOpportunity(t.db, {
        noticeId: `n${i}-shared-listing`,
        title: `Notice ${i}`,
        postedDate: new Date(now - (i + 1) * DAY),
        responseDeadline: new Date(now + 30 * DAY),
        description: `Scope of work ${i}. `.repeat(40),
      }),
    );
  }
  return made;
}

const listAs = (t: TestApp, token: string | null, url = '/api/opportunities', acceptEncoding?: string) =>
  t.injectAs(token, { method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

function decoded(res: LightMyRequestResponse) {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8'));
}

const savedFlags = (body: { data: { id: string; saved: boolean }[] }) => Object.fromEntries(body.data.map((o) => [o.id, o.saved]));

beforeAll(async () => {
  cachedApp = await buildTestApp();
  plainApp = await buildTestApp({ LISTING_CACHE_MS: '0' });
  const made = await seed(cachedApp);
  await seed(plainApp);
  [ids.a, ids.b, ids.c] = made;
  users.ann = (await createUser(cachedApp.db, cachedApp.config)).token;
  users.bob = (await createUser(cachedApp.db, cachedApp.config)).token;
  users.plain = (await createUser(plainApp.db, plainApp.config)).token;
});
afterAll(async () => {
  await cachedApp.close();
  await plainApp.close();
});

describe('GET /api/opportunities from the shared page cache', () => {
  it("gives each user their own saved flags, and a user's save shows at once", async () => {
    const save = (token: string, id: string) =>
      cachedApp.injectAs(token, { method: 'POST', url: `/api/opportunities/${id}/save?saved=true` });
    expect((await save(users.ann!, ids.a!)).statusCode).toBe(200);
    // Both read the same cached page (the first call fills it).
    const ann = decoded(await listAs(cachedApp, users.ann!));
    const bob = decoded(await listAs(cachedApp, users.bob!));
    expect(savedFlags(ann)[ids.a!]).toBe(true);
    expect(Object.values(savedFlags(bob)).every((s) => s === false)).toBe(true);
    expect(bob.data.map((o: { id: string }) => o.id)).toEqual(ann.data.map((o: { id: string }) => o.id));

    // Within the cache's TTL: Bob's own save is on his next listing, and not on Ann's.
    expect((await save(users.bob!, ids.b!)).statusCode).toBe(200);
    expect(savedFlags(decoded(await listAs(cachedApp, users.bob!)))).toMatchObject({ [ids.a!]: false, [ids.b!]: true });
    expect(savedFlags(decoded(await listAs(cachedApp, users.ann!)))).toMatchObject({ [ids.a!]: true, [ids.b!]: false });
    // Unsaving shows at once too.
    await cachedApp.injectAs(users.ann!, { method: 'POST', url: `/api/opportunities/${ids.a}/save?saved=false` });
    expect(savedFlags(decoded(await listAs(cachedApp, users.ann!)))[ids.a!]).toBe(false);
  });

  it('shows a notice written in this process at once, not after the TTL', async () => {
    const before = decoded(await listAs(cachedApp, users.ann!));
    const id = await createOpportunity(cachedApp.db, NEW_NOTICE);
    const after = decoded(await listAs(cachedApp, users.ann!));
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toMatchObject({ id, title: 'Brand new notice', saved: false });
  });

  it('sends exactly what the uncached path sends, in brotli, gzip or plain as the client accepts', async () => {
    const withoutIds = (body: { data: { id: string }[] }) => ({ ...body, data: body.data.map(({ id: _id, ...rest }) => rest) });
    await createOpportunity(plainApp.db, NEW_NOTICE);
    const url = '/api/opportunities?page=1&limit=4';
    const plain = await listAs(plainApp, users.plain!, url, 'br, gzip');
    expect(plain.headers['content-encoding']).toBe('br');
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const res = await listAs(cachedApp, users.bob!, url, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const body = decoded(res);
      // Bob saved ids.b in the first test; the plain app's user saved nothing.
      expect(withoutIds({ ...body, data: body.data.map((o: { saved: boolean }) => ({ ...o, saved: false })) })).toEqual(
        withoutIds(decoded(plain)),
      );
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it("does not cache My Saved (it is the caller's own list)", async () => {
    await cachedApp.injectAs(users.ann!, { method: 'POST', url: `/api/opportunities/${ids.c}/save?saved=true` });
    const ann = decoded(await listAs(cachedApp, users.ann!, '/api/opportunities?saved_only=true'));
    const bob = decoded(await listAs(cachedApp, users.bob!, '/api/opportunities?saved_only=true'));
    expect(ann.data.map((o: { id: string }) => o.id)).toEqual([ids.c]);
    expect(bob.data.map((o: { id: string }) => o.id)).toEqual([ids.b]);
  });

  it('still answers 401 without a token and 400 for a bad query, with a detail', async () => {
    const anonymous = await listAs(cachedApp, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBeTruthy();
    const bad = await listAs(cachedApp, users.ann!, '/api/opportunities?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
  });
});

describe('sign-in warms the first listing page', () => {
  it('loads the default page while the password is checked, and the listing call after it runs no page query', async () => {
    const { user } = await createUser(cachedApp.db, cachedApp.config, { password: TEST_PASSWORD });
    const cache = listingCacheOf({ db: cachedApp.db, config: cachedApp.config } as Ctx);
    const get = cache.get.bind(cache);
    const loads: string[] = [];
    const spy = vi.spyOn(cache, 'get').mockImplementation((key, load, now) => get(key, () => (loads.push(key), load()), now));
    try {
      invalidateListings();
      // An unknown address loads nothing.
      const unknown = await cachedApp.injectAs(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody-warm@example.com', password: TEST_PASSWORD },
      });
      expect(unknown.statusCode).toBe(401);
      expect(loads).toEqual([]);

      const login = await cachedApp.injectAs(null, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(loads).toHaveLength(1);
      // The dashboard's first call (its own default query string) reads that page: no second load.
      const res = await listAs(
        cachedApp,
        login.json().token,
        '/api/opportunities?page=1&limit=20&agency=all&set_aside=none&status=open&sort=posted&order=desc&_=1',
      );
      expect(res.statusCode).toBe(200);
      expect(decoded(res).data.length).toBeGreaterThan(0);
      expect(loads).toHaveLength(1);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
