import { generateDocument as renderDocument } from '@biddesk/analysis';
import {
  WORKSPACE_DOCUMENT_LABELS,
  type GenerateDocumentBody,
  type WorkspaceDocumentType,
  type WorkspaceGeneratedDocument,
} from '@biddesk/shared';
import type { GeneratedDocumentRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import * as opportunitiesRepository from '../opportunities/opportunities.repository';
import { requireAbility } from '../workspaces/workspace-access';
import * as documents from './generated-documents.repository';
import { presentWorkspaceDocument } from './generated-document.presenter';
import { opportunityFacts } from './opportunity-facts';

/** SPEC §5 (and §8's wording): generation needs the workspace's opportunity. */
export const OPPORTUNITY_NOT_AVAILABLE = 'Opportunity information not available';

type WorkspaceDocumentRow = GeneratedDocumentRow & { workspaceId: string };

/**
 * POST /documents/generate with workspace_id (SPEC §2 AI Tools): one of the four workspace types,
 * written from the workspace's own opportunity and the requirements of its latest RFP (none yet:
 * from the opportunity alone), then polished by the configured provider. Every member sees it.
 */
export async function generateWorkspaceDocument(
  ctx: AuthedCtx,
  body: GenerateDocumentBody & { workspace_id: string },
  now = new Date(),
): Promise<WorkspaceGeneratedDocument> {
  const { workspace } = await requireAbility(ctx, body.workspace_id, 'ai.generate');
  // The body's type was checked against the workspace types by the contract.
  const documentType = body.document_type as WorkspaceDocumentType;
  if (body.opportunity_id && body.opportunity_id !== workspace.opportunityId) {
    throw badRequest("opportunity_id is not this workspace's opportunity");
  }
  // The live notice, or (opportunity data cleared) the facts the workspace kept of it (issue 21 item 2).
  const opportunity = workspace.opportunityId
    ? await opportunitiesRepository.findById(ctx.db, ctx.actor.id, workspace.opportunityId)
    : undefined;
  const facts = opportunity ? opportunityFacts(opportunity) : workspace.opportunitySnapshot;
  if (!facts) throw badRequest(OPPORTUNITY_NOT_AVAILABLE);

  const rfp = await documents.latestRfpFor(ctx.db, workspace.id);
  const requirements = rfp?.requirements ?? [];
  const markdown = renderDocument({
    type: documentType,
    side: 'workspace',
    opportunity: facts,
    requirements: requirements.map((r) => ({ ...r, section: r.section as 'L' | 'M' | 'C' | 'other' })),
    // The terms the solicitation spells out: an RFI never asks to define them.
    glossary: new Map(Object.entries(rfp?.acronyms ?? {})),
    tone: body.tone,
    now,
  });
  // The provider runs outside the transaction: a slow model must not hold database locks.
  const content = await ctx.ai.polish({
    documentType,
    markdown,
    requirementIds: requirements.map((r) => r.requirement_id),
    tone: body.tone,
  });

  const row = await ctx.db.transaction(async (tx) => {
    const stored = await documents.insert(tx, {
      userId: ctx.actor.id,
      opportunityId: opportunity?.id ?? null,
      workspaceId: workspace.id,
      documentType,
      content,
      solicitationNumber: facts.solicitation_number,
      metadata: {
        title: facts.title,
        agency: facts.agency,
        provider: ctx.ai.name,
        requirements_count: requirements.length,
        source_rfp_id: rfp?.id ?? null,
        source_rfp_version: rfp?.version ?? null,
        author_name: ctx.actor.name,
      },
    });
    await recordActivity(tx, ctx.actor, {
      action: 'document.generated',
      workspaceId: workspace.id,
      documentType,
      solicitationNumber: facts.solicitation_number,
      targetType: 'generated_document',
      targetId: stored.id,
      details: { document_type: documentType },
    });
    return stored;
  });
  return presentWorkspaceDocument(row as WorkspaceDocumentRow);
}

/** GET /documents?workspace_id=: the workspace's documents, newest first, for any member past the NDA. */
export async function listWorkspaceDocuments(ctx: AuthedCtx, workspaceId: string): Promise<WorkspaceGeneratedDocument[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  const rows = await documents.listForWorkspace(ctx.db, workspace.id);
  return rows.map((row) => presentWorkspaceDocument(row as WorkspaceDocumentRow));
}

/**
 * DELETE /generated-documents/{id} for a workspace document: its author or the workspace OWNER.
 * The workspace comes from the row, never from the request.
 */
export async function deleteWorkspaceDocument(ctx: AuthedCtx, row: WorkspaceDocumentRow): Promise<{ deleted: true }> {
  const label = WORKSPACE_DOCUMENT_LABELS[row.documentType as WorkspaceDocumentType] ?? 'document';
  await requireAbility(ctx, row.workspaceId, 'ai.deleteDocument', { createdBy: row.userId, label });
  await documents.deleteById(ctx.db, row.id);
  return { deleted: true };
}
