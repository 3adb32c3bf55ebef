import type { Redis } from 'ioredis';
import { MemoryJsonCache, RedisJsonCache, type JsonCache } from '../../lib/json-cache';

// Award records change with a modification, at most daily; USAspending reloads nightly.
const AWARD_CACHE_TTL_MS = 6 * 60 * 60_000;

/**
 * The award clients' answers (validated JSON by request), shared by every process through Redis
 * when REDIS_URL is set (SAM's quota is one per key), otherwise in process memory.
 */
export function awardCache(redis: Redis | null): JsonCache<unknown> {
  return redis ? new RedisJsonCache(redis, 'award-api:', AWARD_CACHE_TTL_MS) : new MemoryJsonCache(AWARD_CACHE_TTL_MS, 500);
}
