import { can, WorkspaceChangeAreaSchema, type WorkspaceChangeArea, type WorkspaceChanges } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { requireAbility } from './workspace-access';
import * as changesRepository from './workspace-changes.repository';

/** A first call (no `since`) answers a cursor this far back, so what changed while the page loaded shows on the next poll. */
const FIRST_CURSOR_LOOKBACK_MICROS = 10_000_000;
/** A cursor older than this is not read row by row: everything is reported as changed (a tab back from sleep refetches anyway). */
const MAX_SINCE_AGE_MICROS = 10 * 60 * 1_000_000;

/** Which page areas an action recorded in the workspace's activity log makes stale. */
const AREAS_BY_ACTION: Record<string, WorkspaceChangeArea[]> = {
  'workspace.ownership_transferred': ['workspace', 'members'],
  'invite.sent': ['invites'],
  'invite.revoked': ['invites'],
  'invite.declined': ['invites'],
  'member.joined': ['members', 'invites', 'workspace'],
  'member.left': ['members', 'workspace'],
  'member.removed': ['members', 'workspace'],
  'nda.accepted': ['members'],
  'document.generated': ['generated'],
  'rfp.uploaded': ['rfp', 'tasks'],
  'rfp.amendment_diffed': ['rfp', 'tasks'],
};
/** Otherwise the action's noun decides (`document.checked_out` → documents). */
const AREAS_BY_NOUN: Record<string, WorkspaceChangeArea[]> = {
  workspace: ['workspace'],
  document: ['documents', 'workspace'],
  task: ['tasks', 'workspace'],
  rfp: ['rfp'],
  message: ['chat'],
};

/** The areas an action touches; an action this table does not know refreshes the header only. */
export function areasOf(action: string): WorkspaceChangeArea[] {
  return AREAS_BY_ACTION[action] ?? AREAS_BY_NOUN[action.split('.')[0]!] ?? ['workspace'];
}

/**
 * GET /workspaces/{id}/changes?since=: which parts of the workspace other members changed since the
 * caller's last poll (issue 21 item 3). One read of the activity log's workspace index; every
 * change a member can see is recorded there in the transaction that makes it. Same gate as the
 * content it reports on: members past the NDA only (403 NDA_REQUIRED), and invitations only to
 * those who may list them (the owner).
 */
export async function getWorkspaceChanges(ctx: AuthedCtx, workspaceId: string, since: string | undefined): Promise<WorkspaceChanges> {
  const { workspace, member } = await requireAbility(ctx, workspaceId, 'content.view');
  const cursor = await changesRepository.readChangesCursor(ctx.db);
  if (since === undefined) return { cursor: String(Number(cursor) - FIRST_CURSOR_LOOKBACK_MICROS), changed: [] };
  const visible = (area: WorkspaceChangeArea) => area !== 'invites' || can(member.role, 'member.listInvites');
  if (Number(cursor) - Number(since) > MAX_SINCE_AGE_MICROS) {
    return { cursor, changed: WorkspaceChangeAreaSchema.options.filter(visible) };
  }
  const actions = await changesRepository.listActionsSince(ctx.db, workspace.id, since);
  const changed = new Set(actions.flatMap(areasOf));
  return { cursor, changed: WorkspaceChangeAreaSchema.options.filter((a) => changed.has(a) && visible(a)) };
}
