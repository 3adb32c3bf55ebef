import type { Db } from '../../db/client';
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
