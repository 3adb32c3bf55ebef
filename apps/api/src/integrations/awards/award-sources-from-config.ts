import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { awardCache } from './award-cache';
import { createUsaspendingClient, type UsaspendingClient } from './usaspending-client';

/**
 * The USAspending client the opportunity page's lookups use, or null with AWARD_LOOKUPS=false. A
 * reader waits on it: a short time limit and one retry, so a slow USAspending costs seconds, not a
 * minute; answers are cached (Redis when set) for 6 hours.
 */
export function usaspendingForLookups(
  config: Pick<Config, 'AWARD_LOOKUPS' | 'USASPENDING_API_BASE_URL'>,
  redis: Redis | null,
): UsaspendingClient | null {
  if (!config.AWARD_LOOKUPS) return null;
  return createUsaspendingClient({
    baseUrl: config.USASPENDING_API_BASE_URL,
    timeoutMs: 8000,
    retry: { attempts: 2, baseDelayMs: 500, maxDelayMs: 2000 },
    cache: awardCache(redis),
  });
}
