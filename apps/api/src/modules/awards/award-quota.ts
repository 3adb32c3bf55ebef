import type { Db } from '../../db/client';
import { utcDay, type DailyQuota, type QuotaUsage } from '../../integrations/awards/daily-quota';
import { exhaustQuota, quotaUsed, takeQuota } from './award-quota.repository';

/** SAM.gov Contract Awards' daily quota, counted in the database so every API process shares one count. */
export class DbDailyQuota implements DailyQuota {
  constructor(
    private readonly db: Db,
    private readonly api: string,
    private readonly limit: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  take(): Promise<boolean> {
    return takeQuota(this.db, this.api, utcDay(this.now()), this.limit);
  }

  exhaust(): Promise<void> {
    return exhaustQuota(this.db, this.api, utcDay(this.now()), this.limit);
  }

  async usage(): Promise<QuotaUsage> {
    const day = utcDay(this.now());
    return { day, used: Math.min(this.limit, await quotaUsed(this.db, this.api, day)), limit: this.limit };
  }
}

export const SAM_AWARDS_QUOTA_API = 'sam-contract-awards';
