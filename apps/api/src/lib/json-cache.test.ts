import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestRedis, type TestRedis } from '../../test/test-redis';
import { MemoryJsonCache, RedisJsonCache } from './json-cache';

// Against the real Redis when TEST_REDIS_URL is set, otherwise ioredis-mock: the same tests either way.
let r: TestRedis;
beforeAll(async () => {
  r = await openTestRedis();
});
afterAll(async () => {
  await r.close();
});

describe('RedisJsonCache', () => {
  it('misses an unknown key and returns what was set, as JSON, under its namespace', async () => {
    const cache = new RedisJsonCache<string[]>(await r.client(), 'ids:', 60_000);
    expect(await cache.get('{"keyword":"radar"}')).toBeUndefined();
    await cache.set('{"keyword":"radar"}', ['a1', 'b2']);
    expect(await cache.get('{"keyword":"radar"}')).toEqual(['a1', 'b2']);
    expect(await r.keys()).toContain(`${r.prefix}ids:{"keyword":"radar"}`);
  });

  it('is shared: a value one client cached is read by another', async () => {
    const a = new RedisJsonCache<string>(await r.client(), 'desc:', 60_000);
    const b = new RedisJsonCache<string>(await r.client(), 'desc:', 60_000);
    await a.set('n1', '<p>Renovate the <b>Aspinall</b> chambers — “phase 2”.</p>');
    expect(await b.get('n1')).toBe('<p>Renovate the <b>Aspinall</b> chambers — “phase 2”.</p>');
    // Another namespace is another cache.
    expect(await new RedisJsonCache<string>(await r.client(), 'other:', 60_000).get('n1')).toBeUndefined();
  });

  it('forgets a value after its TTL', async () => {
    const redis = await r.client();
    const cache = new RedisJsonCache<number[]>(redis, 'short:', 100);
    await cache.set('k', [1, 2, 3]);
    const ttl = await redis.pttl('short:k');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(100);
    // Redis expires it on its own clock: ask until it is gone rather than sleeping a guess.
    await vi.waitFor(async () => expect(await cache.get('k')).toBeUndefined(), { timeout: 10_000, interval: 25 });
  });
});

describe('MemoryJsonCache', () => {
  it('expires entries after the TTL and evicts the least recently used beyond its size', async () => {
    let now = 0;
    const cache = new MemoryJsonCache<string>(1000, 2, () => now);
    await cache.set('a', 'A');
    await cache.set('b', 'B');
    expect(await cache.get('a')).toBe('A'); // a is now the most recent
    await cache.set('c', 'C');
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe('A');
    now = 1001;
    expect(await cache.get('c')).toBeUndefined();
  });
});
