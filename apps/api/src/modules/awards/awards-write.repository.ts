import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { awards, type ModificationSeen, type NewAwardRow } from '../../db/schema/index';
import { normalizePiid, normalizeSolicitation, type AwardRecord, type RecipientRecord } from '../../integrations/awards/award-record';

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COLUMNS = getTableColumns(awards);
// Ours, not a source's: the hash is computed here, updatedAt is the write's time; the modification
// history and its extension count are merged from transactions by MERGE_HISTORY, never replaced.
const OURS = ['contentHash', 'updatedAt', 'modifications', 'extensionCount'];
const WRITTEN = Object.keys(COLUMNS).filter((k) => !OURS.includes(k)) as (keyof NewAwardRow)[];
// fetchedAt changes on every fetch; it must not make an unchanged award look changed.
const HASHED = WRITTEN.filter((k) => k !== 'fetchedAt');

const columnList = WRITTEN.map((k) => `"${snake(k)}"`).join(', ');
const recordType = WRITTEN.map((k) => `"${snake(k)}" ${COLUMNS[k as keyof typeof COLUMNS].getSQLType()}`).join(', ');
// Once transactions were imported, the count is theirs: a summary row (which never tells) keeps it.
const updateOf = (k: string) =>
  k === 'modificationCount'
    ? `"modification_count" = case when awards.modifications is null then excluded."modification_count" else awards."modification_count" end`
    : `"${snake(k)}" = excluded."${snake(k)}"`;
const updates = WRITTEN.filter((k) => k !== 'awardKey')
  .map(updateOf)
  .join(', ');

/**
 * The counts of a modification history (jsonb: modification number → ModificationSeen):
 * modifications other than "0" (the base award), and the times the end date moved later from one
 * modification to the next in action-date order (modification number breaking ties; blank end
 * dates skipped). Both statements below count with these, so they cannot disagree.
 */
const countModifications = (history: string) => `(select count(*)::int from jsonb_object_keys(${history}) as k where k <> '0')`;
const countExtensions = (history: string) => `(
    select count(*)::int from (
      select e.value->>'end_date' as end_date, lag(e.value->>'end_date') over (order by e.value->>'action_date', e.key) as previous
      from jsonb_each(${history}) as e where e.value->>'end_date' is not null
    ) as s where s.end_date > s.previous)`;

// A new award is inserted with its batch's history and counts already, so MERGE_HISTORY finds
// nothing to add to it (one write per new award, not two).
const selectOf = (k: string) =>
  k === 'modificationCount'
    ? `case when r.modifications is null then r.modification_count else ${countModifications('r.modifications')} end`
    : `r."${snake(k)}"`;
const selectList = WRITTEN.map(selectOf).join(', ');

/**
 * One statement per batch (rows as one JSON parameter, as the opportunity import does). On a key
 * already stored, the row is rewritten only when its content changed AND it is not older than the
 * stored version: a re-import writes nothing, and an older file or transaction never overwrites
 * what a newer one said. A row that does not say its date never replaces one that does.
 */
const UPSERT = `
insert into awards (${columnList}, content_hash, modifications, extension_count)
select ${selectList}, r.content_hash, r.modifications, case when r.modifications is null then null else ${countExtensions('r.modifications')} end
from jsonb_to_recordset($1::jsonb) as r(${recordType}, content_hash text, modifications jsonb)
on conflict (award_key) do update set ${updates}, content_hash = excluded.content_hash, updated_at = now()
  where awards.content_hash is distinct from excluded.content_hash
    and (awards.last_action_date is null or excluded.last_action_date >= awards.last_action_date)
returning award_key, (xmax = 0) as inserted`;
const [BEFORE, AFTER] = UPSERT.split('$1') as [string, string];

/**
 * Adds a batch's modifications (one JSON object: award key → modification number → what it said)
 * to each stored award's history, then recounts from the whole history. A history that gains
 * nothing is not rewritten, so a re-import writes nothing.
 */
const MERGE_HISTORY = `
with merged as (
  select a.award_key, coalesce(a.modifications, '{}'::jsonb) || i.mods as mods
  from jsonb_each($1::jsonb) as i(award_key, mods) join awards a on a.award_key = i.award_key
)
update awards set
  modifications = m.mods,
  modification_count = ${countModifications('m.mods')},
  extension_count = ${countExtensions('m.mods')},
  updated_at = now()
from merged m
where awards.award_key = m.award_key and awards.modifications is distinct from m.mods`;
const [HISTORY_BEFORE, HISTORY_AFTER] = MERGE_HISTORY.split('$1') as [string, string];

/**
 * A batch's transactions by award and modification number. Two rows of one modification (its
 * transaction numbers) keep the later action, then the later end date: the same file gives the same
 * history whatever its row order.
 */
export function modificationsByAward(records: AwardRecord[]): Record<string, Record<string, ModificationSeen>> {
  const out: Record<string, Record<string, ModificationSeen>> = {};
  for (const { awardKey, transaction: t } of records) {
    if (!t) continue;
    const mods = (out[awardKey] ??= {});
    const seen = mods[t.modificationNumber];
    const next = { action_date: t.actionDate, end_date: t.currentEndDate };
    if (
      !seen ||
      next.action_date > seen.action_date ||
      (next.action_date === seen.action_date && (next.end_date ?? '') > (seen.end_date ?? ''))
    )
      mods[t.modificationNumber] = next;
  }
  return out;
}

export interface AwardWriteCounts {
  inserted: number;
  updated: number;
  /** Same content as stored, or older than the stored version: not written. */
  unchanged: number;
}

export function toAwardRow(a: AwardRecord): NewAwardRow & { contentHash: string } {
  const row = {
    ...a,
    piidKey: normalizePiid(a.piid),
    parentIdvPiidKey: a.parentIdvPiid ? normalizePiid(a.parentIdvPiid) : null,
    solicitationKey: normalizeSolicitation(a.solicitationId),
  };
  const hash = createHash('sha1')
    .update(JSON.stringify(HASHED.map((k) => row[k as keyof typeof row] ?? null)))
    .digest('base64');
  return { ...row, contentHash: hash };
}

/** Keeps, per award key, the version with the latest action (the later one on a tie). */
export function latestByKey(records: AwardRecord[]): AwardRecord[] {
  const byKey = new Map<string, AwardRecord>();
  for (const r of records) {
    const seen = byKey.get(r.awardKey);
    if (!seen || (r.lastActionDate ?? '') >= (seen.lastActionDate ?? '')) byKey.set(r.awardKey, r);
  }
  return [...byKey.values()];
}

/** Writes a batch of awards in one statement (two with transactions' history); all or nothing. */
export async function upsertAwards(db: Db, records: AwardRecord[]): Promise<AwardWriteCounts> {
  const unique = latestByKey(records);
  if (unique.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const history = modificationsByAward(records);
  const payload = JSON.stringify(
    unique.map((a) => {
      const row = toAwardRow(a);
      const out: Record<string, unknown> = { content_hash: row.contentHash, modifications: history[a.awardKey] ?? null };
      for (const k of WRITTEN) {
        const v = row[k];
        out[snake(k)] = v instanceof Date ? v.toISOString() : (v ?? null);
      }
      return out;
    }),
  );
  const written = rowsOf<{ award_key: string; inserted: boolean }>(await db.execute(sql`${sql.raw(BEFORE)}${payload}${sql.raw(AFTER)}`));
  // Awards this batch inserted hold its history already; the others (updated, unchanged, or older
  // than the stored version, which the upsert skips) still add theirs.
  for (const r of written) if (r.inserted) delete history[r.award_key];
  if (Object.keys(history).length > 0) await db.execute(sql`${sql.raw(HISTORY_BEFORE)}${JSON.stringify(history)}${sql.raw(HISTORY_AFTER)}`);
  const inserted = written.filter((r) => r.inserted).length;
  return { inserted, updated: written.length - inserted, unchanged: unique.length - written.length };
}

/** Merges recipients of one batch by UEI (names and business types united). */
export function mergeRecipients(list: RecipientRecord[]): RecipientRecord[] {
  const byUei = new Map<string, RecipientRecord>();
  for (const r of list) {
    const seen = byUei.get(r.uei);
    byUei.set(
      r.uei,
      seen
        ? {
            uei: r.uei,
            names: [...new Set([...seen.names, ...r.names])],
            parentUei: r.parentUei ?? seen.parentUei,
            businessTypes: [...new Set([...seen.businessTypes, ...r.businessTypes])],
          }
        : { ...r, names: [...new Set(r.names)], businessTypes: [...new Set(r.businessTypes)] },
    );
  }
  return [...byUei.values()];
}

/**
 * Recipients by UEI: every name seen is added to names_seen, never used to find the row. The
 * latest batch's last name becomes the display name. A row that adds nothing is not rewritten.
 */
export async function upsertRecipients(db: Db, list: RecipientRecord[]): Promise<void> {
  const merged = mergeRecipients(list).filter((r) => r.names.length > 0);
  if (merged.length === 0) return;
  const payload = JSON.stringify(
    merged.map((r) => ({
      uei: r.uei,
      name: r.names.at(-1),
      names_seen: r.names,
      parent_uei: r.parentUei,
      business_types: r.businessTypes,
    })),
  );
  await db.execute(sql`
    insert into recipients (uei, name, names_seen, parent_uei, business_types)
    select uei, name, names_seen, parent_uei, business_types
    from jsonb_to_recordset(${payload}::jsonb) as r(uei text, name text, names_seen text[], parent_uei text, business_types text[])
    on conflict (uei) do update set
      name = excluded.name,
      names_seen = array(select distinct n from unnest(recipients.names_seen || excluded.names_seen) as n order by n),
      parent_uei = coalesce(excluded.parent_uei, recipients.parent_uei),
      business_types = array(select distinct b from unnest(recipients.business_types || excluded.business_types) as b order by b),
      updated_at = now()
    where not (excluded.names_seen <@ recipients.names_seen and excluded.business_types <@ recipients.business_types
      and recipients.name = excluded.name and excluded.parent_uei is not distinct from coalesce(excluded.parent_uei, recipients.parent_uei))`);
}
