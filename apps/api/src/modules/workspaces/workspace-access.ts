import { abilityRow, can, refusalFor, type GrantTarget, type WorkspaceAbility } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, forbidden, ndaRequired, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
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

/** The target of a conditional grant, or how to find it once access is known (a row of this workspace). */
export type TargetOf = GrantTarget | ((access: WorkspaceAccess) => GrantTarget | Promise<GrantTarget>);

/**
 * The one access call, WORKSPACES.md §3 steps 2 to 5 in order: the workspace exists (404), the
 * caller is an ACTIVE member (403; admins get no implicit access), the NDA is accepted when the
 * ability's matrix row says `content` (403 NDA_REQUIRED), the workspace is not archived when the
 * row says `write` (409), and the role holds the ability on the target (403 with the row's
 * refusal). Step 1 (401) is the auth plugin's. A target given as a function is resolved after the
 * access checks, so a row looked up inside the workspace (a message, a member) is never revealed
 * to a non-member, and a 404 for it comes after the 403s.
 */
export async function requireAbility(
  ctx: AuthedCtx,
  workspaceId: string,
  ability: WorkspaceAbility,
  target: TargetOf = {},
): Promise<WorkspaceAccess> {
  const { content, write } = abilityRow(ability);
  const workspace = isUuid(workspaceId) ? await workspacesRepository.findById(ctx.db, workspaceId) : undefined;
  if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
  const member = await workspacesRepository.findMember(ctx.db, workspace.id, ctx.actor.id);
  if (!member) throw forbidden(ACCESS_DENIED);
  const currentNda = workspace.requireNda && !isCreator(workspace, member) ? await ndaRepository.findCurrent(ctx.db) : undefined;
  const ndaPending = isNdaPending(workspace, member, currentNda);
  if (content && ndaPending) throw ndaRequired();
  if (write && workspace.archivedAt) throw conflict(WORKSPACE_ARCHIVED);
  const access = { workspace, member, ndaPending, currentNda };
  const resolved = typeof target === 'function' ? await target(access) : target;
  if (!can(member.role, ability, { actorId: member.userId, ...resolved })) throw forbidden(refusalFor(member.role, ability, resolved));
  return access;
}
