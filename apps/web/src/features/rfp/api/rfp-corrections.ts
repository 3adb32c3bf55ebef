import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PutRequirementCorrectionBody, type RfpRequirement, RfpRequirementSchema } from '@biddesk/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { workspaceKey } from '../../../lib/workspace-keys';

const correctionPath = (workspaceId: string, solicitationId: string, requirementId: string) =>
  `/workspaces/${workspaceId}/rfp/solicitations/${solicitationId}/requirements/${encodeURIComponent(requirementId)}/correction`;

/** PUT .../correction: mark not a requirement, or change section or must/should; the requirement as corrected. */
export function putCorrection(
  workspaceId: string,
  solicitationId: string,
  requirementId: string,
  body: PutRequirementCorrectionBody,
): Promise<RfpRequirement> {
  return apiRequest(correctionPath(workspaceId, solicitationId, requirementId), RfpRequirementSchema, { method: 'PUT', body });
}

/** DELETE .../correction: back to the engine's reading. */
export function undoCorrection(workspaceId: string, solicitationId: string, requirementId: string): Promise<void> {
  return apiRequest<void>(correctionPath(workspaceId, solicitationId, requirementId), { method: 'DELETE' });
}

/** GET /workspaces/{id}/rfp/corrections/export: the latest version's corrections as JSONL, with the server's file name. */
export function downloadCorrections(workspaceId: string) {
  return apiDownload(`/workspaces/${workspaceId}/rfp/corrections/export`);
}

/** The corrections' mutations, so the RFP tab can tell an analysis fetched before the latest one (rfp-tab.tsx). */
export const correctionMutationKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'rfp', 'correction'] as const;

export type CorrectionChange = { requirementId: string } & ({ undo: true } | { undo?: false; body: PutRequirementCorrectionBody });

/** A correction changes the list, the matrix, the Activity log: refresh everything under the workspace. */
export function useCorrectRequirement(workspaceId: string, solicitationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: correctionMutationKey(workspaceId),
    mutationFn: (change: CorrectionChange): Promise<unknown> =>
      change.undo
        ? undoCorrection(workspaceId, solicitationId, change.requirementId)
        : putCorrection(workspaceId, solicitationId, change.requirementId, change.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKey(workspaceId) }),
  });
}
