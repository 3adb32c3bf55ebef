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

/** A batch ready to send: its statement's one parameter, built ahead of the write. */
export interface PreparedUpsert {
  payload: string;
  rows: number;
}

/**
 * Serialises a batch (the CPU half of an upsert), so an import can prepare the next batch while
 * the server writes this one. Within a batch the last row of a NoticeId wins: PostgreSQL refuses
 * to update the same row twice in one statement.
 */
export function prepareUpsert(rows: NewOpportunityRow[]): PreparedUpsert {
  const unique = [...new Map(rows.map((r) => [r.noticeId, r])).values()];
  return { payload: JSON.stringify(unique.map(toRecord)), rows: unique.length };
}

const [BEFORE_PAYLOAD, AFTER_PAYLOAD] = UPSERT.split('$1') as [string, string];

/** Writes a prepared batch; returns how many rows were new (xmax = 0 marks a fresh tuple). */
export async function executeUpsert(db: Db, prepared: PreparedUpsert): Promise<{ inserted: number; updated: number }> {
  if (prepared.rows === 0) return { inserted: 0, updated: 0 };
  const result = await db.execute<{ inserted: boolean }>(sql`${sql.raw(BEFORE_PAYLOAD)}${prepared.payload}${sql.raw(AFTER_PAYLOAD)}`);
  const list = (Array.isArray(result) ? result : (result as { rows: { inserted: boolean }[] }).rows) as { inserted: boolean }[];
  const inserted = list.filter((r) => r.inserted).length;
  return { inserted, updated: list.length - inserted };
}

/** Inserts or updates a batch keyed on NoticeId (see prepareUpsert and executeUpsert). */
export async function upsertOpportunities(db: Db, rows: NewOpportunityRow[]): Promise<{ inserted: number; updated: number }> {
  return executeUpsert(db, prepareUpsert(rows));
}

/**
 * After a bulk import: VACUUM marks the new pages all-visible, so counting a listing becomes an
 * index-only scan instead of a read of every row's heap page, and ANALYZE gives the planner the
 * new row counts and value spread. Cannot run inside a transaction; it runs on its own.
 */
export async function vacuumOpportunities(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) opportunities`);
}
