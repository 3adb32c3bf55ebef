import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity, type ActivityRow } from '../../db/schema/index';

export type NewActivity = typeof activity.$inferInsert;

/** Appends one audit record. */
export async function insert(db: Db, entry: NewActivity): Promise<void> {
  await db.insert(activity).values(entry);
}

/** The most recent records, newest first. */
export async function listRecent(db: Db, limit: number): Promise<ActivityRow[]> {
  return db.select().from(activity).orderBy(desc(activity.createdAt)).limit(limit);
}
