import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentTone,
  type OpportunityDocumentType,
  GeneratedDocumentSchema,
  OpportunityFormFactsSchema,
  RequirementSchema,
  UploadPdfResponseSchema,
} from '@biddesk/shared';
import { z } from 'zod';
import { apiDownload, apiRequest } from '../../../lib/api-client';

const DOCUMENTS_KEY = ['documents'] as const;

/**
 * A requirement as the list shows it: the list endpoint adds each item's lead-in; the upload's
 * answer, shown until the list arrives, has none.
 */
const ListedRequirementSchema = RequirementSchema.extend({ lead_in: z.string().nullable().optional() });
const requirementsKey = (opportunityId: string) => ['opportunities', 'requirements', opportunityId] as const;
const formFactsKey = (opportunityId: string) => ['opportunities', 'form-facts', opportunityId] as const;

/** GET /documents, optionally for one opportunity: the caller's own documents, newest first. */
export const useGeneratedDocuments = (opportunityId?: string) =>
  useQuery({
    queryKey: [...DOCUMENTS_KEY, opportunityId ?? 'all'],
    queryFn: ({ signal }) =>
      apiRequest('/documents', z.array(GeneratedDocumentSchema), { query: { opportunity_id: opportunityId }, signal }),
  });

/** Requirements extracted from the opportunity's latest solicitation PDF. */
export const useRequirements = (opportunityId: string, enabled: boolean) =>
  useQuery({
    queryKey: requirementsKey(opportunityId),
    queryFn: ({ signal }) => apiRequest(`/opportunities/${opportunityId}/requirements`, z.array(ListedRequirementSchema), { signal }),
    enabled,
  });

/** What the filled standard form of the opportunity's latest PDF states, with sources and SAM's deadline beside. */
export const useFormFacts = (opportunityId: string, enabled: boolean) =>
  useQuery({
    queryKey: formFactsKey(opportunityId),
    queryFn: ({ signal }) => apiRequest(`/opportunities/${opportunityId}/form-facts`, OpportunityFormFactsSchema, { signal }),
    enabled,
  });

/** POST /documents/generate. */
export function useGenerateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { opportunity_id: string; document_type: OpportunityDocumentType; tone?: DocumentTone }) =>
      apiRequest('/documents/generate', GeneratedDocumentSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

/** DELETE /generated-documents/{id}. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deleted: true }>(`/generated-documents/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}

/** POST /opportunities/{id}/upload-pdf (multipart field `file`); then the opportunity reloads. */
export function useUploadPdf(opportunityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(`/opportunities/${opportunityId}/upload-pdf`, UploadPdfResponseSchema, { method: 'POST', body: form });
    },
    onSuccess: (answer) => {
      // The upload's list shows at once; the list endpoint's, with each item's lead-in, replaces it.
      queryClient.setQueryData(requirementsKey(opportunityId), answer.metadata.requirements);
      void queryClient.invalidateQueries({ queryKey: requirementsKey(opportunityId) });
      void queryClient.invalidateQueries({ queryKey: formFactsKey(opportunityId) });
      return queryClient.invalidateQueries({ queryKey: ['opportunities', 'detail', opportunityId] });
    },
  });
}

/** GET /generated-documents/{id}/export: the compliance matrix as CSV or .xlsx, the response template as .docx or text. */
export const exportComplianceMatrix = (id: string, format: 'csv' | 'xlsx' | 'docx' | 'md') =>
  apiDownload(`/generated-documents/${id}/export`, { format });
