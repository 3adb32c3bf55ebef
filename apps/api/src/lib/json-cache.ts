import type { Redis } from 'ioredis';

/** A cache of JSON values, each kept for the cache's TTL: in process memory, or in Redis shared by every API process. */
export interface JsonCache<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V): Promise<void>;
}

/** In process memory, LRU-bounded to `maxEntries`: the embedded default (one process). */
export class MemoryJsonCache<V> implements JsonCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<V | undefined> {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so Map order tracks recency.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  async set(key: string, value: V): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/**
 * In Redis under `namespace`, stored as JSON with the TTL as the key's expiry (SET … PX), so
 * every process sees what one of them cached and Redis forgets it on time. Size is bounded by the
 * TTL and by the Redis server's own maxmemory policy.
 */
export class RedisJsonCache<V> implements JsonCache<V> {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly ttlMs: number,
  ) {}

  async get(key: string): Promise<V | undefined> {
    const raw = await this.redis.get(this.namespace + key);
    return raw === null ? undefined : (JSON.parse(raw) as V);
  }

  async set(key: string, value: V): Promise<void> {
    await this.redis.set(this.namespace + key, JSON.stringify(value), 'PX', this.ttlMs);
  }
}
