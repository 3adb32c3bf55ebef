import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  return db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
}

/** When the newest applied migration was made (drizzle's created_at); throws when the table is missing. */
export async function newestAppliedMigration(db: Db): Promise<number> {
  const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ newest: unknown }>(result)[0]?.newest ?? 0);
}
