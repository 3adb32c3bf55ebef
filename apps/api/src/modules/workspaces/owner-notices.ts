import type { Ctx } from '../../lib/ctx';
import * as notificationsRepository from '../notifications/notifications.repository';

/** What the owner is told: a bell notice linking to the Team tab. */
export interface OwnerNotice {
  workspaceId: string;
  title: string;
  message: string;
}

/**
 * Tells the workspace's owner, in their bell, what an invitee or member did (issue 21 item 9: the
 * owner heard nothing when an invitation was accepted or declined, or a member left). Sent after
 * the change has committed and to whoever owns the workspace then: inside the change's
 * transaction it deadlocked on PostgreSQL with an admin deleting the owner (the answer held the
 * invite or member row and waited on the owner's user row for the notification's foreign key;
 * the deletion held that row and waited on the members to hand the workspace on). A failure here
 * is logged, never the change's answer: the change has happened.
 */
export async function notifyOwnerAfterCommit(ctx: Ctx, notice: OwnerNotice): Promise<void> {
  const { workspaceId, title, message } = notice;
  try {
    await notificationsRepository.insertForWorkspaceOwner(ctx.db, workspaceId, {
      title,
      message,
      type: 'workspace',
      link: `/workspace/${workspaceId}?tab=team`,
    });
  } catch (err) {
    ctx.log.warn({ err, workspaceId }, 'could not tell the workspace owner');
  }
}
