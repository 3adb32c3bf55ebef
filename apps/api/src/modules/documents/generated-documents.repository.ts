import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generatedDocuments, type GeneratedDocumentRow } from '../../db/schema/index';

export type NewGeneratedDocument = typeof generatedDocuments.$inferInsert;

export async function insert(db: Db, row: NewGeneratedDocument): Promise<GeneratedDocumentRow> {
  const [stored] = await db.insert(generatedDocuments).values(row).returning();
  return stored!;
}

/** The user's own documents, newest first, optionally for one opportunity. */
export async function listForUser(db: Db, userId: string, opportunityId?: string): Promise<GeneratedDocumentRow[]> {
  return db
    .select()
    .from(generatedDocuments)
    .where(and(eq(generatedDocuments.userId, userId), opportunityId ? eq(generatedDocuments.opportunityId, opportunityId) : undefined))
    .orderBy(desc(generatedDocuments.createdAt), desc(generatedDocuments.id));
}

export async function findById(db: Db, id: string): Promise<GeneratedDocumentRow | undefined> {
  const [row] = await db.select().from(generatedDocuments).where(eq(generatedDocuments.id, id)).limit(1);
  return row;
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.delete(generatedDocuments).where(eq(generatedDocuments.id, id));
}
