import type { Db } from '../../db/client';
import type { Ctx } from '../../lib/ctx';
import type { WorkspaceRow } from '../../db/schema/index';
import * as notificationsRepository from '../notifications/notifications.repository';

/**
 * Tells the workspace's owner, in their bell, what an invitee or member did (issue 21 item 9: the
 * owner heard nothing when an invitation was accepted or declined, or a member left). Written in
 * the caller's transaction, so it exists exactly when the change does; the link opens the Team tab.
 */
export async function notifyOwner(db: Db, workspace: Pick<WorkspaceRow, 'id' | 'ownerId'>, content: { title: string; message: string }): Promise<void> {
  await notificationsRepository.insertForUser(db, workspace.ownerId, { ...content, type: 'workspace', link: `/workspace/${workspace.id}?tab=team` });
}

/**
 * The same notice for a member's departure, sent after the leave has committed and to whoever owns
 * the workspace then. Inside the leave's transaction it deadlocked on PostgreSQL with an admin
 * deleting the owner (the leave held the member row and waited on the owner's user row for the
 * notification's foreign key; the deletion held that row and waited on the member row to hand the
 * workspace on). A failure here is logged, never the leave's answer: the member has left.
 */
export async function notifyOwnerAfterLeave(ctx: Ctx, workspaceId: string, content: { title: string; message: string }): Promise<void> {
  try {
    await notificationsRepository.insertForWorkspaceOwner(ctx.db, workspaceId, { ...content, type: 'workspace', link: `/workspace/${workspaceId}?tab=team` });
  } catch (err) {
    ctx.log.warn({ err, workspaceId }, 'could not tell the workspace owner that a member left');
  }
}
