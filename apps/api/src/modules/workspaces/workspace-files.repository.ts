import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, documentVersions, rfpAnalyses, rfpSolicitations, workspaceDocuments } from '../../db/schema/index';

/** Every stored file key a workspace's rows refer to (document versions, chat attachments, RFPs and drafts). */
export async function listWorkspaceFileKeys(db: Db, workspaceId: string): Promise<string[]> {
  const versions = await db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .innerJoin(workspaceDocuments, eq(workspaceDocuments.id, documentVersions.documentId))
    .where(eq(workspaceDocuments.workspaceId, workspaceId));
  const attachments = await db
    .select({ key: chatMessages.fileKey })
    .from(chatMessages)
    .where(sql`${chatMessages.workspaceId} = ${workspaceId} and ${chatMessages.fileKey} is not null`);
  const rfps = await db
    .select({ key: rfpSolicitations.storageKey })
    .from(rfpSolicitations)
    .where(eq(rfpSolicitations.workspaceId, workspaceId));
  const drafts = await db.select({ key: rfpAnalyses.draftStorageKey }).from(rfpAnalyses).where(eq(rfpAnalyses.workspaceId, workspaceId));
  return [...new Set([...versions, ...attachments, ...rfps, ...drafts].map((r) => r.key!).filter(Boolean))];
}
