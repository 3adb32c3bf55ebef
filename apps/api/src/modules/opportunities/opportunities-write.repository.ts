import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { opportunities, type NewOpportunityRow } from '../../db/schema/index';
import { invalidateListings } from './listing-cache';
import { relinkWorkspaces } from './clear-opportunities.repository';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMNS = getTableColumns(opportunities);

// Columns an import writes: everything SAM owns. id, timestamps, pdf_processed, the generated
// search vectors and group key, and the group flags (refreshGroups) are ours.
const OURS = [
  'id',
  'createdAt',
  'updatedAt',
  'pdfProcessed',
  'searchVector',
  'titleVector',
  'descriptionFetchedAt',
  'groupKey',
  'latestInGroup',
  'groupNoticeCount',
  'contentHash',
];
const WRITTEN = Object.keys(COLUMNS).filter((k) => !OURS.includes(k)) as (keyof NewOpportunityRow)[];

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
 *
 * A row whose content hash equals the stored one is skipped (the WHERE of DO UPDATE): no new tuple,
 * no index or full-text work, so re-importing the full daily extract only pays for what changed.
 * Skipped rows are not returned, which is how they are counted.
 */
const UPSERT = `
insert into opportunities (${columnList}, content_hash)
select ${columnList}, content_hash from jsonb_to_recordset($1::jsonb) as r(${recordType}, content_hash text)
on conflict (notice_id) do update set ${updates},
  description = case
    when excluded.description ~ '^https?://' and opportunities.description is not null and opportunities.description !~ '^https?://'
      then opportunities.description
    else coalesce(excluded.description, opportunities.description) end,
  content_hash = excluded.content_hash,
  updated_at = now()
  where opportunities.content_hash is distinct from excluded.content_hash
returning (xmax = 0) as inserted, group_key`;

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
  /** Each record's JSON and NoticeId, and the (notice_id, content_hash) pairs, for the unchanged check. */
  records: string[];
  ids: string[];
  keys: string;
}

/**
 * Serialises a batch (the CPU half of an upsert), so an import can prepare the next batch while
 * the server writes this one. Within a batch the last row of a NoticeId wins: PostgreSQL refuses
 * to update the same row twice in one statement. Each record's JSON is hashed as it is written
 * (SHA-1 of exactly the columns an import writes, so any change of SAM's content changes it) and
 * the hash appended, so the batch is serialised once.
 */
export function prepareUpsert(rows: NewOpportunityRow[]): PreparedUpsert {
  const unique = [...new Map(rows.map((r) => [r.noticeId, r])).values()];
  const hashes: string[] = [];
  const records = unique.map((row) => {
    const json = JSON.stringify(toRecord(row));
    const hash = createHash('sha1').update(json).digest('base64');
    hashes.push(hash);
    return `${json.slice(0, -1)},"content_hash":"${hash}"}`;
  });
  const ids = unique.map((r) => r.noticeId);
  const keys = JSON.stringify(ids.map((id, i) => ({ notice_id: id, content_hash: hashes[i] })));
  return { payload: `[${records.join(',')}]`, rows: unique.length, records, ids, keys };
}

const [BEFORE_PAYLOAD, AFTER_PAYLOAD] = UPSERT.split('$1') as [string, string];

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** Rows whose content hash matched the stored row: not written. */
  unchanged: number;
}

/** Writes a prepared batch; returns how many rows were new (xmax = 0 marks a fresh tuple), changed and skipped. */
export async function executeUpsert(db: Db, prepared: PreparedUpsert): Promise<UpsertCounts> {
  if (prepared.rows === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  // First only the ids and hashes travel: in the daily re-import most rows are unchanged, and
  // sending and expanding their full JSON (descriptions included) cost more than the lookup.
  const changed = new Set(
    rowsOf<{ notice_id: string }>(
      await db.execute(sql`
        select r.notice_id from jsonb_to_recordset(${prepared.keys}::jsonb) as r(notice_id text, content_hash text)
        left join opportunities o on o.notice_id = r.notice_id
        where o.content_hash is distinct from r.content_hash`),
    ).map((r) => r.notice_id),
  );
  if (changed.size === 0) return { inserted: 0, updated: 0, unchanged: prepared.rows };
  // One event-loop turn between statements: on PGlite each runs on the server's thread, and a
  // request read now queues its query ahead of the next one (issue 21 item 13).
  await nextTurn();
  const payload =
    changed.size === prepared.rows ? prepared.payload : `[${prepared.records.filter((_, i) => changed.has(prepared.ids[i]!)).join(',')}]`;
  // The upsert keeps its own hash test: a row changed by another writer since the lookup is still right.
  const result = await db.execute<{ inserted: boolean; group_key: string }>(
    sql`${sql.raw(BEFORE_PAYLOAD)}${payload}${sql.raw(AFTER_PAYLOAD)}`,
  );
  const list = rowsOf<{ inserted: boolean; group_key: string }>(result);
  await nextTurn();
  await refreshGroups(
    db,
    list.map((r) => r.group_key),
  );
  // Written and regrouped: cached listing pages of this process are out of date.
  invalidateListings();
  const inserted = list.filter((r) => r.inserted).length;
  // A notice stored again after a clear takes back its workspace (issue 21 item 2).
  if (inserted > 0) await relinkWorkspaces(db, [...changed]);
  return { inserted, updated: list.length - inserted, unchanged: prepared.rows - list.length };
}

/** Inserts or updates a batch keyed on NoticeId (see prepareUpsert and executeUpsert). */
export async function upsertOpportunities(db: Db, rows: NewOpportunityRow[]): Promise<UpsertCounts> {
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

// Namespace of the advisory lock that serialises group refreshes (import lanes write concurrently).
const GROUP_LOCK_SPACE = 0x6e0c;

/**
 * Marks the newest-posted notice of each touched group (same agency and solicitation number) as
 * the one listings show and stores the group's size, after rows were written. Refreshes run one at
 * a time under a transaction-scoped advisory lock and each reads after its lock, so the last one
 * sees every committed row of a group even when two import lanes write the same solicitation.
 * Only rows whose flags change are updated.
 */
export async function refreshGroups(db: Db, groupKeys: string[]): Promise<void> {
  const keys = [...new Set(groupKeys.filter(Boolean))];
  if (!keys.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_LOCK_SPACE}::int4, 0)`);
    await tx.execute(sql`
      with ranked as (
        select o.id,
          row_number() over (partition by o.group_key order by o.posted_date desc nulls last, o.id desc) = 1 as latest,
          count(*) over (partition by o.group_key)::int as n
        from opportunities o
        where o.group_key = any(${sql.param(keys)}::text[])
      )
      update opportunities o set latest_in_group = r.latest, group_notice_count = r.n
      from ranked r
      where o.id = r.id and (o.latest_in_group <> r.latest or o.group_notice_count <> r.n)`);
  });
}

/** Moves every date of every notice by `seconds` (the demo seed brings old rows up to today). */
export async function shiftAllDates(db: Db, seconds: number): Promise<void> {
  const by = sql`make_interval(secs => ${seconds})`;
  await db.update(opportunities).set({
    postedDate: sql`${opportunities.postedDate} + ${by}`,
    responseDeadline: sql`${opportunities.responseDeadline} + ${by}`,
    archiveDate: sql`${opportunities.archiveDate} + ${by}`,
    award: sql`case when ${opportunities.award}->>'date' ~ '^\\d{4}-\\d{2}-\\d{2}$'
      then jsonb_set(${opportunities.award}, '{date}', to_jsonb(to_char((${opportunities.award}->>'date')::date + ${by}, 'YYYY-MM-DD')))
      else ${opportunities.award} end`,
  });
}
