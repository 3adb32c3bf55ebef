import { eq, sql } from 'drizzle-orm';
import type { SamSyncSettings } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

const KEY = 'sam_sync';

/** SAM.gov's public daily extract of active notices (API-FACTS §2); no key needed. */
export const DEFAULT_SAM_EXTRACT_URL =
  'https://sam.gov/api/prod/fileextractservices/v1/api/download/Contract%20Opportunities/datagov/ContractOpportunitiesFullCSV.csv?privacy=Public';

/** Off until an admin turns it on; SAM publishes the extract early morning US Eastern (~10:00 UTC). */
export const DEFAULT_SAM_SYNC: SamSyncSettings = { enabled: false, url: DEFAULT_SAM_EXTRACT_URL, hour: 10 };

export async function readSamSyncSettings(db: Db): Promise<SamSyncSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  const v = (row?.value ?? {}) as Partial<SamSyncSettings>;
  return {
    enabled: typeof v.enabled === 'boolean' ? v.enabled : DEFAULT_SAM_SYNC.enabled,
    url: typeof v.url === 'string' ? v.url : DEFAULT_SAM_SYNC.url,
    hour: typeof v.hour === 'number' ? v.hour : DEFAULT_SAM_SYNC.hour,
  };
}

export async function writeSamSyncSettings(db: Db, settings: SamSyncSettings): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: { ...settings } })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { ...settings }, updatedAt: sql`now()` } });
}
