import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { RADAR_COUNT_CAP, type RadarSort } from '@biddesk/shared';
import type { Db } from '../../db/client';
import { awards, pursuits, type AwardRow } from '../../db/schema/index';

/**
 * The radar's criteria as the query reads them: codes already validated and uppercased; the window
 * as inclusive dates.
 */
export interface RadarCriteria {
  from: string;
  to: string;
  naics: string[];
  psc: string[];
  agency: string[];
  signalsOnly: boolean;
}

/**
 * The row-local signals, the SQL twin of radarSignals() (radar-signals.ts): one offer, an
 * extent-competed code meaning not competed (B, C, G, NDO), or obligations at 80% or more of a
 * positive ceiling, 10 or more modifications or 2 or more extensions of the end date. Null fields
 * make each test null, never true. The migration's partial index `awards_radar_signal_end_idx` has
 * this predicate word for word (an index predicate cannot hold outgrew_size's subquery).
 */
export const rowSignalSql = sql`(${awards.offersReceived} = 1 or ${awards.extentCompetedCode} in ('B', 'C', 'G', 'NDO') or (${awards.baseAndAllOptionsValue} > 0 and ${awards.obligatedAmount} >= 0.8 * ${awards.baseAndAllOptionsValue}) or ${awards.modificationCount} >= 10 or ${awards.extensionCount} >= 2)`;

/**
 * outgrew_size's other awards: the same recipient (UEI) in the same NAICS found "other than small"
 * on an award starting (or, without a start, acting) after this one's start. A null UEI, NAICS or
 * start matches nothing. Read through the partial index `awards_other_than_small_idx`.
 */
const laterOtherThanSmall = sql`from awards o where o.business_size = 'O' and o.recipient_uei = ${awards.recipientUei} and o.naics_code = ${awards.naicsCode} and coalesce(o.start_date, o.last_action_date) > ${awards.startDate}`;

/** "At least one signal": a row-local one, or outgrew_size (a small award with a later "O" one). */
export const hasSignalSql = sql`(${rowSignalSql} or (${awards.businessSize} = 'S' and exists (select 1 ${laterOtherThanSmall})))`;

/** The latest later "other than small" award of a small award, as { piid, date }; else null. */
const laterOtherThanSmallAward = sql<{ piid: string; date: string } | null>`case when ${awards.businessSize} = 'S' then (
  select json_build_object('piid', o.piid, 'date', coalesce(o.start_date, o.last_action_date)) ${laterOtherThanSmall}
  order by coalesce(o.start_date, o.last_action_date) desc, o.award_key limit 1) end`;

export function radarWhere(c: RadarCriteria): SQL | undefined {
  return and(
    gte(awards.currentEndDate, c.from),
    lte(awards.currentEndDate, c.to),
    c.naics.length ? inArray(awards.naicsCode, c.naics) : undefined,
    c.psc.length ? inArray(awards.pscCode, c.psc) : undefined,
    // A 3-character code is a toptier agency (097), a 4-character one a sub-tier (2100).
    c.agency.length ? or(inArray(awards.awardingAgencyCode, c.agency), inArray(awards.awardingSubAgencyCode, c.agency)) : undefined,
    c.signalsOnly ? hasSignalSql : undefined,
  );
}

const SORT_COLUMNS = {
  end_date: awards.currentEndDate,
  potential_end_date: awards.potentialEndDate,
  obligated: awards.obligatedAmount,
  ceiling: awards.baseAndAllOptionsValue,
} as const;

export interface RadarPageRow extends AwardRow {
  pursuitId: string | null;
  /** For outgrew_size: the latest later award of this recipient and NAICS found other than small. */
  laterOtherThanSmall: { piid: string; date: string } | null;
}

/** One page of the radar, sorted (blank values last) with the award key breaking ties. */
export async function findRadarPage(
  db: Db,
  c: RadarCriteria,
  sort: RadarSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<RadarPageRow[]> {
  const column = SORT_COLUMNS[sort];
  const rows = await db
    .select({ award: awards, pursuitId: pursuits.id, laterOtherThanSmall: laterOtherThanSmallAward })
    .from(awards)
    .leftJoin(pursuits, eq(pursuits.awardKey, awards.awardKey))
    .where(radarWhere(c))
    .orderBy(
      order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
      order === 'asc' ? asc(awards.awardKey) : desc(awards.awardKey),
    )
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.award, pursuitId: r.pursuitId, laterOtherThanSmall: r.laterOtherThanSmall }));
}

/** How many awards match, counted up to RADAR_COUNT_CAP + 1 (so a huge window stays cheap). */
export async function countRadar(db: Db, c: RadarCriteria): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(awards)
    .where(radarWhere(c))
    .limit(RADAR_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

export async function findAward(db: Db, awardKey: string): Promise<AwardRow | undefined> {
  const [row] = await db.select().from(awards).where(eq(awards.awardKey, awardKey));
  return row;
}

/**
 * Awards matching the radar criteria now that are new to a saved radar search: written (first
 * stored or changed) in [since, through), or whose current end date came into the window's far edge
 * as the days passed since the last alert — `window.to` then was `previousTo`.
 */
export async function countNewRadarMatches(db: Db, c: RadarCriteria, since: Date, through: Date, previousTo: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(awards)
    .where(
      and(
        radarWhere(c),
        or(and(gte(awards.updatedAt, since), lt(awards.updatedAt, through)), sql`${awards.currentEndDate} > ${previousTo}`),
      ),
    );
  return row?.n ?? 0;
}

/** Whether any award is stored (an empty radar then means "no data", not "no recompetes"). */
export async function anyAwards(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(awards)
    .limit(1);
  return row !== undefined;
}

/**
 * The awarding agencies and sub-agencies of the awards ending in [from, to], with how many: what
 * the radar's agency filter can choose from. Read over the window only (the end-date index), not
 * the whole table.
 */
export async function listWindowAgencies(
  db: Db,
  from: string,
  to: string,
): Promise<{ code: string; name: string | null; level: 'agency' | 'sub_agency'; awards: number }[]> {
  const inWindow = and(gte(awards.currentEndDate, from), lte(awards.currentEndDate, to));
  const [agencies, subAgencies] = await Promise.all([
    db
      .select({
        code: awards.awardingAgencyCode,
        name: sql<string | null>`max(${awards.awardingAgencyName})`,
        awards: sql<number>`count(*)::int`,
      })
      .from(awards)
      .where(and(inWindow, sql`${awards.awardingAgencyCode} is not null`))
      .groupBy(awards.awardingAgencyCode),
    db
      .select({
        code: awards.awardingSubAgencyCode,
        name: sql<string | null>`max(${awards.awardingSubAgencyName})`,
        awards: sql<number>`count(*)::int`,
      })
      .from(awards)
      .where(and(inWindow, sql`${awards.awardingSubAgencyCode} is not null`))
      .groupBy(awards.awardingSubAgencyCode),
  ]);
  return [
    ...agencies.map((a) => ({ code: a.code!, name: a.name, level: 'agency' as const, awards: a.awards })),
    ...subAgencies.map((a) => ({ code: a.code!, name: a.name, level: 'sub_agency' as const, awards: a.awards })),
  ].sort((a, b) => (a.name ?? a.code).localeCompare(b.name ?? b.code) || a.code.localeCompare(b.code));
}
