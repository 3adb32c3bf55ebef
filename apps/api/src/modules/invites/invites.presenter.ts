import type { InviteStatus, PendingInvite, WorkspaceInvite } from '@biddesk/shared';
import type { WorkspaceInviteRow, WorkspaceRow } from '../../db/schema/index';

/** The SPEC status: EXPIRED is a PENDING invite whose time ran out (WORKSPACES.md §2). */
export function inviteStatus(row: WorkspaceInviteRow, now = new Date()): InviteStatus {
  return row.status === 'PENDING' && row.expiresAt <= now ? 'EXPIRED' : row.status;
}

/** Wire shape of an invitation in the owner's list (SPEC §3). */
export function presentInvite(row: WorkspaceInviteRow, now = new Date()): WorkspaceInvite {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: inviteStatus(row, now),
    inviter_name: row.inviterName,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

/** Wire shape of an invitation on the invitee's dashboard (SPEC §3 pending invite). */
export function presentPendingInvite({ invite, workspace }: { invite: WorkspaceInviteRow; workspace: WorkspaceRow }): PendingInvite {
  return {
    id: invite.id,
    workspace_id: workspace.id,
    workspace_name: workspace.name,
    inviter_name: invite.inviterName,
    role: invite.role,
    message: invite.message,
    expires_at: invite.expiresAt.toISOString(),
    require_nda: workspace.requireNda,
    token: null,
  };
}

/** Why an invite can no longer be used, in words. */
export function refusalReason(row: WorkspaceInviteRow, now = new Date()): string {
  switch (inviteStatus(row, now)) {
    case 'ACCEPTED':
      return 'This invite has already been accepted.';
    case 'EXPIRED':
      return `This invite has expired. Ask ${row.inviterName ?? 'the workspace owner'} to send a new one.`;
    case 'REVOKED':
      if (row.revokedReason === 'declined') return 'This invite was declined.';
      if (row.revokedReason === 'replaced') return 'This invite was replaced by a newer one. Use the link in the latest invitation email.';
      return 'This invite has been revoked.';
    default:
      return 'This invite is no longer valid.';
  }
}
