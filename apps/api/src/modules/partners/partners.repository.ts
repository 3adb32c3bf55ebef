import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { awards, recipients, type AwardRow, type RecipientRow } from '../../db/schema/index';
import { rowsOf } from '../../db/rows-of';

export interface PartnerFilters {
  naics?: string;
  psc?: string;
  agency?: string;
  state?: string;
  businessType?: string;
  q?: string;
  /** One recipient exactly (its detail's history). */
  uei?: string;
}

/** A name or UEI search narrower than this is run as a list of UEIs (index lookups on awards). */
export const NARROW_RECIPIENTS_MAX = 2000;

export interface PartnerRow {
  uei: string;
  name: string;
  parent_uei: string | null;
  business_types: string[];
  award_count: number;
  total_obligated: string | null;
  last_award_date: string | null;
}

export interface TopRow {
  uei: string;
  kind: 'agency' | 'naics';
  code: string;
  name: string | null;
  n: number;
}

const SORTS = {
  obligated: sql`sum(a.obligated_amount) desc nulls last`,
  count: sql`count(*) desc`,
  last_award: sql`max(a.start_date) desc nulls last`,
} as const;

/** `like` text for a prefix or substring, with the user's % and _ taken literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which awards count: those in the chosen market (NAICS or PSC prefix, agency code, state). */
function awardConditions(f: PartnerFilters): SQL[] {
  const c: SQL[] = [sql`a.recipient_uei is not null`];
  if (f.naics) c.push(sql`a.naics_code like ${`${escapeLike(f.naics)}%`}`);
  if (f.psc) c.push(sql`a.psc_code like ${`${escapeLike(f.psc)}%`}`);
  if (f.agency) c.push(sql`(a.awarding_agency_code = ${f.agency} or a.awarding_sub_agency_code = ${f.agency})`);
  if (f.state) c.push(sql`a.pop_state = ${f.state}`);
  return c;
}

const inList = (ueis: string[]) =>
  sql.join(
    ueis.map((u) => sql`${u}`),
    sql`, `,
  );

/**
 * The UEIs a name or UEI search matches, when there are few enough to look their awards up by
 * UEI; null when the search is broader (the grouped join is then cheaper). The planner cannot
 * estimate a pattern over names seen, so this is decided here on the real count.
 */
export async function narrowRecipients(db: Db, f: PartnerFilters): Promise<string[] | null> {
  if (!f.q) return null;
  const where = sql.join(recipientConditions(f), sql` and `);
  const rows = rowsOf<{ uei: string }>(
    await db.execute(sql`select r.uei from recipients r where ${where} limit ${NARROW_RECIPIENTS_MAX + 1}`),
  );
  return rows.length > NARROW_RECIPIENTS_MAX ? null : rows.map((r) => r.uei);
}

/** Which recipients: by business type, and by UEI or any name seen (a search, never a link). */
function recipientConditions(f: PartnerFilters): SQL[] {
  const c: SQL[] = [];
  if (f.uei) c.push(sql`r.uei = ${f.uei}`);
  if (f.businessType) c.push(sql`r.business_types @> array[${f.businessType}]::text[]`);
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    c.push(sql`(r.uei = ${f.q.toUpperCase()} or exists (select 1 from unnest(r.names_seen) as n where n ilike ${pattern}))`);
  }
  return c;
}

/**
 * One page of recipients with awards in the market, their history over those awards, sorted; the
 * total counts every recipient passing the filters. Grouped in one statement so a recipient's
 * figures and its place in the order come from the same rows.
 */
export async function searchPartners(
  db: Db,
  f: PartnerFilters,
  sort: keyof typeof SORTS,
  limit: number,
  offset: number,
  narrowed: string[] | null = null,
): Promise<{ rows: PartnerRow[]; total: number }> {
  if (narrowed && narrowed.length === 0) return { rows: [], total: 0 };
  const byUei = narrowed ? [sql`a.recipient_uei in (${inList(narrowed)})`] : recipientConditions(f);
  const where = sql.join([...awardConditions(f), ...byUei], sql` and `);
  const result = await db.execute(sql`
    select r.uei, r.name, r.parent_uei, r.business_types,
      count(*)::int as award_count,
      sum(a.obligated_amount)::text as total_obligated,
      max(a.start_date)::text as last_award_date,
      count(*) over ()::int as total
    from awards a join recipients r on r.uei = a.recipient_uei
    where ${where}
    group by r.uei
    order by ${SORTS[sort]}, r.uei
    limit ${limit} offset ${offset}`);
  const rows = rowsOf<PartnerRow & { total: number }>(result);
  if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the window count has no row to ride on.
  const counted = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(distinct r.uei)::int as total from awards a join recipients r on r.uei = a.recipient_uei where ${where}`,
    ),
  );
  return { rows: [], total: counted[0]?.total ?? 0 };
}

/** The three agencies and NAICS codes with most counted awards, for each listed recipient. */
export async function topAgenciesAndNaics(db: Db, ueis: string[], f: PartnerFilters): Promise<TopRow[]> {
  if (ueis.length === 0) return [];
  const where = sql.join([...awardConditions(f), sql`a.recipient_uei in (${inList(ueis)})`], sql` and `);
  const result = await db.execute(sql`
    select uei, kind, code, name, n from (
      select a.recipient_uei as uei, 'agency' as kind, a.awarding_agency_code as code, max(a.awarding_agency_name) as name, count(*)::int as n,
        row_number() over (partition by a.recipient_uei order by count(*) desc, a.awarding_agency_code) as rank
      from awards a where ${where} and a.awarding_agency_code is not null
      group by a.recipient_uei, a.awarding_agency_code
      union all
      select a.recipient_uei, 'naics', a.naics_code, null, count(*)::int,
        row_number() over (partition by a.recipient_uei order by count(*) desc, a.naics_code)
      from awards a where ${where} and a.naics_code is not null
      group by a.recipient_uei, a.naics_code
    ) ranked where rank <= 3
    order by uei, kind, n desc, code`);
  return rowsOf<TopRow>(result);
}

export async function findRecipient(db: Db, uei: string): Promise<RecipientRow | undefined> {
  const [row] = await db.select().from(recipients).where(eq(recipients.uei, uei)).limit(1);
  return row;
}

/** A recipient's awards, newest start first; one more than asked tells the caller there are more. */
export async function listRecipientAwards(db: Db, uei: string, limit: number): Promise<AwardRow[]> {
  return db
    .select()
    .from(awards)
    .where(eq(awards.recipientUei, uei))
    .orderBy(sql`${awards.startDate} desc nulls last`, desc(awards.awardKey))
    .limit(limit);
}

/** Whether any award is stored (cheaper than counting a million). */
export async function anyAwards(db: Db): Promise<boolean> {
  const rows = rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from awards) as any`));
  return rows[0]?.any === true;
}
