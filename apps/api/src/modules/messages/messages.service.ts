import { CHAT_EDIT_WINDOW_MS, type ChatMessage, type ChatMessageList, type ChatMessageListQuery } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { ChatMessageRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import { requireAbility, type WorkspaceAccess } from '../workspaces/workspace-access';
import { removeUnreferencedFiles, storeFileThen } from '../../lib/stored-files';
import * as messagesRepository from './messages.repository';
import { presentMessage } from './messages.presenter';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const MESSAGE_REQUIRED = 'Message text or an attachment is required';
export const EDIT_WINDOW_PASSED = 'Messages can only be edited within 2 minutes of sending';
const UNKNOWN_CURSOR = 'Unknown message cursor';

/** What a person sent: the text as typed and at most one attachment. */
export interface ChatInput {
  text: string;
  file: { fileName: string; bytes: Buffer } | null;
}

/**
 * The message `msgId` of the workspace the caller was admitted to. Its workspace is read from the
 * database: a message of another workspace is "not found" here, like an unknown id.
 */
async function loadMessage(ctx: AuthedCtx, access: WorkspaceAccess, msgId: string): Promise<ChatMessageRow> {
  const row = isUuid(msgId) ? await messagesRepository.findById(ctx.db, msgId) : undefined;
  if (!row || row.workspaceId !== access.workspace.id) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

/**
 * POST /workspaces/{id}/messages: any member may chat (SPEC §6). Access is checked before the
 * upload is read, so a refused caller's file is never stored; `readInput` enforces the 10 MB limit.
 */
export async function sendMessage(ctx: AuthedCtx, workspaceId: string, readInput: () => Promise<ChatInput>): Promise<ChatMessage> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'message.send');
  const input = await readInput();
  if (!input.text.trim() && !input.file) throw badRequest(MESSAGE_REQUIRED);
  const insert = (stored: { key: string; size: number } | null) =>
    ctx.db.transaction(async (tx) => {
      const inserted = await messagesRepository.insert(tx, {
        workspaceId: workspace.id,
        userId: ctx.actor.id,
        authorName: ctx.actor.name,
        message: input.text,
        fileKey: stored?.key ?? null,
        fileName: input.file?.fileName ?? null,
        fileSize: stored?.size ?? null,
      });
      if (input.file) {
        await recordActivity(tx, ctx.actor, {
          action: 'message.file_shared',
          workspaceId: workspace.id,
          targetType: 'message',
          targetId: inserted.id,
          details: { file_name: input.file.fileName },
        });
      }
      return inserted;
    });
  // With a file: quota reserved, file stored, row written, and the file removed again if that fails.
  const row = input.file ? await storeFileThen(ctx, input.file.bytes, insert) : await insert(null);
  return presentMessage(row);
}

/**
 * GET /workspaces/{id}/messages, oldest first within the page. Without a cursor, SPEC's skip/limit
 * counting from the newest; `before` is the older page for Load More, `after` what is new since a
 * poll. Inserts commit in (created_at, id) order (see messagesRepository.insert), so cursor pages
 * neither repeat nor skip a message while others write.
 */
export async function listMessages(ctx: AuthedCtx, workspaceId: string, query: ChatMessageListQuery): Promise<ChatMessageList> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const cursor = query.before ?? query.after;
  if (cursor !== undefined) {
    const row = isUuid(cursor) ? await messagesRepository.findById(ctx.db, cursor) : undefined;
    if (!row || row.workspaceId !== workspace.id) throw badRequest(UNKNOWN_CURSOR);
  }
  const rows = query.before
    ? await messagesRepository.listBefore(ctx.db, workspace.id, query.before, query.limit)
    : query.after
      ? await messagesRepository.listAfter(ctx.db, workspace.id, query.after, query.limit)
      : await messagesRepository.listPage(ctx.db, workspace.id, query.skip, query.limit);
  const total = await messagesRepository.countByWorkspace(ctx.db, workspace.id);
  return { messages: rows.map(presentMessage), total };
}

/**
 * PATCH /workspaces/{id}/messages/{msgId}: the author only, within 2 minutes of sending (SPEC §4).
 * The window is enforced by the UPDATE's own condition on the server clock, not by a prior read.
 */
export async function editMessage(ctx: AuthedCtx, workspaceId: string, msgId: string, text: string): Promise<ChatMessage> {
  let message!: ChatMessageRow;
  await requireAbility(ctx, workspaceId, 'message.edit', async (found) => {
    message = await loadMessage(ctx, found, msgId);
    return { createdBy: message.userId };
  });
  if (!text.trim() && !message.fileKey) throw badRequest(MESSAGE_REQUIRED);
  const updated = await messagesRepository.updateTextWithinWindow(ctx.db, message.id, ctx.actor.id, text, CHAT_EDIT_WINDOW_MS);
  if (!updated) {
    if (!(await messagesRepository.findById(ctx.db, message.id))) throw notFound(MESSAGE_NOT_FOUND);
    throw conflict(EDIT_WINDOW_PASSED);
  }
  return presentMessage(updated);
}

/**
 * DELETE /workspaces/{id}/messages/{msgId}: one's own message, or any as OWNER (SPEC §6). Only a
 * moderation delete (someone else's message) goes to the Activity log. The attachment file goes
 * once no row refers to it.
 */
export async function deleteMessage(ctx: AuthedCtx, workspaceId: string, msgId: string): Promise<{ message: string }> {
  let message!: ChatMessageRow;
  const access = await requireAbility(ctx, workspaceId, 'message.delete', async (found) => {
    message = await loadMessage(ctx, found, msgId);
    return { createdBy: message.userId };
  });
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await messagesRepository.remove(tx, message.id);
    if (row && row.userId !== ctx.actor.id) {
      await recordActivity(tx, ctx.actor, {
        action: 'message.deleted',
        workspaceId: access.workspace.id,
        targetType: 'message',
        targetId: row.id,
        details: { author_name: row.authorName },
      });
    }
    return row;
  });
  if (!removed) throw notFound(MESSAGE_NOT_FOUND);
  if (removed.fileKey) await removeUnreferencedFiles(ctx.db, ctx.files, [removed.fileKey]);
  return { message: 'Message deleted' };
}

/** GET /workspaces/{id}/messages/{msgId}/download: any member, also in an archived workspace. */
export async function getAttachment(ctx: AuthedCtx, workspaceId: string, msgId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const access = await requireAbility(ctx, workspaceId, 'content.view');
  const message = await loadMessage(ctx, access, msgId);
  if (!message.fileKey) throw notFound('File not found');
  const bytes = await ctx.files.read(message.fileKey).catch(() => {
    throw notFound('File not found');
  });
  return { fileName: message.fileName || 'attachment', bytes };
}
