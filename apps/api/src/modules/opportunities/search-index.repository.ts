import { and, asc, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/index';
import { searchVectors } from './search-text';

const SOURCE_COLUMNS = {
  id: opportunities.id,
  title: opportunities.title,
  solicitationNumber: opportunities.solicitationNumber,
  department: opportunities.department,
  subTier: opportunities.subTier,
  office: opportunities.office,
  description: opportunities.description,
};

type Source = { id: string; title: string; solicitationNumber: string | null; department: string | null; subTier: string | null; office: string | null; description: string | null };

async function writeVectors(db: Db, rows: Source[]): Promise<void> {
  if (!rows.length) return;
  const payload = JSON.stringify(rows.map((r) => ({ id: r.id, ...searchVectors(r) })));
  await db.execute(sql`
    update opportunities o set search_vector = v."searchVector"::tsvector, title_vector = v."titleVector"::tsvector
    from jsonb_to_recordset(${payload}::jsonb) as v(id uuid, "searchVector" text, "titleVector" text)
    where o.id = v.id`);
}

/** Rebuilds the lexemes of these rows from what is stored (after a description changed). */
export async function reindexSearchVectors(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select(SOURCE_COLUMNS).from(opportunities).where(inArray(opportunities.id, ids));
  await writeVectors(db, rows);
}

/**
 * Indexes every row that has no lexemes yet: all of them right after migration 0003, which moved
 * lexing from PostgreSQL into the application. Walks the primary key in chunks, so it is cheap
 * when there is nothing to do and never holds more than one chunk in memory.
 */
export async function indexMissingSearchVectors(db: Db, chunk = 500): Promise<number> {
  let done = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select(SOURCE_COLUMNS)
      .from(opportunities)
      .where(and(isNull(opportunities.searchVector), gt(opportunities.id, after)))
      .orderBy(asc(opportunities.id))
      .limit(chunk);
    if (!rows.length) return done;
    await writeVectors(db, rows);
    done += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
