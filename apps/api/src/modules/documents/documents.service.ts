import type {
  DocumentListQuery,
  GenerateDocumentBody,
  GeneratedDocument,
  OpportunityDocumentType,
  OpportunityFormFacts,
  OpportunityRequirement,
  WorkspaceGeneratedDocument,
} from '@biddesk/shared';
import { generateDocument as renderDocument } from '@biddesk/analysis';
import type { GeneratedDocumentRow } from '../../db/schema/index';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { assertInternal } from '../../lib/guest-access';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/activity.service';
import { requireOpportunity } from '../opportunities/opportunities.service';
import * as documents from './generated-documents.repository';
import { presentGeneratedDocument } from './generated-document.presenter';
import { formDueOf, presentFormFacts } from '../rfp/rfp-form-facts';
import { opportunityFacts } from './opportunity-facts';
import * as pdfs from './solicitation-pdfs.repository';
import { deleteWorkspaceDocument, generateWorkspaceDocument, listWorkspaceDocuments } from './workspace-ai.service';

const DOCUMENT_NOT_FOUND = 'Document not found';

/**
 * Requirements of the opportunity's latest solicitation PDF ([] before any upload), each with the
 * engine's basis and the other pages it repeats on, as the workspace RFP endpoints give them.
 */
export async function listRequirements(ctx: AuthedCtx, opportunityId: string): Promise<OpportunityRequirement[]> {
  const opportunity = await requireOpportunity(ctx, opportunityId);
  const stored = (await pdfs.latestFor(ctx.db, opportunity.id))?.requirements ?? [];
  return stored.map((r) => ({
    requirement_id: r.requirement_id,
    section: r.section,
    must_or_should: r.must_or_should,
    weight: r.weight,
    text: r.text,
    page: r.page ?? null,
    ...(r.pages?.length ? { other_pages: r.pages } : {}),
    basis: r.basis ?? null,
    lead_in: r.lead_in ?? null,
  }));
}

/**
 * GET /opportunities/{id}/form-facts: what the filled standard form of the opportunity's latest PDF
 * states, each fact with its source, the offer due date checked against the notice's deadline.
 */
export async function getFormFacts(ctx: AuthedCtx, opportunityId: string): Promise<OpportunityFormFacts> {
  const opportunity = await requireOpportunity(ctx, opportunityId);
  const pdf = await pdfs.latestFor(ctx.db, opportunity.id);
  return { file_name: pdf?.fileName ?? null, form_facts: presentFormFacts(pdf?.formFacts ?? null, opportunity) };
}

/**
 * SPEC §7 POST /documents/generate. The built-in engine writes the document from the
 * opportunity and its extracted requirements; the configured provider may then polish the
 * prose. If the provider fails, the error reaches the caller and nothing is stored. With
 * workspace_id it is a workspace AI tool's document instead (workspace-ai.service.ts).
 */
export async function generateDocument(
  ctx: AuthedCtx,
  body: GenerateDocumentBody,
  now = new Date(),
): Promise<GeneratedDocument | WorkspaceGeneratedDocument> {
  if (body.workspace_id) return generateWorkspaceDocument(ctx, { ...body, workspace_id: body.workspace_id }, now);
  // Personal documents are made from opportunity data, which guests never see (issue 26).
  assertInternal(ctx);
  // The contract requires opportunity_id and an opportunity-side type without workspace_id.
  const documentType = body.document_type as OpportunityDocumentType;
  const opportunity = await requireOpportunity(ctx, body.opportunity_id!);
  const pdf = await pdfs.latestFor(ctx.db, opportunity.id);
  const requirements = pdf?.requirements ?? [];
  const markdown = renderDocument({
    type: documentType,
    side: 'opportunity',
    opportunity: opportunityFacts(opportunity),
    requirements: requirements.map((r) => ({ ...r, section: r.section as 'L' | 'M' | 'C' | 'other' })),
    // The terms the solicitation spells out: an RFI never asks to define them.
    glossary: new Map(Object.entries(pdf?.acronyms ?? {})),
    tone: body.tone,
    now,
    // The solicitation form's due date beats the notice's; a notice that disagrees is shown and flagged.
    formDue: formDueOf(pdf?.formFacts, opportunity),
  });
  const content = await ctx.ai.polish({
    documentType,
    markdown,
    requirementIds: requirements.map((r) => r.requirement_id),
    tone: body.tone,
  });
  const row = await documents.insert(ctx.db, {
    userId: ctx.actor.id,
    opportunityId: opportunity.id,
    documentType,
    content,
    solicitationNumber: opportunity.solicitationNumber,
    metadata: {
      title: opportunity.title,
      agency: opportunity.department,
      provider: ctx.ai.name,
      requirements_count: requirements.length,
      source_pdf: pdf?.fileName ?? null,
      // The exports rebuild the matrix rows from exactly the requirements this document cites.
      source_pdf_id: pdf?.id ?? null,
    },
  });
  await recordActivity(ctx.db, ctx.actor, {
    action: 'document.generated',
    documentType,
    solicitationNumber: opportunity.solicitationNumber,
    targetType: 'generated_document',
    targetId: row.id,
  });
  return presentGeneratedDocument(row);
}

/** The caller's own documents, newest first (SPEC §7 GET /documents), or a workspace's with workspace_id. */
export async function listDocuments(ctx: AuthedCtx, query: DocumentListQuery): Promise<GeneratedDocument[] | WorkspaceGeneratedDocument[]> {
  if (query.workspace_id) return listWorkspaceDocuments(ctx, query.workspace_id);
  assertInternal(ctx);
  const rows = await documents.listForUser(ctx.db, ctx.actor.id, query.opportunity_id);
  return rows.map(presentGeneratedDocument);
}

/**
 * One of the caller's personal documents; someone else's is 404, so its existence is not revealed.
 * Workspace documents are not personal: they are reached through their workspace.
 */
export async function requireOwnDocument(ctx: AuthedCtx, id: string): Promise<GeneratedDocumentRow> {
  const row = isUuid(id) ? await documents.findById(ctx.db, id) : undefined;
  if (!row || row.workspaceId || row.userId !== ctx.actor.id) throw notFound(DOCUMENT_NOT_FOUND);
  return row;
}

/** DELETE /generated-documents/{id}: the caller's own, or a workspace document by its author or the OWNER. */
export async function deleteDocument(ctx: AuthedCtx, id: string): Promise<{ deleted: true }> {
  const found = isUuid(id) ? await documents.findById(ctx.db, id) : undefined;
  if (found?.workspaceId) return deleteWorkspaceDocument(ctx, { ...found, workspaceId: found.workspaceId });
  const row = await requireOwnDocument(ctx, id);
  await documents.deleteById(ctx.db, row.id);
  return { deleted: true };
}
