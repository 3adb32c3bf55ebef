import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pursuitGateReviews, pursuits, rfpSolicitations, type PursuitGateReviewRow } from '../../db/schema/index';

export type NewGateReview = Omit<typeof pursuitGateReviews.$inferInsert, 'id' | 'seq' | 'createdAt'>;

/** Appends a review and sets the pursuit's p(go) and evidence fields, in one transaction. */
export async function appendReview(
  db: Db,
  review: NewGateReview,
  pursuitFields: { pGo: number; incumbent?: string | null; pageBudget?: number | null },
): Promise<PursuitGateReviewRow> {
  return db.transaction(async (tx) => {
    const defined = Object.fromEntries(Object.entries(pursuitFields).filter(([, v]) => v !== undefined));
    await tx
      .update(pursuits)
      .set({ ...defined, updatedAt: sql`now()` })
      .where(eq(pursuits.id, review.pursuitId));
    const [row] = await tx.insert(pursuitGateReviews).values(review).returning();
    return row!;
  });
}

/** Every review of the pursuit, newest first. */
export async function listReviews(db: Db, pursuitId: string): Promise<PursuitGateReviewRow[]> {
  return db.select().from(pursuitGateReviews).where(eq(pursuitGateReviews.pursuitId, pursuitId)).orderBy(desc(pursuitGateReviews.seq));
}

/**
 * "RFP requirements extracted": the workspace's current solicitation (highest version) has been
 * processed and holds at least one requirement.
 */
export async function rfpEvidence(db: Db, workspaceId: string | null): Promise<{ extracted: boolean; count: number }> {
  if (!workspaceId) return { extracted: false, count: 0 };
  const [row] = await db
    .select({ status: rfpSolicitations.processingStatus, count: sql<number>`jsonb_array_length(${rfpSolicitations.requirements})::int` })
    .from(rfpSolicitations)
    .where(and(eq(rfpSolicitations.workspaceId, workspaceId)))
    .orderBy(desc(rfpSolicitations.version))
    .limit(1);
  const count = row && row.status === 'completed' ? row.count : 0;
  return { extracted: count > 0, count };
}
