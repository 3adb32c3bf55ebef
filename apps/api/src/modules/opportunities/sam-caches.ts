import type { Redis } from 'ioredis';
import { MemoryJsonCache, RedisJsonCache, type JsonCache } from '../../lib/json-cache';

/**
 * What SAM.gov answered, kept so repeats cost nothing: a non-federal key gets 1,000 calls a day,
 * and a team repeats the same searches and opens the same notices. In Redis when REDIS_URL is
 * set (one quota, several processes), otherwise in process memory.
 */
export interface SamCaches {
  /** Notice ids a search's filters returned (key: the filters as JSON), 15 minutes. */
  search: JsonCache<string[]>;
  /** A notice's sanitised description (key: notice id), a day. */
  description: JsonCache<string>;
}

const SEARCH_TTL_MS = 15 * 60_000;
const DESCRIPTION_TTL_MS = 24 * 60 * 60_000;

export function samCaches(redis: Redis | null): SamCaches {
  if (!redis) return { search: new MemoryJsonCache(SEARCH_TTL_MS, 200), description: new MemoryJsonCache(DESCRIPTION_TTL_MS, 500) };
  return {
    search: new RedisJsonCache(redis, 'sam-search:', SEARCH_TTL_MS),
    description: new RedisJsonCache(redis, 'sam-description:', DESCRIPTION_TTL_MS),
  };
}
