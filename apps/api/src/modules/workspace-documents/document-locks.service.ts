import { CHECK_IN_NOTE_MAX, type ForceReleaseBody, type WorkspaceDocument } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict } from '../../lib/errors';
import type { WorkspaceDocumentRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import * as usersRepository from '../auth/users.repository';
import { FILE_EMPTY, loadDocument, presentOne, storeThen } from './workspace-documents.service';
import type { UploadedFile } from '../../lib/uploaded-file';
import * as repository from './workspace-documents.repository';
import { isLockStale } from './workspace-documents.presenter';

/** WORKSPACES.md §1: the holder's check-in after the owner released their lock is refused, not lost. */
export const RELEASED_BY_OWNER = 'Your check-out was released by the workspace owner. Check the document out again before checking in.';

async function holderName(ctx: AuthedCtx, userId: string): Promise<string> {
  return (await usersRepository.findById(ctx.db, userId))?.name ?? 'another member';
}

function lockEntry(document: WorkspaceDocumentRow, action: string, details: Record<string, unknown>) {
  return {
    action,
    workspaceId: document.workspaceId,
    targetType: 'workspace_document',
    targetId: document.id,
    details: { name: document.name, ...details },
  };
}

/** Why the caller cannot check in: someone else holds it, the owner released theirs, or nobody holds it. */
async function notHolderRefusal(ctx: AuthedCtx, document: WorkspaceDocumentRow): Promise<Error> {
  if (document.checkedOutBy && document.checkedOutBy !== ctx.actor.id) {
    return conflict(`This document is checked out by ${await holderName(ctx, document.checkedOutBy)}`);
  }
  const last = await repository.latestLockEvent(ctx.db, document.id);
  if (last?.action === 'document.force_released' && last.details.holder_id === ctx.actor.id) return conflict(RELEASED_BY_OWNER);
  return conflict('This document is not checked out. Check it out before checking in.');
}

/** POST /documents/{id}/check-out: one conditional UPDATE decides, so exactly one caller wins a race. */
export async function checkOutDocument(ctx: AuthedCtx, documentId: string): Promise<WorkspaceDocument> {
  const { document } = await loadDocument(ctx, documentId, 'document.checkOut');
  const won = await ctx.db.transaction(async (tx) => {
    const row = await repository.checkOut(tx, document.id, ctx.actor.id);
    if (row) await recordActivity(tx, ctx.actor, lockEntry(document, 'document.checked_out', {}));
    return row;
  });
  if (!won) {
    const current = await repository.findById(ctx.db, document.id);
    if (current?.checkedOutBy === ctx.actor.id) throw conflict('You have already checked out this document');
    throw conflict(
      `This document is checked out by ${current?.checkedOutBy ? await holderName(ctx, current.checkedOutBy) : 'another member'}`,
    );
  }
  return presentOne(ctx, document.workspaceId, document.id);
}

/**
 * POST /documents/{id}/check-in: only the holder. With a file it becomes the next version, in one
 * transaction conditional on the caller still holding the lock; without one the lock is just released.
 */
export async function checkInDocument(
  ctx: AuthedCtx,
  documentId: string,
  input: { file?: UploadedFile; note?: string },
): Promise<WorkspaceDocument> {
  const { document } = await loadDocument(ctx, documentId, 'document.checkOut');
  const note = input.note?.trim() || null;
  if (note && note.length > CHECK_IN_NOTE_MAX) throw badRequest(`The note can be at most ${CHECK_IN_NOTE_MAX} characters`);
  if (input.file && input.file.bytes.byteLength === 0) throw badRequest(FILE_EMPTY);
  if (document.checkedOutBy !== ctx.actor.id) throw await notHolderRefusal(ctx, document);

  const file = input.file;
  const released = async (tx: typeof ctx.db, stored?: { key: string; size: number }) => {
    const row = await repository.releaseIfHolder(tx, document.id, ctx.actor.id, Boolean(stored));
    // Released by the owner between our read and this UPDATE: refuse, and the rollback keeps nothing.
    if (!row) throw conflict(RELEASED_BY_OWNER);
    if (stored && file) {
      await repository.insertVersion(tx, document.id, row.currentVersion, {
        storageKey: stored.key,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: stored.size,
        uploadedBy: ctx.actor.id,
        uploaderName: ctx.actor.name,
        note,
      });
    }
    await recordActivity(tx, ctx.actor, lockEntry(document, 'document.checked_in', { version: stored ? row.currentVersion : null }));
  };
  if (file) await storeThen(ctx, file, (stored) => ctx.db.transaction((tx) => released(tx, stored)));
  else await ctx.db.transaction((tx) => released(tx));
  return presentOne(ctx, document.workspaceId, document.id);
}

/**
 * POST /documents/{id}/force-release (OWNER): releases a lock older than LOCK_STALE_HOURS, with a
 * reason that is audited and sent to the holder (WORKSPACES.md §1).
 */
export async function forceReleaseDocument(ctx: AuthedCtx, documentId: string, body: ForceReleaseBody): Promise<WorkspaceDocument> {
  const { document } = await loadDocument(ctx, documentId, 'document.forceRelease');
  const holderId = document.checkedOutBy;
  if (!holderId || !document.checkedOutAt) throw conflict('This document is not checked out');
  const staleHours = ctx.config.LOCK_STALE_HOURS;
  if (!isLockStale(document.checkedOutAt, staleHours)) {
    const staleAt = new Date(document.checkedOutAt.getTime() + staleHours * 3_600_000);
    throw conflict(
      `This check-out is not stale yet. It can be released after ${staleHours} hours, from ${staleAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
  }
  const name = await holderName(ctx, holderId);
  const reason = body.reason.trim();
  await ctx.db.transaction(async (tx) => {
    const row = await repository.releaseStale(tx, document.id, holderId, staleHours);
    if (!row) throw conflict('The check-out changed meanwhile. Reload the documents and try again.');
    await recordActivity(tx, ctx.actor, lockEntry(document, 'document.force_released', { holder_name: name, holder_id: holderId, reason }));
    if (holderId !== ctx.actor.id) {
      await notificationsRepository.insertForUser(tx, holderId, {
        title: 'Your check-out was released',
        message: `${ctx.actor.name} released your check-out of ${document.name}: ${reason}. Check it out again before checking in your changes.`,
        type: 'workspace',
        link: `/workspace/${document.workspaceId}?tab=documents`,
      });
    }
  });
  return presentOne(ctx, document.workspaceId, document.id);
}
