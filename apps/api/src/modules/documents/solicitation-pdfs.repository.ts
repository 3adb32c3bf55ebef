import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, solicitationPdfs, type StoredRequirement } from '../../db/schema/index';

export type NewSolicitationPdf = typeof solicitationPdfs.$inferInsert;
export type SolicitationPdfRow = typeof solicitationPdfs.$inferSelect;

/** Stores an uploaded PDF's record and marks its opportunity processed, together. */
export async function insertProcessed(db: Db, row: NewSolicitationPdf): Promise<SolicitationPdfRow> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(solicitationPdfs).values(row).returning();
    await tx.update(opportunities).set({ pdfProcessed: true }).where(eq(opportunities.id, row.opportunityId));
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
