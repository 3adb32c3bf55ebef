import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { awardCache } from '../../integrations/awards/award-cache';
import { usaspendingForLookups } from '../../integrations/awards/award-sources-from-config';
import { createSamContractAwardsClient, type SamContractAwardsClient } from '../../integrations/awards/sam-contract-awards-client';
import type { UsaspendingClient } from '../../integrations/awards/usaspending-client';
import { DbDailyQuota, SAM_AWARDS_QUOTA_API } from './award-quota';

/** The outside sources the opportunity page may ask on demand; each null when not configured. */
export interface AwardSources {
  usaspending: UsaspendingClient | null;
  /** SAM.gov Contract Awards, with SAM_API_KEY and AWARD_LOOKUPS; its daily quota counted in the database. */
  samAwards: SamContractAwardsClient | null;
}

export function awardSources(config: Config, db: Db, redis: Redis | null): AwardSources {
  const samAwards =
    config.AWARD_LOOKUPS && config.SAM_API_KEY
      ? createSamContractAwardsClient({
          apiKey: config.SAM_API_KEY,
          baseUrl: config.SAM_API_BASE_URL,
          quota: new DbDailyQuota(db, SAM_AWARDS_QUOTA_API, config.SAM_AWARDS_DAILY_LIMIT),
          // A reader waits on it (see usaspendingForLookups).
          timeoutMs: 8000,
          retry: { attempts: 2, baseDelayMs: 500, maxDelayMs: 2000 },
          cache: awardCache(redis),
        })
      : null;
  return { usaspending: usaspendingForLookups(config, redis), samAwards };
}
