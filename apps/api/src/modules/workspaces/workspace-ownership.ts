import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import { listWorkspaceFileKeys } from './workspace-files';
import * as workspacesRepository from './workspaces.repository';

export interface OwnedWorkspacesOutcome {
  transferred: { id: string; name: string; new_owner_email: string }[];
  deleted: { id: string; name: string }[];
  /** Files of the deleted workspaces, to remove once the transaction has committed. */
  fileKeys: string[];
}

/**
 * Before a user is deleted (inside that transaction): each workspace they own passes to its
 * longest-standing active member, who is told by a bell notification, or is deleted with its
 * rows when nobody else is in it.
 */
export async function handOverOwnedWorkspaces(tx: Db, owner: UserRow, actor: Pick<UserRow, 'id' | 'name' | 'email'>): Promise<OwnedWorkspacesOutcome> {
  const outcome: OwnedWorkspacesOutcome = { transferred: [], deleted: [], fileKeys: [] };
  for (const workspace of await workspacesRepository.listOwnedForUpdate(tx, owner.id)) {
    const successor = await workspacesRepository.findSuccessor(tx, workspace.id, owner.id);
    if (!successor) {
      outcome.fileKeys.push(...(await listWorkspaceFileKeys(tx, workspace.id)));
      await workspacesRepository.remove(tx, workspace.id);
      outcome.deleted.push({ id: workspace.id, name: workspace.name });
      continue;
    }
    await workspacesRepository.transferOwnership(tx, workspace.id, successor.userId);
    await recordActivity(tx, actor, {
      action: 'workspace.ownership_transferred',
      workspaceId: workspace.id,
      targetType: 'user',
      targetId: successor.userId,
      details: { former_owner_name: owner.name, new_owner_name: successor.name },
    });
    await notificationsRepository.insertForUser(tx, successor.userId, {
      title: 'You now own a workspace',
      message: `${owner.name}'s account was deleted, so you are now the owner of "${workspace.name}".`,
      type: 'workspace',
      link: `/workspace/${workspace.id}`,
    });
    outcome.transferred.push({ id: workspace.id, name: workspace.name, new_owner_email: successor.email });
  }
  return outcome;
}
