import { and, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  opportunities,
  rfpAnalyses,
  rfpSolicitations,
  workspaces,
  type RfpAnalysisRow,
  type RfpSolicitationRow,
  type StoredAmendment,
} from '../../db/schema/index';

export type NewSolicitation = Omit<typeof rfpSolicitations.$inferInsert, 'id' | 'version' | 'createdAt'>;

/**
 * Inserts the next solicitation version of a workspace. The workspace row is locked first so two
 * concurrent uploads take turns (PostgreSQL) and each reads the other's version: versions stay 1, 2, 3
 * without hitting the (workspace_id, version) unique index. Call it inside a transaction.
 */
export async function insertNextVersion(db: Db, values: NewSolicitation): Promise<RfpSolicitationRow> {
  await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, values.workspaceId)).for('update');
  const next = sql<number>`(select coalesce(max(${rfpSolicitations.version}), 0) + 1 from ${rfpSolicitations} where ${rfpSolicitations.workspaceId} = ${values.workspaceId})`;
  const [row] = await db
    .insert(rfpSolicitations)
    .values({ ...values, version: next })
    .returning();
  return row!;
}

/** The highest version of the workspace's solicitation, if any. */
export async function findLatestSolicitation(db: Db, workspaceId: string): Promise<RfpSolicitationRow | undefined> {
  const [row] = await db
    .select()
    .from(rfpSolicitations)
    .where(eq(rfpSolicitations.workspaceId, workspaceId))
    .orderBy(desc(rfpSolicitations.version))
    .limit(1);
  return row;
}

/** The newest completed version below `version`: what an amendment is diffed against. */
export async function findPreviousCompleted(db: Db, workspaceId: string, version: number): Promise<RfpSolicitationRow | undefined> {
  const [row] = await db
    .select()
    .from(rfpSolicitations)
    .where(
      and(
        eq(rfpSolicitations.workspaceId, workspaceId),
        lt(rfpSolicitations.version, version),
        eq(rfpSolicitations.processingStatus, 'completed'),
      ),
    )
    .orderBy(desc(rfpSolicitations.version))
    .limit(1);
  return row;
}

/** Stores a version's diff against the previous one. */
export async function setAmendment(db: Db, solicitationId: string, amendment: StoredAmendment): Promise<void> {
  await db.update(rfpSolicitations).set({ amendment }).where(eq(rfpSolicitations.id, solicitationId));
}

/** The fields of a version an amendment is shown with (not its requirements). */
export type AmendmentRow = Pick<RfpSolicitationRow, 'id' | 'version' | 'fileName' | 'createdAt'> & { amendment: StoredAmendment };

/** Every version that is an amendment, newest first. */
export async function listAmendments(db: Db, workspaceId: string): Promise<AmendmentRow[]> {
  const rows = await db
    .select({
      id: rfpSolicitations.id,
      version: rfpSolicitations.version,
      fileName: rfpSolicitations.fileName,
      createdAt: rfpSolicitations.createdAt,
      amendment: rfpSolicitations.amendment,
    })
    .from(rfpSolicitations)
    .where(and(eq(rfpSolicitations.workspaceId, workspaceId), isNotNull(rfpSolicitations.amendment)))
    .orderBy(desc(rfpSolicitations.version));
  return rows as AmendmentRow[];
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

/** The response deadline of a workspace's notice, as SAM stated it (what the form's due date is checked against). */
export async function findNoticeDeadline(
  db: Db,
  opportunityId: string,
): Promise<{ responseDeadline: Date | null; responseTimeZone: string | null } | undefined> {
  const [row] = await db
    .select({ responseDeadline: opportunities.responseDeadline, responseTimeZone: opportunities.responseTimeZone })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId));
  return row;
}

/** One solicitation version by id. */
export async function findSolicitation(db: Db, solicitationId: string): Promise<RfpSolicitationRow | undefined> {
  const [row] = await db.select().from(rfpSolicitations).where(eq(rfpSolicitations.id, solicitationId)).limit(1);
  return row;
}

/** One analysis by id. */
export async function findAnalysis(db: Db, analysisId: string): Promise<RfpAnalysisRow | undefined> {
  const [row] = await db.select().from(rfpAnalyses).where(eq(rfpAnalyses.id, analysisId)).limit(1);
  return row;
}

export type ScoredColumns = Pick<
  NewAnalysis,
  | 'fitScore'
  | 'coverageScore'
  | 'evidenceScore'
  | 'languageMatchScore'
  | 'matches'
  | 'missingRequirements'
  | 'suggestions'
  | 'conflicts'
  | 'reportedSeparately'
  | 'formatChecks'
>;

/**
 * Stores an analysis re-scored against the corrections `fingerprint` names, in one conditional
 * statement: only while the row was scored against other corrections. Undefined when another
 * reader stored these scores first.
 */
export async function updateScores(
  db: Db,
  analysisId: string,
  values: ScoredColumns,
  fingerprint: string,
): Promise<RfpAnalysisRow | undefined> {
  const [row] = await db
    .update(rfpAnalyses)
    .set({ ...values, scoredCorrections: fingerprint })
    .where(and(eq(rfpAnalyses.id, analysisId), ne(rfpAnalyses.scoredCorrections, fingerprint)))
    .returning();
  return row;
}
