import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { documentVersions, notifications, workspaceDocuments } from '../src/db/schema/index';
import type { FileStore } from '../src/lib/file-store';
import { workspaceSnapshot } from './factories';
import type { TestApp } from './build-test-app';

/** The test app's own file store (local disk, or the S3 bucket the app was built with). */
export function testFileStore(t: TestApp): FileStore {
  return t.files;
}

/** Inserts a document with version 1 holding `bytes`, optionally checked out by `checkedOutBy` at `checkedOutAt`. */
export async function createDocument(
  t: TestApp,
  workspaceId: string,
  uploaderId: string,
  opts: { name?: string; bytes?: Uint8Array; checkedOutBy?: string | null; checkedOutAt?: Date } = {},
): Promise<{ id: string; key: string }> {
  const bytes = opts.bytes ?? Buffer.from(`content of ${opts.name ?? 'proposal.docx'} ${Math.random()}`);
  const stored = await testFileStore(t).put(bytes);
  const [doc] = await t.db
    .insert(workspaceDocuments)
    .values({
      workspaceId,
      name: opts.name ?? 'proposal.docx',
      createdBy: uploaderId,
      checkedOutBy: opts.checkedOutBy ?? null,
      checkedOutAt: opts.checkedOutBy ? (opts.checkedOutAt ?? new Date()) : null,
    })
    .returning({ id: workspaceDocuments.id });
  await t.db.insert(documentVersions).values({
    documentId: doc!.id,
    version: 1,
    storageKey: stored.key,
    fileName: opts.name ?? 'proposal.docx',
    sizeBytes: stored.size,
    uploadedBy: uploaderId,
    uploaderName: 'Uploader',
  });
  return { id: doc!.id, key: stored.key };
}

/** A multipart body with `file` (when given) and text fields, for app.inject. */
export function multipartBody(file: { name: string; bytes: Uint8Array; type?: string } | null, fields: Record<string, string> = {}) {
  const boundary = `----biddeskdocs${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Everything a document call could change: the workspace snapshot plus documents, versions and bell notifications. */
export async function documentSnapshot(db: Db, workspaceId: string) {
  const base = await workspaceSnapshot(db, workspaceId);
  const documents = await db
    .select({
      id: workspaceDocuments.id,
      name: workspaceDocuments.name,
      currentVersion: workspaceDocuments.currentVersion,
      checkedOutBy: workspaceDocuments.checkedOutBy,
      checkedOutAt: workspaceDocuments.checkedOutAt,
      updatedAt: workspaceDocuments.updatedAt,
    })
    .from(workspaceDocuments)
    .where(eq(workspaceDocuments.workspaceId, workspaceId))
    .orderBy(asc(workspaceDocuments.id));
  const ids = documents.map((d) => d.id);
  const versions = ids.length
    ? await db
        .select({
          documentId: documentVersions.documentId,
          version: documentVersions.version,
          key: documentVersions.storageKey,
          note: documentVersions.note,
        })
        .from(documentVersions)
        .where(inArray(documentVersions.documentId, ids))
        .orderBy(asc(documentVersions.documentId), asc(documentVersions.version))
    : [];
  const bell = await db.select({ id: notifications.id }).from(notifications);
  return { ...base, documents, versions, notificationCount: bell.length };
}
