import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rfpAnalyses, rfpSolicitations, workspaces, type RfpAnalysisRow, type RfpSolicitationRow } from '../../db/schema/index';

export type NewSolicitation = Omit<typeof rfpSolicitations.$inferInsert, 'id' | 'version' | 'createdAt'>;

/**
 * Inserts the next solicitation version of a workspace. The workspace row is locked first so two
 * concurrent uploads take turns (PostgreSQL) and each reads the other's version: versions stay 1, 2, 3
 * without hitting the (workspace_id, version) unique index. Call it inside a transaction.
 */
export async function insertNextVersion(db: Db, values: NewSolicitation): Promise<RfpSolicitationRow> {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, values.workspaceId)).for('update');
  const next = sql<number>`(select coalesce(max(${rfpSolicitations.version}), 0) + 1 from ${rfpSolicitations} where ${rfpSolicitations.workspaceId} = ${values.workspaceId})`;
  const [row] = await db.insert(rfpSolicitations).values({ ...values, version: next }).returning();
  return row!;
}

/** The highest version of the workspace's solicitation, if any. */
export async function findLatestSolicitation(db: Db, workspaceId: string): Promise<RfpSolicitationRow | undefined> {
  const [row] = await db.select().from(rfpSolicitations).where(eq(rfpSolicitations.workspaceId, workspaceId)).orderBy(desc(rfpSolicitations.version)).limit(1);
  return row;
}

/** Every version, newest first. */
export async function listSolicitations(db: Db, workspaceId: string): Promise<RfpSolicitationRow[]> {
  return db.select().from(rfpSolicitations).where(eq(rfpSolicitations.workspaceId, workspaceId)).orderBy(desc(rfpSolicitations.version));
}

export type NewAnalysis = Omit<typeof rfpAnalyses.$inferInsert, 'id' | 'createdAt'>;

export async function insertAnalysis(db: Db, values: NewAnalysis): Promise<RfpAnalysisRow> {
  const [row] = await db.insert(rfpAnalyses).values(values).returning();
  return row!;
}

/** An analysis with the version of the solicitation it was scored against. */
export interface AnalysisView {
  analysis: RfpAnalysisRow;
  version: number;
}

const analysisView = { analysis: rfpAnalyses, version: rfpSolicitations.version };

/** The workspace's analyses, newest first (`limit` 1 for the latest). */
export async function listAnalyses(db: Db, workspaceId: string, limit?: number): Promise<AnalysisView[]> {
  const query = db
    .select(analysisView)
    .from(rfpAnalyses)
    .innerJoin(rfpSolicitations, eq(rfpSolicitations.id, rfpAnalyses.solicitationId))
    .where(and(eq(rfpAnalyses.workspaceId, workspaceId)))
    .orderBy(desc(rfpAnalyses.createdAt), desc(rfpAnalyses.id));
  return limit ? query.limit(limit) : query;
}

/** The newest analysis scored against one solicitation version (the compliance matrix's draft column). */
export async function findLatestAnalysisOf(db: Db, solicitationId: string): Promise<RfpAnalysisRow | undefined> {
  const [row] = await db
    .select()
    .from(rfpAnalyses)
    .where(eq(rfpAnalyses.solicitationId, solicitationId))
    .orderBy(desc(rfpAnalyses.createdAt), desc(rfpAnalyses.id))
    .limit(1);
  return row;
}
