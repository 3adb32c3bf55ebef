import { requirementStatus, type RfpMatrix, type RfpMatrixRow } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import type { RfpAnalysisRow } from '../../db/schema/index';
import * as tasksRepository from '../tasks/tasks.repository';
import { requireAbility } from '../workspaces/workspace-access';
import type { WorkspaceRow } from '../../db/schema/index';
import { freshAnalysis } from './rfp-analysis-rescore';
import { applyCorrections } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { NO_RFP } from './rfp.service';

type Draft = NonNullable<RfpMatrixRow['draft']>;

/** How the draft answers one requirement: the analysis's own status for it (one status everywhere). */
function draftOf(analysis: RfpAnalysisRow, requirementId: string): Draft {
  const match = analysis.matches.find((m) => m.requirement_id === requirementId);
  const status = requirementStatus(
    {
      matches: analysis.matches,
      missing_requirements: analysis.missingRequirements,
      conflicts: analysis.conflicts,
      reported_separately: analysis.reportedSeparately,
    },
    requirementId,
  );
  return { status, page: match?.page ?? null, location_hint: match?.location_hint ?? null, score: match?.score ?? 0 };
}

/** The compliance matrix of a workspace the caller may read, and the workspace (for file names). */
export async function buildMatrix(ctx: AuthedCtx, workspaceId: string): Promise<{ matrix: RfpMatrix; workspace: WorkspaceRow }> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const solicitation = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!solicitation) throw notFound(NO_RFP);
  // The draft column reads the latest analysis as scored against the corrections of now.
  const stored = await repository.findLatestAnalysisOf(ctx.db, solicitation.id);
  // Rows marked not a requirement leave the matrix whatever the draft column says, so if the draft
  // cannot be scored again right now (workers busy) the stored statuses of the other rows serve.
  const analysis = stored ? await freshAnalysis(ctx, stored).catch(() => stored) : undefined;
  // The board comes least advanced first (TODO → DONE, then oldest): the first task that carries a
  // requirement is the one that says how far its work really is.
  const board = await tasksRepository.listByWorkspace(ctx.db, workspace.id);
  const taskOf = new Map<string, RfpMatrixRow['task']>();
  for (const { task, assigneeName } of board) {
    for (const id of task.requirementIds) {
      if (!taskOf.has(id)) {
        taskOf.set(id, {
          id: task.id,
          title: task.title,
          status: task.status,
          assignee_name: assigneeName,
          requirements_changed: task.requirementChanges.length > 0,
        });
      }
    }
  }
  // What the latest amendment did to each current requirement (new, or reworded from what).
  const amended = new Map<string, RfpMatrixRow['amendment']>();
  const a = solicitation.amendment;
  for (const r of a?.added ?? []) amended.set(r.requirement_id, { change: 'added', version: solicitation.version, previous_text: null });
  for (const c of a?.changed ?? [])
    amended.set(c.current.requirement_id, { change: 'changed', version: solicitation.version, previous_text: c.previous.text });
  // The team's corrections (issue 23): a row marked not a requirement leaves the matrix; a corrected
  // section or must/should shows, with the engine's reading in `correction`.
  const corrected = applyCorrections(solicitation.requirements, await correctionsRepository.listForSolicitation(ctx.db, solicitation.id));
  const rows = corrected
    .filter((c) => !c.excluded)
    .map(({ requirement: r, correction }) => ({
      requirement_id: r.requirement_id,
      section: r.section,
      must_or_should: r.must_or_should,
      text: r.text,
      page: r.page ?? null,
      basis: r.basis ?? null,
      lead_in: r.lead_in ?? null,
      correction,
      task: taskOf.get(r.requirement_id) ?? null,
      draft: analysis ? draftOf(analysis, r.requirement_id) : null,
      amendment: amended.get(r.requirement_id) ?? null,
    }));
  const matrix = {
    solicitation_id: solicitation.id,
    version: solicitation.version,
    analysis_id: analysis?.id ?? null,
    rows,
    excluded_count: corrected.length - rows.length,
  };
  return { workspace, matrix };
}

/** GET /workspaces/{id}/rfp/matrix (beyond SPEC): every requirement of the latest RFP (as corrected) with its task and draft status. */
export async function getMatrix(ctx: AuthedCtx, workspaceId: string): Promise<RfpMatrix> {
  return (await buildMatrix(ctx, workspaceId)).matrix;
}
