import { createHash } from 'node:crypto';
import type { Nda, NdaAcceptResponse } from '@biddesk/shared';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import { conflict, notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import { requireAbility } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import * as ndaRepository from './nda.repository';
import { presentNda } from './nda.presenter';

/** GET /nda/current (public): the agreement in force. */
export async function getCurrentNda(ctx: Ctx): Promise<Nda> {
  const row = await ndaRepository.findCurrent(ctx.db);
  if (!row) throw notFound('No NDA is in force');
  return presentNda(row);
}

/** Where an acceptance came from, recorded as evidence. */
export interface AcceptanceOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * POST /workspaces/{id}/nda/accept?nda_version_id=: a member accepts the NDA in force. Evidence is
 * an append-only record (version, SHA-256 of the exact text, server time, IP, user agent, copied
 * names), written in the transaction that opens the workspace to the member. Accepting a version
 * that is no longer current answers 409, so nobody "accepts" a text they were not shown; so does an
 * archived workspace.
 */
export async function acceptNda(
  ctx: AuthedCtx,
  workspaceId: string,
  ndaVersionId: string,
  origin: AcceptanceOrigin,
): Promise<NdaAcceptResponse> {
  // A write like any other: an archived workspace is read-only (409), and records no acceptance.
  const { workspace } = await requireAbility(ctx, workspaceId, 'nda.accept');
  const current = await ndaRepository.findCurrent(ctx.db);
  if (!current || current.id !== ndaVersionId) {
    throw conflict('This NDA version is no longer in force. Please review the current version.');
  }
  const acceptedAt = new Date();
  await ctx.db.transaction(async (tx) => {
    await ndaRepository.insertAcceptance(tx, {
      ndaVersionId: current.id,
      textSha256: createHash('sha256').update(current.bodyMarkdown, 'utf8').digest('hex'),
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      userId: ctx.actor.id,
      userName: ctx.actor.name,
      userEmail: ctx.actor.email,
      ip: origin.ip?.slice(0, 100) ?? null,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
      acceptedAt,
    });
    await workspacesRepository.setNdaAccepted(tx, workspace.id, ctx.actor.id, current.id, acceptedAt);
    await recordActivity(tx, ctx.actor, {
      action: 'nda.accepted',
      workspaceId: workspace.id,
      details: { version: current.version, nda_version_id: current.id },
    });
  });
  return { message: 'NDA accepted successfully', nda_accepted_at: acceptedAt.toISOString() };
}
