import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generatedDocuments, rfpSolicitations, type GeneratedDocumentRow, type StoredRequirement } from '../../db/schema/index';

export type NewGeneratedDocument = typeof generatedDocuments.$inferInsert;

export async function insert(db: Db, row: NewGeneratedDocument): Promise<GeneratedDocumentRow> {
  const [stored] = await db.insert(generatedDocuments).values(row).returning();
  return stored!;
}

/** The user's own personal documents, newest first, optionally for one opportunity; workspace documents are not personal. */
export async function listForUser(db: Db, userId: string, opportunityId?: string): Promise<GeneratedDocumentRow[]> {
  return db
    .select()
    .from(generatedDocuments)
    .where(
      and(
        eq(generatedDocuments.userId, userId),
        isNull(generatedDocuments.workspaceId),
        opportunityId ? eq(generatedDocuments.opportunityId, opportunityId) : undefined,
      ),
    )
    .orderBy(desc(generatedDocuments.createdAt), desc(generatedDocuments.id));
}

/** A workspace's documents, newest first. */
export async function listForWorkspace(db: Db, workspaceId: string): Promise<GeneratedDocumentRow[]> {
  return db
    .select()
    .from(generatedDocuments)
    .where(eq(generatedDocuments.workspaceId, workspaceId))
    .orderBy(desc(generatedDocuments.createdAt), desc(generatedDocuments.id));
}

export async function findById(db: Db, id: string): Promise<GeneratedDocumentRow | undefined> {
  const [row] = await db.select().from(generatedDocuments).where(eq(generatedDocuments.id, id)).limit(1);
  return row;
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.delete(generatedDocuments).where(eq(generatedDocuments.id, id));
}

export interface LatestRfp {
  id: string;
  version: number;
  requirements: StoredRequirement[];
  /** Acronym → expansion as the solicitation spells it out. */
  acronyms: Record<string, string>;
}

/** The workspace's current RFP: the highest completed version (undefined before any upload). */
export async function latestRfpFor(db: Db, workspaceId: string): Promise<LatestRfp | undefined> {
  const [row] = await db
    .select({
      id: rfpSolicitations.id,
      version: rfpSolicitations.version,
      requirements: rfpSolicitations.requirements,
      acronyms: rfpSolicitations.acronyms,
    })
    .from(rfpSolicitations)
    .where(and(eq(rfpSolicitations.workspaceId, workspaceId), eq(rfpSolicitations.processingStatus, 'completed')))
    .orderBy(desc(rfpSolicitations.version))
    .limit(1);
  return row;
}
