import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  generatedDocuments,
  opportunities,
  savedOpportunities,
  solicitationPdfs,
  workspaces,
  type OpportunityRow,
} from '../../db/schema/index';

/** What clearing every opportunity would remove or keep (counts only). */
export async function countClearConsequences(db: Db) {
  const count = sql<number>`count(*)::int`;
  const [[opps], [favorites], [pdfs], [docs], [linked]] = await Promise.all([
    db.select({ n: count }).from(opportunities),
    db.select({ n: count, users: sql<number>`count(distinct ${savedOpportunities.userId})::int` }).from(savedOpportunities),
    db.select({ n: count }).from(solicitationPdfs),
    db.select({ n: count }).from(generatedDocuments).where(isNotNull(generatedDocuments.opportunityId)),
    db.select({ n: count }).from(workspaces).where(isNotNull(workspaces.opportunityId)),
  ]);
  return {
    opportunities: opps!.n,
    favorites: favorites!.n,
    favoriteUsers: favorites!.users,
    solicitationPdfs: pdfs!.n,
    generatedDocuments: docs!.n,
    workspaces: linked!.n,
  };
}

/** Every workspace still on an opportunity, with that opportunity's row, locked for the clear. */
export async function listLinkedWorkspacesForUpdate(db: Db): Promise<{ workspaceId: string; opportunity: OpportunityRow }[]> {
  return db
    .select({ workspaceId: workspaces.id, opportunity: opportunities })
    .from(workspaces)
    .innerJoin(opportunities, eq(opportunities.id, workspaces.opportunityId))
    .for('update', { of: workspaces });
}

/** Stores the notice facts a workspace keeps. */
export async function keepSnapshot(
  db: Db,
  workspaceId: string,
  values: Pick<typeof workspaces.$inferInsert, 'noticeId' | 'opportunitySnapshot'>,
): Promise<void> {
  await db.update(workspaces).set(values).where(eq(workspaces.id, workspaceId));
}

/**
 * Links workspaces whose notice was cleared to the opportunity now stored under the same NoticeId
 * (after an import batch, a SAM sync batch or a SAM search stored new rows). The oldest workspace of
 * a notice wins, and never one whose opportunity already has a workspace (one per opportunity).
 */
export async function relinkWorkspaces(db: Db, noticeIds: string[]): Promise<number> {
  if (!noticeIds.length) return 0;
  const rows = await db.execute(sql`
    update ${workspaces} w set opportunity_id = o.id
    from ${opportunities} o
    where w.opportunity_id is null
      and w.notice_id = any(${sql.param(noticeIds)}::text[])
      and o.notice_id = w.notice_id
      and not exists (select 1 from ${workspaces} taken where taken.opportunity_id = o.id)
      and w.id = (select first.id from ${workspaces} first where first.opportunity_id is null and first.notice_id = w.notice_id order by first.created_at, first.id limit 1)
    returning w.id`);
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length;
}

/** Unlinked workspaces (for tests and the preview of a clear that already happened). */
export async function countUnlinkedWorkspaces(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaces)
    .where(and(isNull(workspaces.opportunityId), isNotNull(workspaces.noticeId)));
  return row!.n;
}
