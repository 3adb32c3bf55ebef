/**
 * The queries of the stored-file lifecycle (lib/stored-files.ts): which rows refer to which file,
 * and the bytes each user's files and uploads in flight hold.
 */
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import {
  chatMessages,
  documentVersions,
  importJobFiles,
  rfpAnalyses,
  rfpSolicitations,
  solicitationPdfs,
  storageReservations,
  users,
} from '../db/schema/index';

export interface FileReference {
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

/** A reservation older than this belonged to a process that died mid-upload: it counts for nothing. */
export const RESERVATION_TTL_MS = 60 * 60 * 1000;

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
export async function usedAndReserved(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: usedAndReservedSql(userId, new Date(Date.now() - RESERVATION_TTL_MS)) })
    .from(users)
    .where(eq(users.id, userId));
  return Number(row?.bytes ?? 0);
}

/**
 * Inserts a reservation of `fileBytes` for `userId` only if their files, live reservations and this
 * file fit in `quotaBytes`; undefined when it does not fit. The user's row is locked first
 * (`FOR NO KEY UPDATE`, which foreign-key checks do not wait for), so concurrent reservations of one
 * user take turns and each one's statement sees the reservations committed before it.
 */
export async function reserveWithinQuota(db: Db, userId: string, fileBytes: number, quotaBytes: number): Promise<string | undefined> {
  const liveSince = new Date(Date.now() - RESERVATION_TTL_MS);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(storageReservations).where(and(eq(storageReservations.userId, userId), lte(storageReservations.createdAt, liveSince)));
    const rows = await tx.execute<{ id: string }>(sql`
      insert into ${storageReservations} (user_id, bytes)
      select ${userId}, ${fileBytes}
      where ${usedAndReservedSql(userId, liveSince)} + ${fileBytes} <= ${quotaBytes}
      returning id`);
    return rowsOf<{ id: string }>(rows)[0]?.id;
  });
}

/** Ends a reservation (the file's row has committed, or the upload failed). */
export async function releaseReservation(db: Db, reservationId: string): Promise<void> {
  await db.delete(storageReservations).where(eq(storageReservations.id, reservationId));
}
