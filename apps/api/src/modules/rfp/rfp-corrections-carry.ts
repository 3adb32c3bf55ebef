import type { Db } from '../../db/client';
import type { RfpSolicitationRow, StoredRequirement, WorkspaceRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { recordActivity } from '../activity/activity.service';
import type { RequirementDiff } from './rfp-amendment-diff';
import * as correctionsRepository from './rfp-corrections.repository';

/** Why a correction did not reach the new version. */
export type DropReason = 'reworded' | 'removed' | 'engine agrees';

/**
 * Carries the team's corrections from the previous version to the one just uploaded, by the
 * amendment diff (runs in the upload's transaction, after the workspace row is locked):
 * - a requirement whose text is unchanged (wherever it moved, whatever its new id) keeps its correction;
 * - a removed requirement drops it;
 * - a reworded one drops it too, and Activity names it: new wording may make a "not a requirement"
 *   a real one, and a carried mark would hide it from the matrix, tasks and scoring unseen. Dropped,
 *   the row shows again as the engine reads it, flagged "Changed" by the amendment, to be judged anew;
 * - a section or must/should the new engine reading already agrees with is no longer a correction.
 */
export async function carryCorrections(
  tx: Db,
  ctx: AuthedCtx,
  workspace: WorkspaceRow,
  previous: RfpSolicitationRow,
  current: RfpSolicitationRow,
  diff: RequirementDiff<StoredRequirement>,
): Promise<void> {
  const corrections = await correctionsRepository.listForSolicitation(tx, previous.id);
  if (!corrections.length) return;
  const nextOf = new Map(diff.unchanged.map((p) => [p.previous.requirement_id, p.next]));
  const reworded = new Set(diff.changed.map((c) => c.previous.requirement_id));
  const carried: Parameters<typeof correctionsRepository.insertMany>[1] = [];
  const dropped: { requirement_id: string; reason: DropReason }[] = [];
  for (const { row } of corrections) {
    const next = nextOf.get(row.requirementId);
    if (!next) {
      dropped.push({ requirement_id: row.requirementId, reason: reworded.has(row.requirementId) ? 'reworded' : 'removed' });
      continue;
    }
    const section = row.section && row.section !== next.section ? row.section : null;
    const mustOrShould = row.mustOrShould && row.mustOrShould !== next.must_or_should ? row.mustOrShould : null;
    if (!row.notARequirement && !section && !mustOrShould) {
      dropped.push({ requirement_id: row.requirementId, reason: 'engine agrees' });
      continue;
    }
    carried.push({
      workspaceId: workspace.id,
      solicitationId: current.id,
      requirementId: next.requirement_id,
      notARequirement: row.notARequirement,
      section,
      mustOrShould,
      note: row.note,
      carriedFromVersion: row.carriedFromVersion ?? previous.version,
      updatedBy: row.updatedBy,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  }
  await correctionsRepository.insertMany(tx, carried);
  await recordActivity(tx, ctx.actor, {
    action: 'rfp.corrections_carried',
    workspaceId: workspace.id,
    targetType: 'rfp_solicitation',
    targetId: current.id,
    details: { version: current.version, previous_version: previous.version, carried: carried.length, dropped },
  });
}
