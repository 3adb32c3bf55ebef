import type {
  AcceptInviteResponse,
  InviteBody,
  InviteRole,
  MessageResponse,
  PendingInvite,
  SentInvite,
  WorkspaceInvite,
} from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, notFound, upstreamFailed } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { hashToken, randomToken } from '../../lib/tokens';
import type { Db } from '../../db/client';
import type { UserRow, WorkspaceInviteRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as usersRepository from '../auth/users.repository';
import * as notificationsRepository from '../notifications/notifications.repository';
import * as ndaRepository from '../nda/nda.repository';
import { requireAbility, WORKSPACE_ARCHIVED } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { notifyOwnerAfterCommit, type OwnerNotice } from '../workspaces/owner-notices';
import { sendInviteMail } from './invite-mail';
import * as invitesRepository from './invites.repository';
import { inviteStatus, presentInvite, presentPendingInvite, refusalReason } from './invites.presenter';

export const INVITE_NOT_FOUND = 'Invite not found';
const DAY_MS = 86_400_000;

/**
 * POST /workspaces/{id}/invite: the owner invites an email with a role (never OWNER). Only the
 * token's hash is stored; a pending invite to the same email is replaced (its link stops working).
 * The mail carries the link; an existing user also gets a bell notification.
 */
export async function sendInvite(ctx: AuthedCtx, workspaceId: string, body: InviteBody): Promise<SentInvite> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'member.invite');
  if (await workspacesRepository.isMemberByEmail(ctx.db, workspace.id, body.email)) {
    throw conflict(`${body.email} is already a member of this workspace`);
  }
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ctx.config.INVITE_TTL_DAYS * DAY_MS);
  const invite = await ctx.db.transaction(async (tx) => {
    const replaced = await invitesRepository.endPendingForEmail(tx, workspace.id, body.email, 'replaced', now);
    const row = await invitesRepository.insert(tx, {
      workspaceId: workspace.id,
      email: body.email,
      role: body.role,
      message: body.message || null,
      tokenHash: hashToken(token),
      invitedBy: ctx.actor.id,
      inviterName: ctx.actor.name,
      expiresAt,
    });
    await recordActivity(tx, ctx.actor, {
      action: 'invite.sent',
      workspaceId: workspace.id,
      targetType: 'invite',
      targetId: row.id,
      details: { email: body.email, role: body.role },
    });
    const invitee = await usersRepository.findByEmail(tx, body.email);
    if (invitee) {
      await notificationsRepository.insertForUser(tx, invitee.id, {
        title: 'Workspace invitation',
        message: `${ctx.actor.name} invited you to join "${workspace.name}" as ${body.role.toLowerCase()}.`,
        type: 'workspace_invite',
        link: '/',
        inviteId: row.id,
      });
    }
    return { row, replaced };
  });
  try {
    await sendInviteMail(ctx.mailer, {
      to: body.email,
      workspaceName: workspace.name,
      inviterName: ctx.actor.name,
      role: body.role,
      message: body.message,
      link: `${ctx.config.PUBLIC_URL}/join/${token}`,
      expiresAt,
      requireNda: workspace.requireNda,
    });
  } catch (err) {
    // An invitation nobody received is worse than none: withdraw it and say so.
    ctx.log.error({ err: (err as Error).message }, 'could not send invitation mail');
    await invitesRepository.endIfPending(ctx.db, invite.row.id, 'revoked', new Date());
    throw upstreamFailed('The invitation email could not be sent. Please try again.');
  }
  // Re-inviting a pending address revoked its earlier link: the owner is told (issue 21 item 9).
  return { ...presentInvite(invite.row), replaced_previous: invite.replaced > 0 };
}

/** GET /workspaces/{id}/invites: the owner's list (SPEC §6: loaded only for owners). */
export async function listInvites(ctx: AuthedCtx, workspaceId: string): Promise<WorkspaceInvite[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'member.listInvites');
  const now = new Date();
  return (await invitesRepository.listByWorkspace(ctx.db, workspace.id)).map((r) => presentInvite(r, now));
}

/** GET /invites/pending: live invitations sent to the caller's email. */
export async function listPendingInvites(ctx: AuthedCtx): Promise<PendingInvite[]> {
  const rows = await invitesRepository.listPendingForEmail(ctx.db, ctx.actor.email, new Date());
  return rows.map(presentPendingInvite);
}

/** A membership made from an invite, and what to tell the owner once it has committed. */
export interface Joined {
  response: AcceptInviteResponse;
  ownerNotice: OwnerNotice;
}

/**
 * Turns an accepted invite into a membership, inside the transaction that accepted it: the
 * workspace must not be archived (a throw rolls the acceptance back). The owner's notice is the
 * caller's to send after commit (owner-notices.ts says why).
 */
export async function joinFromInvite(tx: Db, ctx: Pick<AuthedCtx, 'log'>, invite: WorkspaceInviteRow, user: UserRow): Promise<Joined> {
  const workspace = await workspacesRepository.findById(tx, invite.workspaceId);
  if (!workspace) throw notFound(INVITE_NOT_FOUND);
  if (workspace.archivedAt) throw conflict(WORKSPACE_ARCHIVED);
  await workspacesRepository.addMember(tx, { workspaceId: workspace.id, userId: user.id, role: invite.role as InviteRole });
  await recordActivity(tx, user, {
    action: 'member.joined',
    workspaceId: workspace.id,
    details: { role: invite.role, invite_id: invite.id },
  });
  const ndaRequired = workspace.requireNda && Boolean(await ndaRepository.findCurrent(tx));
  ctx.log.info({ workspaceId: workspace.id, userId: user.id }, 'invite accepted');
  return {
    response: {
      workspace_id: workspace.id,
      role: invite.role as InviteRole,
      nda_required: ndaRequired,
      message: `You joined ${workspace.name}`,
    },
    ownerNotice: {
      workspaceId: workspace.id,
      title: 'Invitation accepted',
      message: `${user.name} (${user.email}) accepted your invitation and joined "${workspace.name}" as ${invite.role.toLowerCase()}.`,
    },
  };
}

/** Explains why an invite could not be accepted (after the conditional update found nothing). */
export function refuseInvite(row: WorkspaceInviteRow | undefined): never {
  if (!row) throw notFound(INVITE_NOT_FOUND);
  throw conflict(refusalReason(row));
}

/** The caller's own invite by id: someone else's answers 404, as if it did not exist. */
async function findOwnInvite(ctx: AuthedCtx, id: string): Promise<WorkspaceInviteRow> {
  const row = isUuid(id) ? await invitesRepository.findById(ctx.db, id) : undefined;
  if (!row || row.email !== ctx.actor.email) throw notFound(INVITE_NOT_FOUND);
  return row;
}

/** POST /invites/{id}/accept: the invitee accepts from the dashboard; one winner under races. */
export async function acceptInvite(ctx: AuthedCtx, id: string): Promise<AcceptInviteResponse> {
  await findOwnInvite(ctx, id);
  const joined = await ctx.db.transaction(async (tx) => {
    const accepted = await invitesRepository.acceptIfPending(tx, { id }, ctx.actor.email, ctx.actor.id, new Date());
    if (!accepted) refuseInvite(await invitesRepository.findById(tx, id));
    return joinFromInvite(tx, ctx, accepted, ctx.actor);
  });
  await notifyOwnerAfterCommit(ctx, joined.ownerNotice);
  return joined.response;
}

/** POST /invites/{id}/decline, and DELETE /invites/{id} by the invitee. */
export async function declineInvite(ctx: AuthedCtx, id: string): Promise<MessageResponse> {
  const invite = await findOwnInvite(ctx, id);
  if (inviteStatus(invite) !== 'PENDING') refuseInvite(invite);
  const workspace = await ctx.db.transaction(async (tx) => {
    const ended = await invitesRepository.endIfPending(tx, invite.id, 'declined', new Date());
    if (!ended) refuseInvite(await invitesRepository.findById(tx, invite.id));
    await recordActivity(tx, ctx.actor, { action: 'invite.declined', workspaceId: invite.workspaceId, details: { email: invite.email } });
    return workspacesRepository.findById(tx, invite.workspaceId);
  });
  if (workspace) {
    await notifyOwnerAfterCommit(ctx, {
      workspaceId: workspace.id,
      title: 'Invitation declined',
      message: `${invite.email} declined your invitation to "${workspace.name}".`,
    });
  }
  return { message: 'Invitation declined' };
}

/**
 * DELETE /invites/{id}: the invitee declines, or the workspace owner revokes. Anyone else is
 * refused by the workspace access rules (non-member 403, other roles 403).
 */
export async function deleteInvite(ctx: AuthedCtx, id: string): Promise<MessageResponse> {
  const invite = isUuid(id) ? await invitesRepository.findById(ctx.db, id) : undefined;
  if (!invite) throw notFound(INVITE_NOT_FOUND);
  if (invite.email === ctx.actor.email) return declineInvite(ctx, id);
  await requireAbility(ctx, invite.workspaceId, 'member.invite');
  await ctx.db.transaction(async (tx) => {
    const ended = await invitesRepository.endIfPending(tx, invite.id, 'revoked', new Date());
    if (!ended) refuseInvite(await invitesRepository.findById(tx, invite.id));
    await recordActivity(tx, ctx.actor, {
      action: 'invite.revoked',
      workspaceId: invite.workspaceId,
      targetType: 'invite',
      targetId: invite.id,
      details: { email: invite.email },
    });
  });
  return { message: 'Invitation revoked' };
}
