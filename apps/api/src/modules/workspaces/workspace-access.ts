import { can, type GrantTarget, type WorkspaceAbility } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, forbidden, ndaRequired, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Db } from '../../db/client';
import type { NdaVersionRow, WorkspaceMemberRow, WorkspaceRow } from '../../db/schema/index';
import * as ndaRepository from '../nda/nda.repository';
import * as workspacesRepository from './workspaces.repository';

export const WORKSPACE_NOT_FOUND = 'Workspace not found';
export const ACCESS_DENIED = 'Access denied to this workspace';
export const WORKSPACE_ARCHIVED = 'This workspace is archived';

/** What every workspace call knows once access is granted. */
export interface WorkspaceAccess {
  workspace: WorkspaceRow;
  member: WorkspaceMemberRow;
  /** The member has not accepted the NDA in force and the workspace requires it. */
  ndaPending: boolean;
  currentNda: NdaVersionRow | undefined;
}

export interface AccessNeeds {
  /** Workspace content (members, invites, activity, documents, tasks, chat, RFP, AI): gated by the NDA. */
  content?: boolean;
  /** A change: refused while the workspace is archived (restore, delete and leave do not ask for it). */
  write?: boolean;
}

/** The workspace's creator is never gated by its NDA (WORKSPACES.md §2). */
export function isCreator(workspace: WorkspaceRow, member: WorkspaceMemberRow): boolean {
  return workspace.createdBy !== null && member.userId === workspace.createdBy;
}

/**
 * True when the member must accept the current NDA first. Only the creator is exempt, not the
 * OWNER role: a member who became owner by succession is gated like before (issue 21 item 14).
 */
export function isNdaPending(workspace: WorkspaceRow, member: WorkspaceMemberRow, currentNda: NdaVersionRow | undefined): boolean {
  if (!workspace.requireNda || isCreator(workspace, member) || !currentNda) return false;
  return member.ndaVersionId !== currentNda.id;
}

/**
 * WORKSPACES.md §3, steps 2 to 4, in order: the workspace exists (404), the caller is an ACTIVE
 * member (403; admins get no implicit access), the NDA is accepted for content calls (403
 * NDA_REQUIRED), and the workspace is not archived for writes (409). Step 1 (401) is the auth
 * plugin's; step 5 is `assertCan`.
 */
export async function requireMember(ctx: AuthedCtx, workspaceId: string, needs: AccessNeeds = {}, db: Db = ctx.db): Promise<WorkspaceAccess> {
  const workspace = isUuid(workspaceId) ? await workspacesRepository.findById(db, workspaceId) : undefined;
  if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
  const member = await workspacesRepository.findMember(db, workspace.id, ctx.actor.id);
  if (!member) throw forbidden(ACCESS_DENIED);
  const currentNda = workspace.requireNda && !isCreator(workspace, member) ? await ndaRepository.findCurrent(db) : undefined;
  const ndaPending = isNdaPending(workspace, member, currentNda);
  if (needs.content && ndaPending) throw ndaRequired();
  if (needs.write && workspace.archivedAt) throw conflict(WORKSPACE_ARCHIVED);
  return { workspace, member, ndaPending, currentNda };
}

/** What a refusal says, per ability (SPEC §8 where it has a text). */
const REFUSALS: Partial<Record<WorkspaceAbility, string>> = {
  'document.delete': "You don't have permission to delete this file. Only workspace owners can delete documents.",
  'document.download': "You don't have permission to download this file",
  'member.invite': 'Only the workspace owner can manage invitations',
  'member.remove': 'Only the workspace owner can remove members, and the owner cannot be removed',
  'workspace.archive': 'Only the workspace owner can archive or restore the workspace',
  'workspace.delete': 'Only the workspace owner can delete the workspace',
  'workspace.editSettings': 'Only the workspace owner can change workspace settings',
  'workspace.leave': 'The workspace owner cannot leave the workspace. Delete it instead.',
};

/** Step 5 of WORKSPACES.md §3: the matrix decides; a refusal is a 403 with a readable detail. */
export function assertCan(member: WorkspaceMemberRow, ability: WorkspaceAbility, target: GrantTarget = {}): void {
  if (!can(member.role, ability, { actorId: member.userId, ...target })) {
    throw forbidden(REFUSALS[ability] ?? "You don't have permission to do that in this workspace");
  }
}
