import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, documentVersions, rfpAnalyses, rfpSolicitations, solicitationPdfs, workspaceDocuments } from '../../db/schema/index';
import type { FileStore } from '../../lib/file-store';

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
  const rfps = await db.select({ key: rfpSolicitations.storageKey }).from(rfpSolicitations).where(eq(rfpSolicitations.workspaceId, workspaceId));
  const drafts = await db.select({ key: rfpAnalyses.draftStorageKey }).from(rfpAnalyses).where(eq(rfpAnalyses.workspaceId, workspaceId));
  return [...new Set([...versions, ...attachments, ...rfps, ...drafts].map((r) => r.key!).filter(Boolean))];
}

/**
 * Deletes the stored files among `keys` that no row refers to any more. Files are content-addressed
 * and so may be shared (the same PDF in two workspaces); call it after the deleting transaction
 * committed, so a rollback never leaves rows without their files.
 */
export async function removeUnreferencedFiles(db: Db, files: FileStore, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const still = new Set<string>();
  for (const [table, column] of [
    [documentVersions, documentVersions.storageKey],
    [chatMessages, chatMessages.fileKey],
    [solicitationPdfs, solicitationPdfs.storageKey],
    [rfpSolicitations, rfpSolicitations.storageKey],
    [rfpAnalyses, rfpAnalyses.draftStorageKey],
  ] as const) {
    const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
    for (const r of rows) if (r.key) still.add(r.key);
  }
  const orphans = keys.filter((k) => !still.has(k));
  await Promise.all(orphans.map((k) => files.remove(k)));
  return orphans.length;
}
