import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { OpportunitySummary } from '@biddesk/shared';
import { describe, expect, it } from 'vitest';
import { ListingCache, invalidateListings, listingEncoding, type CachedListing } from './listing-cache';

const row = (id: string) => ({ id, title: `Notice ${id} `.repeat(60), saved: false }) as unknown as OpportunitySummary;

function page(ids: string[]): CachedListing {
  return {
    response: { data: ids.map(row), total: ids.length, total_pages: 1, page: 1 },
    ids,
    bodies: new Map(),
    bodyBytes: 0,
    dropped: false,
  };
}

describe('ListingCache', () => {
  it('loads a key once for concurrent callers and again after the TTL', async () => {
    const cache = new ListingCache(5000);
    let loads = 0;
    const load = async () => ({ ...page([`p${++loads}`]) });
    const [a, b] = await Promise.all([cache.get('k', load, 1000), cache.get('k', load, 1001)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect((await cache.get('k', load, 5999)).ids).toEqual(['p1']);
    expect((await cache.get('k', load, 6000)).ids).toEqual(['p2']);
    expect((await cache.get('other', load, 6000)).ids).toEqual(['p3']);
  });

  it('drops every cached page when opportunities are written (invalidateListings)', async () => {
    const cache = new ListingCache(60_000);
    let loads = 0;
    const load = async () => page([`p${++loads}`]);
    await cache.get('k', load, 0);
    invalidateListings();
    expect((await cache.get('k', load, 1)).ids).toEqual(['p2']);
    expect((await cache.get('k', load, 2)).ids).toEqual(['p2']);
  });

  it('does not keep a failed load, and keeps at most maxEntries pages', async () => {
    const cache = new ListingCache(60_000, 2);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')), 0)).rejects.toThrow('db down');
    expect((await cache.get('k', async () => page(['ok']), 1)).ids).toEqual(['ok']);
    let loads = 0;
    const load = async () => page([`p${++loads}`]);
    await cache.get('a', load, 2);
    await cache.get('b', load, 3);
    // 'k' was the oldest of three: evicted, so it loads again.
    expect((await cache.get('k', load, 4)).ids).toEqual(['p3']);
  });

  it('is off with a TTL of 0', () => {
    expect(new ListingCache(0).enabled).toBe(false);
    expect(new ListingCache(5000).enabled).toBe(true);
  });
});

describe('listingEncoding', () => {
  it('chooses brotli, then gzip, as the compression plugin does, honouring q-values', () => {
    expect(listingEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(listingEncoding('gzip')).toBe('gzip');
    expect(listingEncoding('br;q=0, gzip')).toBe('gzip');
    expect(listingEncoding('x-gzip')).toBe('gzip');
    expect(listingEncoding('*')).toBe('gzip');
    expect(listingEncoding('identity')).toBe('identity');
    expect(listingEncoding('deflate')).toBe('identity');
    expect(listingEncoding(undefined)).toBe('identity');
  });
});

describe('ListingCache.body', () => {
  const cache = new ListingCache(5000);
  const listingBody = (p: CachedListing, saved: boolean[], encoding: 'br' | 'gzip' | 'identity') => cache.body(p, saved, encoding);

  it("writes each caller's saved flags into the page and encodes it, reusing a body per pattern", () => {
    const p = page(['a', 'b', 'c']);
    const mine = listingBody(p, [false, true, false], 'br');
    expect(mine.encoding).toBe('br');
    const json = JSON.parse(brotliDecompressSync(mine.bytes).toString());
    expect(json.data.map((r: OpportunitySummary) => r.saved)).toEqual([false, true, false]);
    expect(json).toMatchObject({ total: 3, total_pages: 1, page: 1 });
    const none = listingBody(p, [false, false, false], 'gzip');
    expect(JSON.parse(gunzipSync(none.bytes).toString()).data.map((r: OpportunitySummary) => r.saved)).toEqual([false, false, false]);
    // The cached page itself is never changed by a caller's flags.
    expect(p.response.data.every((r) => r.saved === false)).toBe(true);
    expect(listingBody(p, [false, true, false], 'br')).toBe(mine);
    expect(listingBody(p, [false, true, false], 'identity').bytes.toString()).toBe(
      JSON.stringify({ ...p.response, data: p.response.data.map((r, i) => ({ ...r, saved: i === 1 })) }),
    );
  });

  it('sends a body under 1 KB uncompressed', () => {
    const small = listingBody(page([]), [], 'br');
    expect(small.encoding).toBe('identity');
    expect(JSON.parse(small.bytes.toString())).toEqual({ data: [], total: 0, total_pages: 1, page: 1 });
  });

  it('keeps bodies within its byte budget and forgets those of a dropped page', async () => {
    const small = new ListingCache(60_000, 1, 3000);
    const first = await small.get('a', async () => page(['a', 'b', 'c']), 0);
    const one = small.body(first, [true, false, false], 'identity');
    expect(small.keptBodyBytes).toBe(one.bytes.length);
    // A second body would pass the 3,000-byte budget: made for its request, not kept.
    const two = small.body(first, [false, true, false], 'identity');
    expect(small.keptBodyBytes).toBe(one.bytes.length);
    expect(small.body(first, [false, true, false], 'identity')).not.toBe(two);
    // A new page evicts the first (one entry at most): its bytes are released, and a late request
    // still holding it gets its body without it being kept.
    const second = await small.get('b', async () => page(['d']), 1);
    expect(small.keptBodyBytes).toBe(0);
    small.body(first, [false, false, true], 'identity');
    expect(small.keptBodyBytes).toBe(0);
    small.body(second, [false], 'identity');
    expect(small.keptBodyBytes).toBeGreaterThan(0);
  });
});
