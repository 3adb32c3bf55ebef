/**
 * The lifecycle of uploaded files (issue 16): every table column that refers to a stored file, so
 * that a file no row refers to is deleted, a failed upload leaves nothing behind, and each user's
 * uploads count against one storage quota.
 */
import type { Db } from '../db/client';
import type { AuthedCtx } from './ctx';
import { AppError } from './errors';
import type { FileStore } from './file-store';
import { referencedKeys, releaseReservation, reserveWithinQuota, usedAndReserved } from './stored-files.repository';

// The queries live in the repository; these keep the lifecycle's callers on one import.
export { FILE_REFERENCES, referencedKeys, storageUsedBy } from './stored-files.repository';

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

const MB = 1024 * 1024;
function formatSize(bytes: number): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'bytes'] : bytes < MB ? [bytes / 1024, 'KB'] : [bytes / MB, 'MB'];
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10_000 ? 1 : 0 })} ${unit}`;
}

export const quotaExceeded = (usedBytes: number, fileBytes: number, quotaBytes: number) =>
  `This upload would go over your storage quota: you use ${formatSize(usedBytes)} of ${formatSize(quotaBytes)} and the file is ${formatSize(fileBytes)}. Delete files you no longer need, or ask an administrator to raise USER_STORAGE_QUOTA_MB.`;

const quotaOf = (ctx: AuthedCtx) => Math.floor(ctx.config.USER_STORAGE_QUOTA_MB * MB);

/**
 * Refuses (413) an upload of `fileBytes` that would take the signed-in user over USER_STORAGE_QUOTA_MB,
 * counting uploads in flight. An early check, before a file is parsed; `storeFileThen` reserves the
 * bytes for real.
 */
export async function assertStorageQuota(ctx: AuthedCtx, fileBytes: number): Promise<void> {
  const quotaBytes = quotaOf(ctx);
  const used = await usedAndReserved(ctx.db, ctx.actor.id);
  if (used + fileBytes > quotaBytes) throw new AppError(413, 'VALIDATION', quotaExceeded(used, fileBytes, quotaBytes));
}

/**
 * Reserves `fileBytes` of the user's quota until the upload's row has committed (issue 21 item 22:
 * ten parallel 300 KB uploads all passed a 1 MB quota). The reservation is one conditional INSERT
 * (files + live reservations + this file within the quota). It runs after locking the user's row
 * (`FOR NO KEY UPDATE`, which foreign-key checks do not wait for), so concurrent reservations of one
 * user take turns and each one's statement sees the reservations and rows committed before it:
 * without the lock both INSERTs would read the same old sum. 413 when it does not fit.
 */
export async function reserveStorage(ctx: AuthedCtx, fileBytes: number): Promise<string> {
  const quotaBytes = quotaOf(ctx);
  const userId = ctx.actor.id;
  const id = await reserveWithinQuota(ctx.db, userId, fileBytes, quotaBytes);
  if (id) return id;
  const used = await usedAndReserved(ctx.db, userId);
  throw new AppError(413, 'VALIDATION', quotaExceeded(used, fileBytes, quotaBytes));
}

/** Ends a reservation (the file's row has committed, or the upload failed). */
export async function releaseStorage(db: Db, reservationId: string): Promise<void> {
  await releaseReservation(db, reservationId);
}

/**
 * Stores an uploaded file, then runs `write` (the transaction recording it), holding a quota
 * reservation from before the file is stored until `write` has committed. If `write` fails the file
 * is removed again unless another row already shared it, so a failed upload leaves nothing.
 */
export async function storeFileThen<T>(
  ctx: AuthedCtx,
  bytes: Uint8Array,
  write: (stored: { key: string; size: number }) => Promise<T>,
): Promise<T> {
  const reservation = await reserveStorage(ctx, bytes.byteLength);
  try {
    const stored = await ctx.files.put(bytes);
    try {
      return await write(stored);
    } catch (err) {
      await removeUnreferencedFiles(ctx.db, ctx.files, [stored.key]);
      throw err;
    }
  } finally {
    await releaseStorage(ctx.db, reservation);
  }
}
