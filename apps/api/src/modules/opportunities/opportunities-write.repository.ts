import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, type NewOpportunityRow } from '../../db/schema/index';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMNS = getTableColumns(opportunities);

// Columns an import writes: everything SAM owns. id, timestamps, pdf_processed and the generated
// search vectors are ours.
const WRITTEN = Object.keys(COLUMNS).filter((k) => !['id', 'createdAt', 'updatedAt', 'pdfProcessed', 'searchVector', 'titleVector', 'descriptionFetchedAt'].includes(k)) as (keyof NewOpportunityRow)[];

const columnList = WRITTEN.map((k) => `"${snake(k)}"`).join(', ');
const recordType = WRITTEN.map((k) => `"${snake(k)}" ${COLUMNS[k as keyof typeof COLUMNS].getSQLType()}`).join(', ');
const updates = WRITTEN.filter((k) => k !== 'noticeId' && k !== 'description')
  .map((k) => `"${snake(k)}" = excluded."${snake(k)}"`)
  .join(', ');

/**
 * One statement per batch: the rows travel as a single JSON parameter expanded by
 * jsonb_to_recordset, instead of ~40 bind parameters a row. Building and parsing a 20,000-parameter
 * statement cost more than writing the rows (bench/README.md). The statement is atomic, so a batch
 * is all or nothing.
 *
 * On conflict, SAM's columns are overwritten, except that a row without a description must not wipe
 * one we have, and a live search's noticedesc URL (the fetch marker) must not replace text we
 * already hold from the extract or an earlier fetch.
 */
const UPSERT = `
insert into opportunities (${columnList})
select ${columnList} from jsonb_to_recordset($1::jsonb) as r(${recordType})
on conflict (notice_id) do update set ${updates},
  description = case
    when excluded.description ~ '^https?://' and opportunities.description is not null and opportunities.description !~ '^https?://'
      then opportunities.description
    else coalesce(excluded.description, opportunities.description) end,
  updated_at = now()
returning (xmax = 0) as inserted`;

// NOT NULL columns whose defaults jsonb_to_recordset would bypass.
const DEFAULTS: Partial<Record<keyof NewOpportunityRow, unknown>> = { contacts: [], attachments: [], source: 'csv' };

function toRecord(row: NewOpportunityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of WRITTEN) {
    const value = row[key];
    out[snake(key)] = value instanceof Date ? value.toISOString() : (value ?? DEFAULTS[key] ?? null);
  }
  return out;
}

/**
 * Inserts or updates a batch keyed on NoticeId; returns how many rows were new (xmax = 0 marks a
 * freshly inserted tuple). Within a batch the last row of a NoticeId wins: PostgreSQL refuses to
 * update the same row twice in one statement.
 */
export async function upsertOpportunities(db: Db, rows: NewOpportunityRow[]): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const unique = [...new Map(rows.map((r) => [r.noticeId, r])).values()];
  const payload = JSON.stringify(unique.map(toRecord));
  const [before, after] = UPSERT.split('$1') as [string, string];
  const result = await db.execute<{ inserted: boolean }>(sql`${sql.raw(before)}${payload}${sql.raw(after)}`);
  const list = (Array.isArray(result) ? result : (result as { rows: { inserted: boolean }[] }).rows) as { inserted: boolean }[];
  const inserted = list.filter((r) => r.inserted).length;
  return { inserted, updated: list.length - inserted };
}
