/**
 * The lifecycle of uploaded files (issue 16): every table column that refers to a stored file, so
 * that a file no row refers to is deleted, a failed upload leaves nothing behind, and each user's
 * uploads count against one storage quota.
 */
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { chatMessages, documentVersions, importJobFiles, rfpAnalyses, rfpSolicitations, solicitationPdfs, storageReservations, users } from '../db/schema/index';
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

/** A reservation older than this belonged to a process that died mid-upload: it counts for nothing. */
const RESERVATION_TTL_MS = 60 * 60 * 1000;

/** SQL: bytes of `userId`'s stored files plus their live reservations (uploads in flight). */
function usedAndReservedSql(userId: string, liveSince: Date): SQL<string> {
  const parts = FILE_REFERENCES.filter((ref) => ref.owner).map(
    (ref) => sql`(select coalesce(sum(${ref.size}), 0) from ${ref.table} where ${ref.owner!} = ${userId} and ${ref.key} is not null)`,
  );
  parts.push(
    sql`(select coalesce(sum(${storageReservations.bytes}), 0) from ${storageReservations} where ${storageReservations.userId} = ${userId} and ${storageReservations.createdAt} > ${liveSince})`,
  );
  return sql<string>`(${sql.join(parts, sql` + `)})`;
}

/** Bytes the user's files and uploads in flight hold. */
async function usedAndReserved(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ bytes: usedAndReservedSql(userId, new Date(Date.now() - RESERVATION_TTL_MS)) }).from(users).where(eq(users.id, userId));
  return Number(row?.bytes ?? 0);
}

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
  const liveSince = new Date(Date.now() - RESERVATION_TTL_MS);
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(storageReservations).where(and(eq(storageReservations.userId, userId), lte(storageReservations.createdAt, liveSince)));
    const rows = await tx.execute<{ id: string }>(sql`
      insert into ${storageReservations} (user_id, bytes)
      select ${userId}, ${fileBytes}
      where ${usedAndReservedSql(userId, liveSince)} + ${fileBytes} <= ${quotaBytes}
      returning id`);
    return rowsOf<{ id: string }>(rows)[0]?.id;
  });
  if (id) return id;
  const used = await usedAndReserved(ctx.db, userId);
  throw new AppError(413, 'VALIDATION', quotaExceeded(used, fileBytes, quotaBytes));
}

/** Ends a reservation (the file's row has committed, or the upload failed). */
export async function releaseStorage(db: Db, reservationId: string): Promise<void> {
  await db.delete(storageReservations).where(eq(storageReservations.id, reservationId));
}

/** `execute` answers rows as an array (PGlite) or in `.rows` (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/**
 * Stores an uploaded file, then runs `write` (the transaction recording it), holding a quota
 * reservation from before the file is stored until `write` has committed. If `write` fails the file
 * is removed again unless another row already shared it, so a failed upload leaves nothing.
 */
export async function storeFileThen<T>(ctx: AuthedCtx, bytes: Uint8Array, write: (stored: { key: string; size: number }) => Promise<T>): Promise<T> {
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
