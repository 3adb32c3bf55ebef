/**
 * A source's daily request allowance (SAM.gov: 10 a day without a role, 1,000 with one; it resets
 * at 00:00 UTC). Taken before each request, so the quota is spent knowingly and shown to admins;
 * `exhaust` records the source's own word (a 429) when our count and its count disagree.
 */
export interface QuotaUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
  limit: number;
}

export interface DailyQuota {
  /** Takes one request of today's allowance; false when it is used up (nothing taken). */
  take(): Promise<boolean>;
  /** Marks today's allowance as used up. */
  exhaust(): Promise<void>;
  usage(): Promise<QuotaUsage>;
}

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** In process memory: one process, or tests. The database-backed one is modules/awards/award-quota.ts. */
export class MemoryDailyQuota implements DailyQuota {
  private day = '';
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private roll(): void {
    const today = utcDay(this.now());
    if (today !== this.day) {
      this.day = today;
      this.used = 0;
    }
  }

  async take(): Promise<boolean> {
    this.roll();
    if (this.used >= this.limit) return false;
    this.used++;
    return true;
  }

  async exhaust(): Promise<void> {
    this.roll();
    this.used = Math.max(this.used, this.limit);
  }

  async usage(): Promise<QuotaUsage> {
    this.roll();
    return { day: this.day, used: this.used, limit: this.limit };
  }
}

/** 00:00 UTC after `now`: when SAM.gov's daily quota resets. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
