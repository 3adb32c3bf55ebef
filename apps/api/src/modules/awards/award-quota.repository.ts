import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { apiQuotaUsage } from '../../db/schema/index';

/**
 * Takes one request of `limit` for `api` on `day`: one conditional statement, so of any number of
 * processes taking at once exactly `limit` succeed (the upsert's row lock orders them and the
 * WHERE is re-checked on the committed count). True when taken.
 */
export async function takeQuota(db: Db, api: string, day: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = rowsOf<{ used: number }>(
    await db.execute(sql`
      insert into api_quota_usage (api, day, used) values (${api}, ${day}::date, 1)
      on conflict (api, day) do update set used = api_quota_usage.used + 1
      where api_quota_usage.used < ${limit}
      returning used`),
  );
  return rows.length === 1;
}

/** Marks the day's allowance as used up (the source said so). */
export async function exhaustQuota(db: Db, api: string, day: string, limit: number): Promise<void> {
  await db.execute(sql`
    insert into api_quota_usage (api, day, used) values (${api}, ${day}::date, ${limit})
    on conflict (api, day) do update set used = greatest(api_quota_usage.used, ${limit})`);
}

export async function quotaUsed(db: Db, api: string, day: string): Promise<number> {
  const [row] = await db
    .select({ used: apiQuotaUsage.used })
    .from(apiQuotaUsage)
    .where(and(eq(apiQuotaUsage.api, api), eq(apiQuotaUsage.day, day)));
  return row?.used ?? 0;
}
