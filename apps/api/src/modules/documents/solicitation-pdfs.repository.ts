import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, solicitationPdfs, type StoredRequirement } from '../../db/schema/index';

export type NewSolicitationPdf = typeof solicitationPdfs.$inferInsert;
export type SolicitationPdfRow = typeof solicitationPdfs.$inferSelect;

/**
 * Stores an uploaded PDF's record and marks its opportunity processed, together. The opportunity
 * is updated (and so locked) first: undefined when it was deleted while the PDF was being read.
 */
export async function insertProcessed(db: Db, row: NewSolicitationPdf): Promise<SolicitationPdfRow | undefined> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(opportunities)
      .set({ pdfProcessed: true })
      .where(eq(opportunities.id, row.opportunityId))
      .returning({ id: opportunities.id });
    if (marked.length === 0) return undefined;
    const [stored] = await tx.insert(solicitationPdfs).values(row).returning();
    return stored!;
  });
}

/** The most recent PDF of an opportunity: the one whose requirements count. */
export async function latestFor(db: Db, opportunityId: string): Promise<SolicitationPdfRow | undefined> {
  const [row] = await db
    .select()
    .from(solicitationPdfs)
    .where(eq(solicitationPdfs.opportunityId, opportunityId))
    .orderBy(desc(solicitationPdfs.createdAt))
    .limit(1);
  return row;
}

export async function findById(db: Db, id: string): Promise<SolicitationPdfRow | undefined> {
  const [row] = await db.select().from(solicitationPdfs).where(eq(solicitationPdfs.id, id)).limit(1);
  return row;
}

export type { StoredRequirement };

/** Deletes every solicitation PDF row (before their opportunities go); returns the file keys they held. */
export async function deleteAllReturningKeys(db: Db): Promise<string[]> {
  const rows = await db.delete(solicitationPdfs).returning({ key: solicitationPdfs.storageKey });
  return rows.map((r) => r.key);
}
