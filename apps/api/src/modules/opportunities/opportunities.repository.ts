import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, savedOpportunities, type OpportunityRow } from '../../db/schema/index';

export interface OpportunityFilters {
  keyword?: string;
  agency?: string;
  naics?: string;
  psc?: string;
  setAside?: string;
  savedOnly?: boolean;
}

export type OpportunityWithSaved = OpportunityRow & { saved: boolean };

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function savedBy(userId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${savedOpportunities} s where s.opportunity_id = ${opportunities.id} and s.user_id = ${userId})`;
}

/** The user's keywords in websearch syntax (quotes, -exclusions, OR), English stemming. */
const keywordQuery = (keyword: string): SQL => sql`websearch_to_tsquery('english', ${keyword})`;

/** WHERE clause of the filters; every branch is served by an index (see schema). */
function whereOf(userId: string, f: OpportunityFilters): SQL | undefined {
  return and(
    f.keyword ? sql`${opportunities.searchVector} @@ ${keywordQuery(f.keyword)}` : undefined,
    f.agency ? eq(opportunities.department, f.agency) : undefined,
    // Prefix match so 3364 finds 336411; LIKE 'x%' uses the text_pattern_ops index.
    f.naics ? sql`${opportunities.naicsCode} like ${likePrefix(f.naics)}` : undefined,
    f.psc ? sql`${opportunities.pscCode} like ${likePrefix(f.psc)}` : undefined,
    f.setAside ? eq(opportunities.setAsideCode, f.setAside) : undefined,
    f.savedOnly ? savedBy(userId) : undefined,
  );
}

const NEWEST = [sql`${opportunities.postedDate} desc nulls last`, sql`${opportunities.id} desc nulls last`];

/**
 * Keyword results: the newest RANKED_MATCHES matches come first, ordered by relevance (the small
 * title/agency vector, see schema; a match in the description only ranks 0), then every older
 * match, newest first. Ranking all matches meant visiting every matching row: 70 ms for 13k
 * matches at 100k rows. The two parts split the matches by position in newest-first order, so
 * pages never repeat or skip a row.
 */
const RANKED_MATCHES = 300;

// Everything but the tsvectors, which are never sent.
const { searchVector: _search, titleVector: _title, ...readColumns } = getTableColumns(opportunities);

async function pageRows(db: Db, userId: string, filters: OpportunityFilters, where: SQL | undefined, offset: number, limit: number) {
  const select = () => db.select({ ...readColumns, saved: savedBy(userId) }).from(opportunities);
  if (!filters.keyword) return select().where(where).orderBy(...NEWEST).limit(limit).offset(offset);
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
    const rank = sql`ts_rank(${opportunities.titleVector}, ${keywordQuery(filters.keyword)}) desc`;
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
    parts.push(select().where(where).orderBy(...NEWEST).limit(offset + limit - from).offset(from));
  }
  return (await Promise.all(parts)).flat();
}

/** One page of the listing, with the caller's saved flag, and the total for the pager. */
export async function listPage(
  db: Db,
  userId: string,
  filters: OpportunityFilters,
  page: number,
  limit: number,
): Promise<{ rows: OpportunityWithSaved[]; total: number }> {
  const where = whereOf(userId, filters);
  const [rows, [count]] = await Promise.all([
    pageRows(db, userId, filters, where, (page - 1) * limit, limit),
    db.select({ n: sql<number>`count(*)::int` }).from(opportunities).where(where),
  ]);
  return { rows: rows as OpportunityWithSaved[], total: count?.n ?? 0 };
}

export async function findById(db: Db, userId: string, id: string): Promise<OpportunityWithSaved | undefined> {
  const [row] = await db
    .select({ ...readColumns, saved: savedBy(userId) })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row as OpportunityWithSaved | undefined;
}

export async function findByNoticeId(db: Db, noticeId: string): Promise<Pick<OpportunityRow, 'id' | 'description' | 'descriptionFetchedAt'> | undefined> {
  const [row] = await db
    .select({ id: opportunities.id, description: opportunities.description, descriptionFetchedAt: opportunities.descriptionFetchedAt })
    .from(opportunities)
    .where(eq(opportunities.noticeId, noticeId));
  return row;
}

export async function findManyByNoticeIds(db: Db, userId: string, noticeIds: string[]): Promise<OpportunityWithSaved[]> {
  if (!noticeIds.length) return [];
  const rows = await db
    .select({ ...readColumns, saved: savedBy(userId) })
    .from(opportunities)
    .where(sql`${opportunities.noticeId} = any(${sql.param(noticeIds)}::text[])`);
  return rows as OpportunityWithSaved[];
}

/**
 * The dashboard's four stat cards in one pass (SPEC §2, §9): open solicitations (deadline ahead,
 * or none and still active), due within 7 days, saved by the caller, posted in the last 3 days.
 */
export async function stats(db: Db, userId: string, now: Date) {
  const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
  const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000);
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${opportunities.responseDeadline} >= ${now} or (${opportunities.responseDeadline} is null and ${opportunities.active} is not false))::int`,
      dueThisWeek: sql<number>`count(*) filter (where ${opportunities.responseDeadline} >= ${now} and ${opportunities.responseDeadline} <= ${weekAhead})::int`,
      recentlyUpdated: sql<number>`count(*) filter (where ${opportunities.postedDate} >= ${threeDaysAgo})::int`,
      favorited: sql<number>`(select count(*) from ${savedOpportunities} where user_id = ${userId})::int`,
    })
    .from(opportunities);
  return row!;
}

/** Flips the caller's saved flag; returns the new state. */
export async function toggleSaved(db: Db, userId: string, opportunityId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(savedOpportunities)
      .where(and(eq(savedOpportunities.userId, userId), eq(savedOpportunities.opportunityId, opportunityId)))
      .returning({ id: savedOpportunities.opportunityId });
    if (removed.length) return false;
    await tx.insert(savedOpportunities).values({ userId, opportunityId }).onConflictDoNothing();
    return true;
  });
}

export async function setDescription(db: Db, id: string, description: string): Promise<void> {
  await db.update(opportunities).set({ description, descriptionFetchedAt: new Date() }).where(eq(opportunities.id, id));
}

export async function countAll(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(opportunities);
  return row?.n ?? 0;
}

/** Removes every opportunity; saved flags go with them (FK cascade). */
export async function deleteAll(db: Db): Promise<number> {
  const result = await db.delete(opportunities).returning({ id: opportunities.id });
  return result.length;
}

export async function latestPostedDate(db: Db): Promise<Date | null> {
  const [row] = await db.select({ d: sql<string | null>`max(${opportunities.postedDate})` }).from(opportunities);
  return row?.d ? new Date(row.d) : null;
}
