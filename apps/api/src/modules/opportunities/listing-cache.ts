import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { OpportunityListResponse } from '@biddesk/shared';

/**
 * A short-lived cache of listing pages, shared by every user of one process.
 *
 * A listing page is the same for everyone except each row's `saved` flag, so the page (its rows,
 * total and pager, with `saved` false everywhere) is cached per query, and each request reads only
 * the caller's saved flags for the page's ids (one small indexed query) and takes the body for
 * that pattern of flags: JSON compressed once per (flags, encoding) and sent as bytes. Before, each
 * listing call ran the page query and the count (the count is a scan of the open notices) and
 * brotli-compressed ~18 KB, for every user, every time.
 *
 * Staleness: a write to opportunities in this process (import, SAM.gov search, description fetch,
 * clearing the data) empties every listing cache at once (`invalidateListings`); writes made by
 * another process (API_PROCESSES > 1, a second server) and the clock moving a deadline into the
 * past show after at most the TTL (LISTING_CACHE_MS, 5 s by default; 0 turns the cache off).
 * My Saved (`saved_only`) depends on the caller and is never cached.
 */

/** Bumped by every write to opportunities; an entry loaded under an older generation is not used. */
let generation = 0;

export function invalidateListings(): void {
  generation++;
}

export interface CachedListing {
  /** The page as the route's response schema returns it, every `saved` false. */
  response: OpportunityListResponse;
  ids: string[];
  /** Bodies made so far, by encoding and saved-flag pattern, and their bytes. */
  bodies: Map<string, ListingBody>;
  bodyBytes: number;
  /** Dropped from its cache: bodies made for requests still holding it are not kept. */
  dropped: boolean;
}

export type ListingEncoding = 'br' | 'gzip' | 'identity';

export interface ListingBody {
  bytes: Buffer;
  encoding: ListingEncoding;
}

// The same choices as @fastify/compress on these routes: brotli at a fast quality, else gzip, and
// nothing under 1 KB (compressing less saves nothing).
const ENCODINGS = ['br', 'gzip'];
const THRESHOLD_BYTES = 1024;
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
// A page of 20 has at most 2^20 flag patterns; the few that occur (mostly "none saved") are kept.
const MAX_BODIES_PER_PAGE = 32;

interface Entry {
  loadedAt: number;
  generation: number;
  value: Promise<CachedListing>;
  page?: CachedListing;
}

export class ListingCache {
  private readonly entries = new Map<string, Entry>();
  private bodyBytes = 0;

  /**
   * Memory is bounded whatever clients ask: at most `maxEntries` pages (a page of 100 rows is
   * ~0.2 MB as objects) and `maxBodyBytes` of encoded bodies over all pages; beyond that a body is
   * made for its request and not kept.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 200,
    private readonly maxBodyBytes = 32 * 1024 * 1024,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * The cached page for `key`, or `load()`'s. Concurrent misses share one load, so a burst of
   * requests after expiry costs one page query and one count, not one each.
   */
  get(key: string, load: () => Promise<Pick<CachedListing, 'response' | 'ids'>>, now = Date.now()): Promise<CachedListing> {
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && now - hit.loadedAt < this.ttlMs) return hit.value;
    const entry = { loadedAt: now, generation } as Entry;
    entry.value = load().then((loaded) => {
      const page = { ...loaded, bodies: new Map<string, ListingBody>(), bodyBytes: 0, dropped: this.entries.get(key) !== entry };
      entry.page = page;
      return page;
    });
    if (hit) this.drop(key, hit);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    // Oldest first in a Map's order: drop the oldest loads beyond the bound.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.drop(oldestKey, oldest);
    }
    return entry.value;
  }

  /** The response body for one caller: the cached page with the caller's saved flags, encoded. */
  body(page: CachedListing, saved: boolean[], accepted: ListingEncoding): ListingBody {
    // Built by concatenation: no array per request for the key (issue 25 item 7).
    let key = `${accepted}:`;
    for (const s of saved) key += s ? '1' : '0';
    const known = page.bodies.get(key);
    if (known) return known;
    const body = encodeListing(page, saved, accepted);
    const size = body.bytes.length;
    if (!page.dropped && page.bodies.size < MAX_BODIES_PER_PAGE && this.bodyBytes + size <= this.maxBodyBytes) {
      page.bodies.set(key, body);
      page.bodyBytes += size;
      this.bodyBytes += size;
    }
    return body;
  }

  /** Bytes of bodies kept over all pages (for tests and the memory bound). */
  get keptBodyBytes(): number {
    return this.bodyBytes;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (!entry.page) return;
    entry.page.dropped = true;
    this.bodyBytes -= entry.page.bodyBytes;
  }
}

/** The encoding to send for an Accept-Encoding header, as @fastify/compress would choose it. */
export function listingEncoding(acceptEncoding: string | undefined): ListingEncoding {
  if (!acceptEncoding) return 'identity';
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/** The page's JSON with these saved flags, encoded. */
function encodeListing(page: CachedListing, saved: boolean[], accepted: ListingEncoding): ListingBody {
  // Same fields in the same order as the serializer would write them; only `saved` differs.
  const json = JSON.stringify({ ...page.response, data: page.response.data.map((row, i) => (saved[i] ? { ...row, saved: true } : row)) });
  const raw = Buffer.from(json);
  const encoding = raw.length < THRESHOLD_BYTES ? 'identity' : accepted;
  const bytes = encoding === 'br' ? brotliCompressSync(raw, BROTLI) : encoding === 'gzip' ? gzipSync(raw) : raw;
  return { bytes, encoding };
}
