import {
  defaultWorkspaceName,
  type CreateWorkspaceBody,
  type OpportunityWorkspace,
  type Workspace,
  type WorkspaceSettings,
} from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Db } from '../../db/client';
import { recordActivity } from '../activity/activity.service';
import { isNdaPending, requireAbility, WORKSPACE_NOT_FOUND } from './workspace-access';
import * as ndaRepository from '../nda/nda.repository';
import * as workspacesRepository from './workspaces.repository';
import { presentWorkspace } from './workspaces.presenter';
import { listWorkspaceFileKeys } from './workspace-files.repository';
import { removeUnreferencedFiles } from '../../lib/stored-files';
import { opportunityFacts } from '../documents/opportunity-facts';

const OPPORTUNITY_NOT_FOUND = 'Opportunity not found';

async function findOpportunity(db: Db, id: string) {
  return isUuid(id) ? workspacesRepository.findOpportunityRow(db, id) : undefined;
}

function alreadyExists(ownerName: string | null): Error {
  return conflict(`A workspace already exists for this opportunity. Ask its owner${ownerName ? `, ${ownerName},` : ''} for an invitation.`);
}

/** One workspace as the caller sees it, with their NDA state (computed here unless the caller knows it). */
export async function getWorkspaceView(ctx: AuthedCtx, workspaceId: string, ndaPending?: boolean): Promise<Workspace> {
  const [view] = await workspacesRepository.listViews(ctx.db, ctx.actor.id, { workspaceId });
  if (!view) throw notFound(WORKSPACE_NOT_FOUND);
  const pending = ndaPending ?? isNdaPending(view.workspace, view.member, await ndaRepository.findCurrent(ctx.db));
  return presentWorkspace(view, pending);
}

/**
 * POST /workspaces: one workspace per opportunity; the creator is its OWNER. A second one answers
 * 409 naming the owner to ask, also when two people create at once (the unique index decides).
 */
export async function createWorkspace(ctx: AuthedCtx, body: CreateWorkspaceBody): Promise<Workspace> {
  const opportunity = await findOpportunity(ctx.db, body.solicitation_id);
  if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
  const existing = await workspacesRepository.findByOpportunity(ctx.db, opportunity.id);
  if (existing) throw alreadyExists(existing.ownerName);
  const name = body.name || defaultWorkspaceName(opportunity.solicitationNumber, opportunity.title);
  let workspaceId: string;
  try {
    workspaceId = await ctx.db.transaction(async (tx) => {
      // The notice's facts stay with the workspace if the opportunity data is cleared (issue 21 item 2).
      const row = await workspacesRepository.insertWithOwner(tx, {
        opportunityId: opportunity.id,
        noticeId: opportunity.noticeId,
        opportunitySnapshot: opportunityFacts(opportunity),
        name,
        ownerId: ctx.actor.id,
      });
      await recordActivity(tx, ctx.actor, {
        action: 'workspace.created',
        workspaceId: row.id,
        solicitationNumber: opportunity.solicitationNumber,
        targetType: 'workspace',
        targetId: row.id,
        details: { name },
      });
      return row.id;
    });
  } catch (err) {
    const winner = await workspacesRepository.findByOpportunity(ctx.db, opportunity.id);
    if (winner) throw alreadyExists(winner.ownerName);
    throw err;
  }
  ctx.log.info({ workspaceId }, 'workspace created');
  return getWorkspaceView(ctx, workspaceId);
}

/** GET /workspaces: the caller's workspaces, archived ones only when asked. */
export async function listWorkspaces(ctx: AuthedCtx, includeArchived: boolean): Promise<Workspace[]> {
  const views = await workspacesRepository.listViews(ctx.db, ctx.actor.id, { includeArchived });
  const current = await ndaRepository.findCurrent(ctx.db);
  return views.map((v) => presentWorkspace(v, isNdaPending(v.workspace, v.member, current)));
}

/** GET /workspaces/{id}: answers an NDA-pending member too, with nda_required (WORKSPACES.md §3). */
export async function getWorkspace(ctx: AuthedCtx, workspaceId: string): Promise<Workspace> {
  const { workspace, ndaPending } = await requireAbility(ctx, workspaceId, 'workspace.view');
  return getWorkspaceView(ctx, workspace.id, ndaPending);
}

/** PATCH /workspaces/{id}/archive?archive=: owner only; archived workspaces are read-only. */
export async function setArchived(ctx: AuthedCtx, workspaceId: string, archive: boolean): Promise<Workspace> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'workspace.archive');
  if (Boolean(workspace.archivedAt) !== archive) {
    await ctx.db.transaction(async (tx) => {
      await workspacesRepository.setArchivedAt(tx, workspace.id, archive ? new Date() : null);
      await recordActivity(tx, ctx.actor, { action: archive ? 'workspace.archived' : 'workspace.restored', workspaceId: workspace.id });
    });
  }
  return getWorkspaceView(ctx, workspace.id);
}

/**
 * DELETE /workspaces/{id}: owner only, allowed while archived. The workspace's rows (members,
 * invites, activity) go with it in one transaction; NDA acceptance records stay as evidence.
 */
export async function deleteWorkspace(ctx: AuthedCtx, workspaceId: string): Promise<{ deleted: true; message: string }> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'workspace.delete');
  const fileKeys = await ctx.db.transaction(async (tx) => {
    const keys = await listWorkspaceFileKeys(tx, workspace.id);
    await workspacesRepository.remove(tx, workspace.id);
    await recordActivity(tx, ctx.actor, {
      action: 'workspace.deleted',
      targetType: 'workspace',
      targetId: workspace.id,
      details: { name: workspace.name },
    });
    return keys;
  });
  await removeUnreferencedFiles(ctx.db, ctx.files, fileKeys);
  ctx.log.info({ workspaceId: workspace.id }, 'workspace deleted');
  return { deleted: true, message: 'Workspace deleted' };
}

/** GET /workspaces/{id}/settings: any member, also before the NDA (it only says whether one is needed). */
export async function getSettings(ctx: AuthedCtx, workspaceId: string): Promise<WorkspaceSettings> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'workspace.view');
  return { require_nda: workspace.requireNda };
}

/** PATCH /workspaces/{id}/settings: the owner turns the NDA requirement on or off. */
export async function updateSettings(ctx: AuthedCtx, workspaceId: string, requireNda: boolean): Promise<WorkspaceSettings> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'workspace.editSettings');
  if (workspace.requireNda !== requireNda) {
    await ctx.db.transaction(async (tx) => {
      await workspacesRepository.setRequireNda(tx, workspace.id, requireNda);
      await recordActivity(tx, ctx.actor, {
        action: 'workspace.settings_changed',
        workspaceId: workspace.id,
        details: { require_nda: requireNda },
      });
    });
  }
  return { require_nda: requireNda };
}

/**
 * GET /opportunities/{id}/workspace: the opportunity's workspace id, whether the caller is in it,
 * and whom to ask for an invitation when not.
 */
export async function getOpportunityWorkspace(ctx: AuthedCtx, opportunityId: string): Promise<OpportunityWorkspace> {
  const opportunity = await findOpportunity(ctx.db, opportunityId);
  if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
  const found = await workspacesRepository.findByOpportunity(ctx.db, opportunity.id);
  if (!found) return { workspace_id: null, is_member: false, owner_name: null };
  const member = await workspacesRepository.findMember(ctx.db, found.workspace.id, ctx.actor.id);
  return { workspace_id: found.workspace.id, is_member: Boolean(member), owner_name: found.ownerName };
}
