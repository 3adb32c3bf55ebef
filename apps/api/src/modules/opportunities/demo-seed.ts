import { createReadStream, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { importOpportunitiesCsv } from './import/import-csv';
import { invalidateListings } from './listing-cache';
import * as repo from './opportunities.repository';
import { shiftAllDates } from './opportunities-write.repository';

export const DEMO_CSV = path.resolve(import.meta.dirname, '../../../data-seed/contract-opportunities-real.csv');
const MARKER = 'demo-data-seeded';

export interface SeedLog {
  info(msg: string): void;
}

/**
 * First start of the embedded default with an empty database: load the real SAM.gov extract rows
 * bundled in data-seed/. They are months old, so every date moves by one offset of whole days that
 * brings the newest posting into the last 24 hours (deadlines keep their distance from postings and
 * the time of day SAM stated, so "4:00 PM UTC-05:00" stays 4:00 PM). A marker file in DATA_DIR
 * makes it happen once: an admin who clears the data does not get it back on restart.
 */
export async function seedDemoData(
  db: Db,
  dataDir: string,
  log: SeedLog,
  now = new Date(),
): Promise<{ seeded: number; shiftDays: number } | null> {
  const marker = path.join(dataDir, MARKER);
  if (existsSync(marker)) return null;
  if ((await repo.countAll(db)) > 0) {
    writeFileSync(marker, new Date().toISOString());
    return null;
  }
  const result = await importOpportunitiesCsv(db, createReadStream(DEMO_CSV));
  const newest = await repo.latestPostedDate(db);
  const shiftMs = newest ? Math.floor((now.getTime() - newest.getTime()) / 86_400_000) * 86_400_000 : 0;
  await shiftAllDates(db, shiftMs / 1000);
  invalidateListings();
  writeFileSync(marker, new Date().toISOString());
  const shiftDays = Math.round(shiftMs / 86_400_000);
  log.info(
    `Loaded ${result.imported} real SAM.gov opportunities as demo data; their dates were shifted by ${shiftDays} days so the newest posting is today (SEED_DEMO_DATA=false turns this off).`,
  );
  return { seeded: result.imported, shiftDays };
}
