import { z } from 'zod';

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

export const GenerateDocumentBodySchema = z.object({
  opportunity_id: z.uuid('opportunity_id must be a valid id'),
  document_type: OpportunityDocumentTypeSchema,
  tone: DocumentToneSchema.optional(),
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
export const DocumentListQuerySchema = z.object({ opportunity_id: z.uuid('opportunity_id must be a valid id').optional() });
