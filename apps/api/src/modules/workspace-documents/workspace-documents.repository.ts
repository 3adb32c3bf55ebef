import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  activity,
  documentVersions,
  users,
  workspaceDocuments,
  type DocumentVersionRow,
  type WorkspaceDocumentRow,
} from '../../db/schema/index';

/** A document with what the list shows: its holder's name and its current version's file. */
export interface DocumentView {
  document: WorkspaceDocumentRow;
  holderName: string | null;
  uploaderName: string | null;
  fileSize: number;
}

export interface NewVersion {
  storageKey: string;
  fileName: string;
  contentType: string | null;
  sizeBytes: number;
  uploadedBy: string;
  uploaderName: string;
  note: string | null;
}

export async function findById(db: Db, id: string): Promise<WorkspaceDocumentRow | undefined> {
  const [row] = await db.select().from(workspaceDocuments).where(eq(workspaceDocuments.id, id));
  return row;
}

/** A workspace's documents with holder and current version, newest updated first (or just one). */
export async function listViews(db: Db, workspaceId: string, documentId?: string): Promise<DocumentView[]> {
  const rows = await db
    .select({
      document: workspaceDocuments,
      holderName: users.name,
      uploaderName: documentVersions.uploaderName,
      fileSize: documentVersions.sizeBytes,
    })
    .from(workspaceDocuments)
    .innerJoin(
      documentVersions,
      and(eq(documentVersions.documentId, workspaceDocuments.id), eq(documentVersions.version, workspaceDocuments.currentVersion)),
    )
    .leftJoin(users, eq(users.id, workspaceDocuments.checkedOutBy))
    .where(and(eq(workspaceDocuments.workspaceId, workspaceId), documentId ? eq(workspaceDocuments.id, documentId) : undefined))
    .orderBy(desc(workspaceDocuments.updatedAt), desc(workspaceDocuments.id));
  return rows.map((r) => ({ ...r, holderName: r.holderName ?? null, fileSize: Number(r.fileSize) }));
}

/** Inserts a document and its version 1. */
export async function insertWithFirstVersion(
  db: Db,
  workspaceId: string,
  name: string,
  version: NewVersion,
): Promise<WorkspaceDocumentRow> {
  const [doc] = await db.insert(workspaceDocuments).values({ workspaceId, name, createdBy: version.uploadedBy }).returning();
  await db.insert(documentVersions).values({ documentId: doc!.id, version: 1, ...version });
  return doc!;
}

export async function listVersions(db: Db, documentId: string): Promise<DocumentVersionRow[]> {
  return db.select().from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.version));
}

export async function findVersion(db: Db, documentId: string, version: number): Promise<DocumentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}

/** The one conditional UPDATE that decides a check-out race: undefined when someone holds it already. */
export async function checkOut(db: Db, documentId: string, userId: string): Promise<WorkspaceDocumentRow | undefined> {
  const [row] = await db
    .update(workspaceDocuments)
    .set({ checkedOutBy: userId, checkedOutAt: sql`now()` })
    .where(and(eq(workspaceDocuments.id, documentId), isNull(workspaceDocuments.checkedOutBy)))
    .returning();
  return row;
}

/**
 * Releases the lock only if `holderId` still holds it; with `bumpVersion` also moves the document
 * to its next version. Undefined when the caller no longer holds it (force-released meanwhile).
 */
export async function releaseIfHolder(
  db: Db,
  documentId: string,
  holderId: string,
  bumpVersion: boolean,
): Promise<WorkspaceDocumentRow | undefined> {
  const [row] = await db
    .update(workspaceDocuments)
    .set({
      checkedOutBy: null,
      checkedOutAt: null,
      ...(bumpVersion ? { currentVersion: sql`${workspaceDocuments.currentVersion} + 1`, updatedAt: sql`now()` } : {}),
    })
    .where(and(eq(workspaceDocuments.id, documentId), eq(workspaceDocuments.checkedOutBy, holderId)))
    .returning();
  return row;
}

/** Releases `holderId`'s lock only if it is still theirs and older than `staleHours`, decided in the database. */
export async function releaseStale(
  db: Db,
  documentId: string,
  holderId: string,
  staleHours: number,
): Promise<WorkspaceDocumentRow | undefined> {
  const [row] = await db
    .update(workspaceDocuments)
    .set({ checkedOutBy: null, checkedOutAt: null })
    .where(
      and(
        eq(workspaceDocuments.id, documentId),
        eq(workspaceDocuments.checkedOutBy, holderId),
        sql`${workspaceDocuments.checkedOutAt} <= now() - make_interval(secs => ${staleHours * 3600})`,
      ),
    )
    .returning();
  return row;
}

export async function insertVersion(db: Db, documentId: string, version: number, values: NewVersion): Promise<void> {
  await db.insert(documentVersions).values({ documentId, version, ...values });
}

/** Deletes a document (its versions go with it) and returns the file keys its versions used. */
export async function remove(db: Db, documentId: string): Promise<string[]> {
  const keys = await db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  await db.delete(workspaceDocuments).where(eq(workspaceDocuments.id, documentId));
  return [...new Set(keys.map((k) => k.key))];
}

/** The latest lock event on a document (check-out, check-in, force-release), from the activity log. */
export async function latestLockEvent(
  db: Db,
  documentId: string,
): Promise<{ action: string; details: Record<string, unknown> } | undefined> {
  const [row] = await db
    .select({ action: activity.action, details: activity.details })
    .from(activity)
    .where(
      and(
        eq(activity.targetType, 'workspace_document'),
        eq(activity.targetId, documentId),
        inArray(activity.action, ['document.checked_out', 'document.checked_in', 'document.force_released']),
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(1);
  return row;
}
