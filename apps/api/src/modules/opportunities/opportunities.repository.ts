import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  AWARD_NOTICE_TYPE,
  BIDDABLE_NOTICE_TYPES,
  BIDDABLE_WITH_DEADLINE_TYPES,
  type NoticeStatus,
  type OpportunitySort,
  type SortOrder,
} from '@biddesk/shared';
import { opportunities, savedOpportunities, type OpportunityRow } from '../../db/schema/index';
import { invalidateListings } from './listing-cache';
import { relevanceOrder } from './search-rank.repository';

export interface OpportunityFilters {
  keyword?: string;
  agency?: string;
  naics?: string;
  psc?: string;
  setAside?: string;
  savedOnly?: boolean;
  noticeType?: string;
  /** Which notices (see BIDDABLE_NOTICE_TYPES); 'all' or unset applies no status rule. */
  status?: NoticeStatus;
  dueWithinDays?: number;
  postedWithinDays?: number;
  /** Only these groups (a SAM.gov search answer), in this order for 'relevance'. */
  groupKeys?: string[];
}

export interface ListOrder {
  sort: OpportunitySort;
  order: SortOrder;
}

export type OpportunityWithSaved = OpportunityRow & { saved: boolean };
/** A listing row: no description, only its head for the summary. */
export type OpportunityListRow = Omit<OpportunityWithSaved, 'description' | 'searchVector' | 'titleVector'> & {
  descriptionHead: string | null;
};

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function savedBy(userId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${savedOpportunities} s where s.opportunity_id = ${opportunities.id} and s.user_id = ${userId})`;
}

/** The user's keywords in websearch syntax (quotes, -exclusions, OR), English stemming. */
const keywordQuery = (keyword: string): SQL => sql`websearch_to_tsquery('english', ${keyword})`;

const DAY_MS = 86_400_000;
const typeIn = (types: readonly string[]) =>
  sql`${opportunities.noticeType} in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/**
 * The notices a firm can still respond to (issue 15; the rule and its reasons are in
 * packages/shared/src/notice-types.ts): a biddable type with a response date ahead or none stated,
 * a Special Notice with a response date ahead, never one SAM marks inactive.
 */
export function openForResponse(now: Date): SQL {
  const ahead = sql`${opportunities.responseDeadline} >= ${now}`;
  const aheadOrNone = sql`(${ahead} or ${opportunities.responseDeadline} is null)`;
  return sql`(${opportunities.active} is not false and (
    (${typeIn(BIDDABLE_NOTICE_TYPES)} and ${aheadOrNone})
    or (${typeIn(BIDDABLE_WITH_DEADLINE_TYPES)} and ${ahead})
    or (${opportunities.noticeType} is null and ${aheadOrNone})))`;
}

function statusWhere(status: NoticeStatus | undefined, now: Date): SQL | undefined {
  if (status === 'open') return openForResponse(now);
  if (status === 'past_due') return sql`${opportunities.responseDeadline} < ${now}`;
  if (status === 'awarded') return eq(opportunities.noticeType, AWARD_NOTICE_TYPE);
  return undefined;
}

/**
 * WHERE clause of the filters. A listing shows one row per solicitation (its latest notice,
 * `latest_in_group`), except My Saved, which lists exactly the notices the user saved.
 */
function whereOf(userId: string, f: OpportunityFilters, now: Date): SQL | undefined {
  return and(
    f.savedOnly ? savedBy(userId) : sql`${opportunities.latestInGroup}`,
    f.groupKeys ? sql`${opportunities.groupKey} = any(${sql.param(f.groupKeys)}::text[])` : undefined,
    f.keyword ? sql`${opportunities.searchVector} @@ ${keywordQuery(f.keyword)}` : undefined,
    f.agency ? eq(opportunities.department, f.agency) : undefined,
    // Prefix match so 3364 finds 336411; LIKE 'x%' uses the text_pattern_ops index.
    f.naics ? sql`${opportunities.naicsCode} like ${likePrefix(f.naics)}` : undefined,
    f.psc ? sql`${opportunities.pscCode} like ${likePrefix(f.psc)}` : undefined,
    f.setAside ? eq(opportunities.setAsideCode, f.setAside) : undefined,
    f.noticeType ? eq(opportunities.noticeType, f.noticeType) : undefined,
    statusWhere(f.status, now),
    f.dueWithinDays
      ? sql`${opportunities.responseDeadline} between ${now} and ${new Date(now.getTime() + f.dueWithinDays * DAY_MS)}`
      : undefined,
    f.postedWithinDays ? sql`${opportunities.postedDate} >= ${new Date(now.getTime() - f.postedWithinDays * DAY_MS)}` : undefined,
  );
}

const NEWEST = [sql`${opportunities.postedDate} desc nulls last`, sql`${opportunities.id} desc`];

const SORT_COLUMNS = {
  posted: opportunities.postedDate,
  due: opportunities.responseDeadline,
  title: sql`lower(${opportunities.title})`,
  agency: opportunities.department,
  solicitation_number: opportunities.solicitationNumber,
  notice_type: opportunities.noticeType,
  set_aside: opportunities.setAsideCode,
  naics: opportunities.naicsCode,
} as const;

/** ORDER BY of a non-relevance sort: the field (missing values last either way), then id for stable pages. */
function orderOf(o: ListOrder): SQL[] {
  if (o.sort === 'relevance') return NEWEST;
  const dir = o.order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${SORT_COLUMNS[o.sort]} ${dir} nulls last`, sql`${opportunities.id} ${dir}`];
}

/**
 * Keyword results by relevance: the newest RANKED_MATCHES matches come first, ordered by relevance
 * (title and agency, then the description's summary, never its clause boilerplate: search-rank.ts), then every
 * older match, newest first. Ranking all matches meant visiting every matching row: 70 ms for 13k
 * matches at 100k rows. The two parts split the matches by position in newest-first order, so
 * pages never repeat or skip a row.
 */
const RANKED_MATCHES = 300;

// Everything but the tsvectors and the description, which a listing never sends.
const { searchVector: _search, titleVector: _title, ...readColumns } = getTableColumns(opportunities);
const { description: _description, ...listColumns } = readColumns;
// Enough of the description to cut a summary from, without reading megabytes of it.
const descriptionHead = sql<string | null>`left(${opportunities.description}, 1500)`;

async function pageRows(
  db: Db,
  userId: string,
  filters: OpportunityFilters,
  where: SQL | undefined,
  order: ListOrder,
  offset: number,
  limit: number,
) {
  const select = () => db.select({ ...listColumns, descriptionHead, saved: savedBy(userId) }).from(opportunities);
  if (order.sort === 'relevance' && filters.groupKeys) {
    // A SAM.gov answer's own order.
    return select()
      .where(where)
      .orderBy(sql`array_position(${sql.param(filters.groupKeys)}::text[], ${opportunities.groupKey})`)
      .limit(limit)
      .offset(offset);
  }
  if (order.sort !== 'relevance' || !filters.keyword)
    return select()
      .where(where)
      .orderBy(...orderOf(order))
      .limit(limit)
      .offset(offset);
  const parts = [];
  if (offset < RANKED_MATCHES) {
    // The same order as NEWEST, written so the planner cannot walk the posted-date index: for a
    // rare match (a phrase within one agency) that walk reads most of the table (600 ms at 100k
    // rows); the bitmap scan of the matches and a top-300 sort stay under the count's cost.
    const newestMatches = db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(where)
      .orderBy(sql`coalesce(${opportunities.postedDate}, '-infinity'::timestamptz) desc`, sql`${opportunities.id} desc`)
      .limit(RANKED_MATCHES);
    const rank = relevanceOrder(keywordQuery(filters.keyword));
    parts.push(
      select()
        .where(inArray(opportunities.id, newestMatches))
        .orderBy(rank, ...NEWEST)
        .limit(Math.min(limit, RANKED_MATCHES - offset))
        .offset(offset),
    );
  }
  if (offset + limit > RANKED_MATCHES) {
    const from = Math.max(offset, RANKED_MATCHES);
    parts.push(
      select()
        .where(where)
        .orderBy(...NEWEST)
        .limit(offset + limit - from)
        .offset(from),
    );
  }
  return (await Promise.all(parts)).flat();
}

/** One page of the listing, with the caller's saved flag, and the total for the pager. */
export async function listPage(
  db: Db,
  userId: string,
  filters: OpportunityFilters,
  order: ListOrder,
  page: number,
  limit: number,
  now = new Date(),
): Promise<{ rows: OpportunityListRow[]; total: number }> {
  const where = whereOf(userId, filters, now);
  const [rows, [count]] = await Promise.all([
    pageRows(db, userId, filters, where, order, (page - 1) * limit, limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(opportunities)
      .where(where),
  ]);
  return { rows: rows as OpportunityListRow[], total: count?.n ?? 0 };
}

/** The groups of these notices (a SAM.gov answer), in the answer's order, duplicates dropped. */
export async function groupKeysOf(db: Db, noticeIds: string[]): Promise<string[]> {
  if (!noticeIds.length) return [];
  const rows = await db
    .select({ noticeId: opportunities.noticeId, groupKey: opportunities.groupKey })
    .from(opportunities)
    .where(sql`${opportunities.noticeId} = any(${sql.param(noticeIds)}::text[])`);
  const byNotice = new Map(rows.map((r) => [r.noticeId, r.groupKey]));
  return [...new Set(noticeIds.flatMap((id) => (byNotice.get(id) ? [byNotice.get(id)!] : [])))];
}

export async function findById(db: Db, userId: string, id: string): Promise<OpportunityWithSaved | undefined> {
  const [row] = await db
    .select({ ...readColumns, saved: savedBy(userId) })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row as OpportunityWithSaved | undefined;
}

export async function findByNoticeId(
  db: Db,
  noticeId: string,
): Promise<Pick<OpportunityRow, 'id' | 'description' | 'descriptionFetchedAt'> | undefined> {
  const [row] = await db
    .select({ id: opportunities.id, description: opportunities.description, descriptionFetchedAt: opportunities.descriptionFetchedAt })
    .from(opportunities)
    .where(eq(opportunities.noticeId, noticeId));
  return row;
}

/**
 * What each stat card's link lists (web url-state STAT_LINKS), as listing filters: the card counts
 * with the listing's own WHERE (whereOf), so a card and the list it opens cannot disagree (issue 21:
 * "Recently Updated 736" opened "All notices (735)").
 */
const STAT_FILTERS = {
  open: { status: 'open' },
  dueThisWeek: { status: 'open', dueWithinDays: 7 },
  recentlyUpdated: { status: 'all', postedWithinDays: 3 },
} as const satisfies Record<string, OpportunityFilters>;

/**
 * The dashboard's four stat cards in one pass (SPEC §2, §9), each counting what its link lists:
 * Open Solicitations (solicitations open for a response, one per solicitation), Due This Week
 * (those due within 7 days), Favorited (the caller's saved notices), Recently Updated (solicitations
 * whose latest notice was posted in the last 3 days).
 */
export async function stats(db: Db, userId: string, now: Date) {
  const count = (f: OpportunityFilters) => sql<number>`count(*) filter (where ${whereOf(userId, f, now)})::int`;
  const [row] = await db
    .select({
      open: count(STAT_FILTERS.open),
      dueThisWeek: count(STAT_FILTERS.dueThisWeek),
      recentlyUpdated: count(STAT_FILTERS.recentlyUpdated),
      favorited: sql<number>`(select count(*) from ${savedOpportunities} where user_id = ${userId})::int`,
    })
    .from(opportunities)
    .where(sql`${opportunities.latestInGroup}`);
  return row!;
}

// Namespace of the per-(user, opportunity) advisory lock that serialises SPEC's flip.
const SAVE_LOCK_SPACE = 0x5a7e;

/**
 * Sets the caller's saved flag to `saved`: one idempotent statement per state (insert if absent,
 * delete if present), so a repeated or concurrent call can never leave the other state.
 */
export async function setSaved(db: Db, userId: string, opportunityId: string, saved: boolean): Promise<boolean> {
  await db.transaction(async (tx) => {
    // The flip below takes the same lock, so a flip never interleaves with a set.
    await lockSavedPair(tx, userId, opportunityId);
    if (saved) await tx.insert(savedOpportunities).values({ userId, opportunityId }).onConflictDoNothing();
    else
      await tx
        .delete(savedOpportunities)
        .where(and(eq(savedOpportunities.userId, userId), eq(savedOpportunities.opportunityId, opportunityId)));
  });
  return saved;
}

async function lockSavedPair(tx: Db, userId: string, opportunityId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SAVE_LOCK_SPACE}::int4, hashtext(${`${userId}:${opportunityId}`}))`);
}

/**
 * Flips the caller's saved flag (SPEC's toggle) and returns the new state. The flip is one
 * statement (delete if present, else insert) behind a transaction-scoped advisory lock on the
 * (user, opportunity) pair: without the lock two concurrent flips both saw "absent" and both
 * answered "saved" on PostgreSQL; with it N flips apply one after another.
 */
export async function toggleSaved(db: Db, userId: string, opportunityId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockSavedPair(tx, userId, opportunityId);
    const result = await tx.execute<{ saved: boolean }>(sql`
      with removed as (
        delete from ${savedOpportunities} where user_id = ${userId} and opportunity_id = ${opportunityId} returning 1
      ), added as (
        insert into ${savedOpportunities} (user_id, opportunity_id)
        select ${userId}, ${opportunityId} where not exists (select 1 from removed)
        on conflict do nothing returning 1
      )
      select exists (select 1 from added) as saved`);
    const rows = (Array.isArray(result) ? result : (result as { rows: { saved: boolean }[] }).rows) as { saved: boolean }[];
    return Boolean(rows[0]?.saved);
  });
}

export async function setDescription(db: Db, id: string, description: string): Promise<void> {
  await db.update(opportunities).set({ description, descriptionFetchedAt: new Date() }).where(eq(opportunities.id, id));
  // The listing's summary is cut from the description.
  invalidateListings();
}

export async function countAll(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(opportunities);
  return row?.n ?? 0;
}

/** Removes every opportunity; saved flags go with them (FK cascade). */
export async function deleteAll(db: Db): Promise<number> {
  const result = await db.delete(opportunities).returning({ id: opportunities.id });
  invalidateListings();
  return result.length;
}

export async function latestPostedDate(db: Db): Promise<Date | null> {
  const [row] = await db.select({ d: sql<string | null>`max(${opportunities.postedDate})` }).from(opportunities);
  return row?.d ? new Date(row.d) : null;
}
