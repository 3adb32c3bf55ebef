import type { Db } from '../../db/client';
import type { UserRow, WorkspaceRow } from '../../db/schema/index';
import { conflict } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import * as ndaRepository from '../nda/nda.repository';
import * as notificationsRepository from '../notifications/notifications.repository';
import { isNdaPending } from './workspace-access';
import { listWorkspaceFileKeys } from './workspace-files.repository';
import * as workspacesRepository from './workspaces.repository';

export interface OwnedWorkspacesOutcome {
  transferred: { id: string; name: string; new_owner_email: string }[];
  deleted: { id: string; name: string }[];
  /** Files of the deleted workspaces, to remove once the transaction has committed. */
  fileKeys: string[];
}

type Candidate = Awaited<ReturnType<typeof workspacesRepository.listSuccessorCandidatesForUpdate>>[number];

/** Why the admin must act: the workspace, and who is in it with the NDA still to accept. */
interface Blocked {
  workspace: WorkspaceRow;
  candidates: Candidate[];
}

const ROLE_WORD = { OWNER: 'owner', CONTRIBUTOR: 'contributor', REVIEWER: 'reviewer', VIEWER: 'viewer' } as const;

/** The 409's detail: which workspaces nobody can take over, who is in them, and what to do. */
function successorRequired(owner: UserRow, blocked: Blocked[]): string {
  const lines = blocked.map(({ workspace, candidates }) => {
    const people = candidates.map((c) => `${c.name} (${c.email}, ${ROLE_WORD[c.member.role]})`).join(', ');
    return `"${workspace.name}": ${people}`;
  });
  return (
    `${owner.name} cannot be deleted yet: they own ${blocked.length === 1 ? 'a workspace' : `${blocked.length} workspaces`} ` +
    `whose members have not accepted the current NDA, and ownership only passes to a member who has. ` +
    `${lines.join('; ')}. Ask one of them to open the workspace and accept the NDA, or ask ${owner.name} to turn off the NDA ` +
    `requirement or delete the workspace (Team tab), then delete the account again. Nothing was deleted.`
  );
}

/**
 * Before a user is deleted (inside that transaction): each workspace they own passes to an active
 * member who has accepted the NDA in force (or any member when the workspace does not require
 * one), CONTRIBUTOR before REVIEWER before VIEWER, then the longest-standing; the new owner is told
 * by a bell notification. A workspace nobody else is in is deleted with its rows. When members are
 * left but none of them may see the workspace's content, nothing happens: the deletion answers 409
 * with what the admin can do (issue 21 item 14). Ownership never opens the NDA gate: only the
 * creator is exempt from it (`isNdaPending`).
 */
export async function handOverOwnedWorkspaces(
  tx: Db,
  owner: UserRow,
  actor: Pick<UserRow, 'id' | 'name' | 'email'>,
): Promise<OwnedWorkspacesOutcome> {
  const outcome: OwnedWorkspacesOutcome = { transferred: [], deleted: [], fileKeys: [] };
  const blocked: Blocked[] = [];
  const currentNda = await ndaRepository.findCurrent(tx);
  for (const workspace of await workspacesRepository.listOwnedForUpdate(tx, owner.id)) {
    const candidates = await workspacesRepository.listSuccessorCandidatesForUpdate(tx, workspace.id, owner.id);
    if (candidates.length === 0) {
      outcome.fileKeys.push(...(await listWorkspaceFileKeys(tx, workspace.id)));
      await workspacesRepository.remove(tx, workspace.id);
      outcome.deleted.push({ id: workspace.id, name: workspace.name });
      continue;
    }
    const successor = candidates.find((c) => !isNdaPending(workspace, c.member, currentNda));
    if (!successor) {
      blocked.push({ workspace, candidates });
      continue;
    }
    await workspacesRepository.transferOwnership(tx, workspace.id, successor.member.userId);
    await recordActivity(tx, actor, {
      action: 'workspace.ownership_transferred',
      workspaceId: workspace.id,
      targetType: 'user',
      targetId: successor.member.userId,
      details: { former_owner_name: owner.name, new_owner_name: successor.name },
    });
    await notificationsRepository.insertForUser(tx, successor.member.userId, {
      title: 'You now own a workspace',
      message: `${owner.name}'s account was deleted, so you are now the owner of "${workspace.name}".`,
      type: 'workspace',
      link: `/workspace/${workspace.id}`,
    });
    outcome.transferred.push({ id: workspace.id, name: workspace.name, new_owner_email: successor.email });
  }
  // Thrown inside the deleting transaction: every hand-over above is rolled back with it.
  if (blocked.length > 0) throw conflict(successorRequired(owner, blocked));
  return outcome;
}
