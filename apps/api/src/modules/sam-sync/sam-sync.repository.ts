import { eq, sql } from 'drizzle-orm';
import type { SamSyncSettings } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

const KEY = 'sam_sync';

/** The stored SAM sync settings as saved (possibly partial or from an older version); undefined if never saved. */
export async function findSettings(db: Db): Promise<Partial<SamSyncSettings> | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return row ? ((row.value ?? {}) as Partial<SamSyncSettings>) : undefined;
}

/** Saves the settings (one upsert). */
export async function saveSettings(db: Db, settings: SamSyncSettings): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: { ...settings } })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { ...settings }, updatedAt: sql`now()` } });
}
