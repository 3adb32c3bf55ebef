import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PipelineStage,
  type Pursuit,
  type UpdatePursuitBody,
  PipelineUserListSchema,
  PursuitListResponseSchema,
  PursuitLookupResponseSchema,
  PursuitSchema,
  PipelineStageListSchema,
} from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import type { PipelineFilters } from '../url-state';

const PURSUITS_KEY = ['pursuits'] as const;
const LOOKUP_KEY = ['pursuits', 'lookup'] as const;

/** GET /pursuits with the /pipeline filters: pursuits (at most `perStage` a stage), stages and per-stage totals. */
export const usePursuits = (filters: PipelineFilters, perStage?: number, enabled = true) =>
  useQuery({
    queryKey: [...PURSUITS_KEY, 'list', filters, perStage],
    queryFn: ({ signal }) =>
      apiRequest('/pursuits', PursuitListResponseSchema, {
        signal,
        query: {
          stage: filters.stage,
          owner: filters.owner,
          agency: filters.agency,
          naics: filters.naics,
          due_within: filters.dueWithin,
          per_stage: perStage,
        },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /pursuits/{id}: the whole pursuit (the list leaves out notes, names and evidence). */
export const usePursuit = (id: string | null) =>
  useQuery({
    queryKey: [...PURSUITS_KEY, 'one', id],
    queryFn: ({ signal }) => apiRequest(`/pursuits/${id}`, PursuitSchema, { signal }),
    enabled: id !== null,
  });

/** GET /pipeline/owners: internal users who may own a pursuit. */
export const usePipelineOwners = () =>
  useQuery({
    queryKey: ['pipeline', 'owners'],
    queryFn: ({ signal }) => apiRequest('/pipeline/owners', PipelineUserListSchema, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** GET /pipeline/stages. */
export const usePipelineStages = () =>
  useQuery({
    queryKey: ['pipeline', 'stages'],
    queryFn: ({ signal }) => apiRequest('/pipeline/stages', PipelineStageListSchema, { signal }).then((r) => r.data),
  });

/** GET /pursuits/lookup for the opportunities on screen: which are tracked (Track buttons). */
export const usePursuitLookup = (opportunityIds: string[], enabled = true) =>
  useQuery({
    queryKey: [...LOOKUP_KEY, opportunityIds],
    queryFn: ({ signal }) =>
      apiRequest('/pursuits/lookup', PursuitLookupResponseSchema, { signal, query: { opportunity_ids: opportunityIds.join(',') } }).then(
        (r) => r.data,
      ),
    enabled: enabled && opportunityIds.length > 0,
  });

/** POST /pursuits: Track an opportunity. */
export function useTrackOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opportunityId: string) =>
      apiRequest('/pursuits', PursuitSchema, { method: 'POST', body: { opportunity_id: opportunityId } }),
    // Also after a 409: someone else tracked it, and the button should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** POST /pursuits/{id}/move, conditional on the stage the board showed. */
export function useMovePursuit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pursuit, stageId }: { pursuit: Pick<Pursuit, 'id' | 'stage_id'>; stageId: string }) =>
      apiRequest(`/pursuits/${pursuit.id}/move`, PursuitSchema, {
        method: 'POST',
        body: { stage_id: stageId, from_stage_id: pursuit.stage_id },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** PATCH /pursuits/{id}. */
export function useUpdatePursuit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePursuitBody }) =>
      apiRequest(`/pursuits/${id}`, PursuitSchema, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** DELETE /pursuits/{id}: stop tracking. */
export function useDeletePursuit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/pursuits/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** POST /pursuits/{id}/workspace: create (or find) the opportunity's workspace. */
export function useOpenPursuitWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ workspace_id: string; created: boolean }>(`/pursuits/${id}/workspace`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PURSUITS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
}

/** PUT /admin/pipeline/stages: the whole list in board order (admins). */
export function useReplaceStages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      stages: {
        id?: string;
        name: string;
        outcome: PipelineStage['outcome'];
        opens_workspace: boolean;
        gate_evidence?: PipelineStage['gate_evidence'];
      }[],
    ) => apiRequest('/admin/pipeline/stages', PipelineStageListSchema, { method: 'PUT', body: { stages } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PURSUITS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['pipeline', 'stages'] });
    },
  });
}
