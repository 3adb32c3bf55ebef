import type { Member, MessageResponse, WorkspaceActivityPage } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { WorkspaceMemberRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as activityRepository from '../activity/activity.repository';
import * as usersRepository from '../auth/users.repository';
import * as notificationsRepository from '../notifications/notifications.repository';
import * as workspacesRepository from './workspaces.repository';
import { requireAbility } from './workspace-access';
import { notifyOwnerAfterCommit } from './owner-notices';
import { presentActivity, presentMember } from './workspaces.presenter';

const MEMBER_NOT_FOUND = 'Member not found';

/** GET /workspaces/{id}/members: any member who has accepted the NDA. */
export async function listMembers(ctx: AuthedCtx, workspaceId: string): Promise<Member[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const rows = await workspacesRepository.listMembers(ctx.db, workspace.id);
  return rows.map(presentMember);
}

/**
 * DELETE /workspaces/{id}/members/{memberId} (`memberId` is the member's user id): the owner removes
 * a non-owner member, who is told by a bell notification.
 */
export async function removeMember(ctx: AuthedCtx, workspaceId: string, memberUserId: string): Promise<MessageResponse> {
  let found: WorkspaceMemberRow | undefined;
  // An unknown member is judged as a removable one, so only the owner learns it is not there.
  const { workspace } = await requireAbility(ctx, workspaceId, 'member.remove', async (access) => {
    found = isUuid(memberUserId) ? await workspacesRepository.findMember(ctx.db, access.workspace.id, memberUserId) : undefined;
    return { targetRole: found?.role ?? 'VIEWER' };
  });
  const target = found;
  if (!target) throw notFound(MEMBER_NOT_FOUND);
  const removed = await ctx.db.transaction(async (tx) => {
    const who = await usersRepository.findById(tx, target.userId);
    if (!(await workspacesRepository.removeMember(tx, workspace.id, target.userId))) return false;
    await recordActivity(tx, ctx.actor, {
      action: 'member.removed',
      workspaceId: workspace.id,
      targetType: 'user',
      targetId: target.userId,
      details: { name: who?.name ?? null, email: who?.email ?? null, role: target.role },
    });
    await notificationsRepository.insertForUser(tx, target.userId, {
      title: 'Removed from a workspace',
      message: `${ctx.actor.name} removed you from the workspace "${workspace.name}".`,
      type: 'workspace',
      link: null,
    });
    return true;
  });
  if (!removed) throw notFound(MEMBER_NOT_FOUND);
  return { message: 'Member removed' };
}

/** POST /workspaces/{id}/leave: any member but the owner; allowed while archived or before the NDA. */
export async function leaveWorkspace(ctx: AuthedCtx, workspaceId: string): Promise<MessageResponse> {
  const { workspace, member } = await requireAbility(ctx, workspaceId, 'workspace.leave');
  const left = await ctx.db.transaction(async (tx) => {
    // Conditional on not being the owner: an admin's deletion of the owner may have just made this
    // member the owner (workspace-ownership.ts), and then they did not leave.
    if (!(await workspacesRepository.removeMember(tx, workspace.id, member.userId))) {
      if (await workspacesRepository.findMember(tx, workspace.id, member.userId)) {
        throw conflict('You could not leave: you are now the owner of this workspace. Reload it to see your role.');
      }
      return false; // removed by the owner a moment ago: gone either way
    }
    await recordActivity(tx, ctx.actor, { action: 'member.left', workspaceId: workspace.id, details: { role: member.role } });
    return true;
  });
  if (left)
    await notifyOwnerAfterCommit(ctx, {
      workspaceId: workspace.id,
      title: 'Member left',
      message: `${ctx.actor.name} (${ctx.actor.email}) left the workspace "${workspace.name}".`,
    });
  return { message: `You left ${workspace.name}` };
}

/** GET /workspaces/{id}/activity: the workspace's log, newest first, keyset-paged. */
export async function listActivity(ctx: AuthedCtx, workspaceId: string, limit: number, before?: string): Promise<WorkspaceActivityPage> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const rows = await activityRepository.listForWorkspace(ctx.db, workspace.id, limit + 1, before);
  const page = rows.slice(0, limit);
  return { items: page.map(presentActivity), next_before: rows.length > limit ? page[page.length - 1]!.id : null };
}
