/**
 * The lifecycle of uploaded files (issue 16): every table column that refers to a stored file, so
 * that a file no row refers to is deleted, a failed upload leaves nothing behind, and each user's
 * uploads count against one storage quota.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { chatMessages, documentVersions, importJobFiles, rfpAnalyses, rfpSolicitations, solicitationPdfs } from '../db/schema/index';
import type { AuthedCtx } from './ctx';
import { AppError } from './errors';
import type { FileStore } from './file-store';

interface FileReference {
  table: PgTable;
  key: PgColumn;
  size: PgColumn;
  /** Who uploaded it: their quota pays for it. None: the file is transient and counts for no one. */
  owner?: PgColumn;
}

/** Every place a stored file key is kept. A new table holding files must be added here. */
export const FILE_REFERENCES: readonly FileReference[] = [
  { table: solicitationPdfs, key: solicitationPdfs.storageKey, size: solicitationPdfs.sizeBytes, owner: solicitationPdfs.uploadedBy },
  { table: documentVersions, key: documentVersions.storageKey, size: documentVersions.sizeBytes, owner: documentVersions.uploadedBy },
  { table: chatMessages, key: chatMessages.fileKey, size: chatMessages.fileSize, owner: chatMessages.userId },
  { table: rfpSolicitations, key: rfpSolicitations.storageKey, size: rfpSolicitations.sizeBytes, owner: rfpSolicitations.uploadedBy },
  { table: rfpAnalyses, key: rfpAnalyses.draftStorageKey, size: rfpAnalyses.draftSizeBytes, owner: rfpAnalyses.createdBy },
  // An admin's CSV import, kept only until the import ends (modules/import-jobs).
  { table: importJobFiles, key: importJobFiles.storageKey, size: importJobFiles.sizeBytes },
];

/** The stored keys among `keys` that some row still refers to. */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const still = new Set<string>();
  if (keys.length === 0) return still;
  for (const ref of FILE_REFERENCES) {
    const rows = await db.select({ key: ref.key }).from(ref.table).where(inArray(ref.key, keys));
    for (const r of rows) if (typeof r.key === 'string') still.add(r.key);
  }
  return still;
}

/**
 * Deletes the stored files among `keys` that no row refers to any more. Files are content-addressed
 * and so may be shared (the same PDF in two workspaces); call it after the deleting transaction
 * committed, so a rollback never leaves rows without their files.
 */
export async function removeUnreferencedFiles(db: Db, files: FileStore, keys: string[]): Promise<number> {
  const unique = [...new Set(keys.filter(Boolean))];
  if (unique.length === 0) return 0;
  const still = await referencedKeys(db, unique);
  const orphans = unique.filter((k) => !still.has(k));
  await Promise.all(orphans.map((k) => files.remove(k)));
  return orphans.length;
}

/** Bytes of the files `userId` uploaded and rows still keep (the same file twice counts twice). */
export async function storageUsedBy(db: Db, userId: string): Promise<number> {
  let total = 0;
  for (const ref of FILE_REFERENCES) {
    if (!ref.owner) continue;
    const [row] = await db
      .select({ bytes: sql<string | number>`coalesce(sum(${ref.size}), 0)` })
      .from(ref.table)
      .where(and(eq(ref.owner, userId), isNotNull(ref.key)));
    total += Number(row?.bytes ?? 0);
  }
  return total;
}

const MB = 1024 * 1024;
function formatSize(bytes: number): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'bytes'] : bytes < MB ? [bytes / 1024, 'KB'] : [bytes / MB, 'MB'];
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10_000 ? 1 : 0 })} ${unit}`;
}

export const quotaExceeded = (usedBytes: number, fileBytes: number, quotaBytes: number) =>
  `This upload would go over your storage quota: you use ${formatSize(usedBytes)} of ${formatSize(quotaBytes)} and the file is ${formatSize(fileBytes)}. Delete files you no longer need, or ask an administrator to raise USER_STORAGE_QUOTA_MB.`;

/**
 * Refuses (413) an upload of `fileBytes` that would take the signed-in user over USER_STORAGE_QUOTA_MB.
 * Checked before parsing and again right before storing; two uploads racing at the quota's edge can
 * both pass, so the quota may be overrun by at most what one user uploads at once.
 */
export async function assertStorageQuota(ctx: AuthedCtx, fileBytes: number): Promise<void> {
  const quotaBytes = Math.floor(ctx.config.USER_STORAGE_QUOTA_MB * MB);
  const used = await storageUsedBy(ctx.db, ctx.actor.id);
  if (used + fileBytes > quotaBytes) throw new AppError(413, 'VALIDATION', quotaExceeded(used, fileBytes, quotaBytes));
}

/**
 * Stores an uploaded file, then runs `write` (the transaction recording it). If `write` fails the
 * file is removed again unless another row already shared it, so a failed upload leaves nothing.
 */
export async function storeFileThen<T>(ctx: AuthedCtx, bytes: Uint8Array, write: (stored: { key: string; size: number }) => Promise<T>): Promise<T> {
  await assertStorageQuota(ctx, bytes.byteLength);
  const stored = await ctx.files.put(bytes);
  try {
    return await write(stored);
  } catch (err) {
    await removeUnreferencedFiles(ctx.db, ctx.files, [stored.key]);
    throw err;
  }
}
