import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { activity, chatMessages, type ChatMessageRow } from '../src/db/schema/index';
import type { FileStore } from '../src/lib/file-store';

/** Inserts a chat message directly (bypassing the API) and returns it. */
export async function createMessage(
  db: Db,
  workspaceId: string,
  userId: string,
  overrides: Partial<Pick<ChatMessageRow, 'message' | 'authorName' | 'createdAt' | 'fileKey' | 'fileName' | 'fileSize'>> = {},
): Promise<ChatMessageRow> {
  const [row] = await db
    .insert(chatMessages)
    .values({ workspaceId, userId, authorName: 'Test User', message: `hello ${randomUUID().slice(0, 6)}`, ...overrides })
    .returning();
  return row!;
}

/** Stores random bytes in the file store and inserts a message carrying them as its attachment. */
export async function createMessageWithFile(db: Db, files: FileStore, workspaceId: string, userId: string, fileName = 'notes.txt') {
  const stored = await files.put(randomBytes(64));
  return createMessage(db, workspaceId, userId, { fileKey: stored.key, fileName, fileSize: stored.size });
}

/** Moves a message's creation time back by `ms` (for the 2-minute edit window). */
export async function ageMessage(db: Db, id: string, ms: number): Promise<void> {
  await db
    .update(chatMessages)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(chatMessages.id, id));
}

/** The chat state a refused call must leave untouched: messages with their text and edit time, and the log. */
export async function chatSnapshot(db: Db, workspaceId: string) {
  const messages = await db
    .select({ id: chatMessages.id, message: chatMessages.message, editedAt: chatMessages.editedAt, fileKey: chatMessages.fileKey })
    .from(chatMessages)
    .where(eq(chatMessages.workspaceId, workspaceId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  const log = await db.select({ action: activity.action }).from(activity).where(eq(activity.workspaceId, workspaceId));
  return { messages, activity: log.map((a) => a.action).sort() };
}

/** A multipart/form-data body with an optional `message` field and an optional `file`, for app.inject. */
export function chatMultipart(parts: { message?: string; file?: { name: string; bytes: Uint8Array; contentType?: string } }) {
  const boundary = `----biddeskchat${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (parts.message !== undefined) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${parts.message}\r\n`));
  }
  if (parts.file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.file.name}"\r\nContent-Type: ${parts.file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(parts.file.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
