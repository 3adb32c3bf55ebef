import { z } from 'zod';
import { safeText } from '../text';
import { RfpRequirementBasisSchema } from './rfp-corrections';

/** Opportunity-side document types (SPEC §3). */
export const OPPORTUNITY_DOCUMENT_TYPES = ['brief', 'compliance', 'rfi', 'rfp'] as const;
/** Workspace-side document types (SPEC §3), generated from the AI Tools tab. */
export const WORKSPACE_DOCUMENT_TYPES = ['requirements', 'proposal', 'compliance', 'pricing'] as const;

export const OpportunityDocumentTypeSchema = z.enum(OPPORTUNITY_DOCUMENT_TYPES, {
  message: 'document_type must be one of brief, compliance, rfi, rfp',
});
export type OpportunityDocumentType = z.infer<typeof OpportunityDocumentTypeSchema>;

export const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  brief: 'Executive Brief',
  compliance: 'Compliance Matrix',
  rfi: 'RFI Questions',
  rfp: 'RFP Response Template',
  requirements: 'Requirements Analysis',
  proposal: 'Proposal Draft',
  pricing: 'Pricing Strategy',
};

/** The workspace AI Tools names (SPEC §2): there, "compliance" is the Compliance Checklist. */
export const WORKSPACE_DOCUMENT_LABELS: Record<(typeof WORKSPACE_DOCUMENT_TYPES)[number], string> = {
  requirements: 'Requirements Analysis',
  proposal: 'Proposal Draft',
  compliance: 'Compliance Checklist',
  pricing: 'Pricing Strategy',
};

export const DocumentToneSchema = z.enum(['professional', 'formal', 'detailed']);
export type DocumentTone = z.infer<typeof DocumentToneSchema>;

/** SPEC §3 requirement, with the page it was found on. */
export const RequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  weight: z.number(),
  text: z.string(),
  page: z.number().int().nullable(),
});
export type RequirementDto = z.infer<typeof RequirementSchema>;

/**
 * GET /opportunities/{id}/requirements: a requirement with the engine's reason for it, as the
 * workspace endpoints give it (issue 23): null on requirements stored before the engine recorded it.
 */
export const OpportunityRequirementSchema = RequirementSchema.extend({
  /** Other pages the same requirement is printed on in its section (repeats merged into this one). */
  other_pages: z.array(z.number().int()).optional(),
  basis: RfpRequirementBasisSchema.nullable(),
  /** A list item's lead-in, the sentence it hangs from; null for anything else. */
  lead_in: z.string().nullable(),
});
export type OpportunityRequirement = z.infer<typeof OpportunityRequirementSchema>;

/** POST /opportunities/{id}/upload-pdf answer (SPEC §7: metadata.requirements). */
export const UploadPdfResponseSchema = z.object({
  message: z.string(),
  metadata: z.object({
    file_name: z.string(),
    page_count: z.number().int(),
    requirements_count: z.number().int(),
    requirements: z.array(RequirementSchema),
  }),
});
export type UploadPdfResponse = z.infer<typeof UploadPdfResponseSchema>;

export const WorkspaceDocumentTypeSchema = z.enum(WORKSPACE_DOCUMENT_TYPES, {
  message: 'document_type must be one of requirements, proposal, compliance, pricing',
});
export type WorkspaceDocumentType = z.infer<typeof WorkspaceDocumentTypeSchema>;

/**
 * POST /documents/generate. Without workspace_id: an opportunity-side document, private to its
 * author (opportunity_id required). With workspace_id: a workspace AI tool's document, seen by
 * every member; the workspace's own opportunity is used, so opportunity_id may be left out.
 */
export const GenerateDocumentBodySchema = z
  .object({
    opportunity_id: z.uuid('opportunity_id must be a valid id').optional(),
    document_type: safeText('document_type', 'document_type is required'),
    workspace_id: safeText('workspace_id').min(1, 'workspace_id must be a valid id').optional(),
    tone: DocumentToneSchema.optional(),
  })
  .superRefine((body, issue) => {
    const types = body.workspace_id ? WorkspaceDocumentTypeSchema : OpportunityDocumentTypeSchema;
    const parsed = types.safeParse(body.document_type);
    if (!parsed.success) issue.addIssue({ code: 'custom', path: ['document_type'], message: parsed.error.issues[0]!.message });
    if (!body.workspace_id && !body.opportunity_id)
      issue.addIssue({ code: 'custom', path: ['opportunity_id'], message: 'opportunity_id is required' });
  });
export type GenerateDocumentBody = z.infer<typeof GenerateDocumentBodySchema>;

/** SPEC §3 generated document (dashboard side). */
export const GeneratedDocumentSchema = z.object({
  id: z.string(),
  opportunity_id: z.string().nullable(),
  document_type: z.string(),
  content: z.string(),
  created_at: z.string(),
  solicitation_number: z.string().nullable(),
  metadata: z.object({ title: z.string(), agency: z.string().nullable() }).passthrough(),
});
export type GeneratedDocument = z.infer<typeof GeneratedDocumentSchema>;
export const GeneratedDocumentListSchema = z.array(GeneratedDocumentSchema);
export const DocumentListQuerySchema = z.object({
  opportunity_id: z.uuid('opportunity_id must be a valid id').optional(),
  /** The workspace's documents instead of the caller's own. */
  workspace_id: safeText('workspace_id').min(1, 'workspace_id must be a valid id').optional(),
});

/** SPEC §3 generated document (workspace side): every member sees it, with who made it and when. */
export const WorkspaceGeneratedDocumentSchema = GeneratedDocumentSchema.extend({
  workspace_id: z.string(),
  generated_at: z.string(),
  author_id: z.string(),
  /** Copied when the document is generated, so it survives the author's account. */
  author_name: z.string().nullable(),
});
export type WorkspaceGeneratedDocument = z.infer<typeof WorkspaceGeneratedDocumentSchema>;
/** A generate or list answer: workspace documents carry the workspace fields. */
export const GenerateDocumentResponseSchema = z.union([WorkspaceGeneratedDocumentSchema, GeneratedDocumentSchema]);
export const DocumentListResponseSchema = z.union([z.array(WorkspaceGeneratedDocumentSchema), GeneratedDocumentListSchema]);
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;
