import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { activity } from '../../db/schema/index';

/** How far back a cursor may lag behind the clock (see `readChangesCursor`). */
const MAX_CURSOR_LAG = sql`interval '30 seconds'`;

/**
 * The instant up to which the activity log is complete, as microseconds since the epoch (text, to
 * stay exact). `created_at` is a transaction's start time, so a row can commit after later-stamped
 * rows; no transaction still running can commit a row stamped before the oldest open transaction's
 * start, so the cursor stops there (as the saved-search alerts do). It never lags more than 30 s:
 * a long unrelated transaction (an import) must not make every poll report the same changes again.
 */
export async function readChangesCursor(db: Db): Promise<string> {
  const [row] = rowsOf<{ cursor: string }>(
    await db.execute(sql`select floor(extract(epoch from greatest(clock_timestamp() - ${MAX_CURSOR_LAG}, least(clock_timestamp(), coalesce((
        select min(xact_start) from pg_stat_activity
        where pid <> pg_backend_pid() and xact_start is not null and datname = current_database()), clock_timestamp())))) * 1000000)::bigint::text as cursor`),
  );
  return String(row!.cursor);
}

/**
 * The distinct actions recorded in a workspace after `sinceMicros` (one range read of the
 * `(workspace_id, created_at)` index).
 */
export async function listActionsSince(db: Db, workspaceId: string, sinceMicros: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: activity.action })
    .from(activity)
    .where(
      and(
        eq(activity.workspaceId, workspaceId),
        sql`${activity.createdAt} > timestamptz 'epoch' + ${sinceMicros}::bigint * interval '1 microsecond'`,
      ),
    );
  return rows.map((r) => r.action);
}
