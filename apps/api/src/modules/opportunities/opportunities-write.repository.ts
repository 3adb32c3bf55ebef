import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, type NewOpportunityRow } from '../../db/schema/index';

// Columns a re-import overwrites: everything SAM owns. id, created_at and pdf_processed are ours.
const KEEP = new Set(['id', 'createdAt', 'pdfProcessed', 'searchVector', 'updatedAt', 'description', 'descriptionFetchedAt']);
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const updateOnConflict: Record<string, SQL> = Object.fromEntries(
  Object.keys(getTableColumns(opportunities))
    .filter((key) => !KEEP.has(key))
    .map((key) => [key, sql.raw(`excluded."${snake(key)}"`)]),
);
// A row without a description must not wipe one we have, and a live search's noticedesc URL (the
// fetch marker) must not replace text we already hold from the extract or an earlier fetch.
updateOnConflict.description = sql`case
  when excluded.description ~ '^https?://' and ${opportunities.description} is not null and ${opportunities.description} !~ '^https?://'
    then ${opportunities.description}
  else coalesce(excluded.description, ${opportunities.description}) end`;
updateOnConflict.updatedAt = sql`now()`;

/**
 * Inserts or updates a batch keyed on NoticeId, in one multi-row statement (so a batch is
 * all-or-nothing). Returns how many rows were new. Within a batch the last row of a NoticeId wins:
 * PostgreSQL refuses to update the same row twice in one statement.
 */
export async function upsertOpportunities(db: Db, rows: NewOpportunityRow[]): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const unique = [...new Map(rows.map((r) => [r.noticeId, r])).values()];
  const result = await db
    .insert(opportunities)
    .values(unique)
    .onConflictDoUpdate({ target: opportunities.noticeId, set: updateOnConflict })
    // xmax = 0 only on freshly inserted tuples: the standard way to tell insert from update.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}
