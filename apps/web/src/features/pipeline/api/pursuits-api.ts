import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PipelineStage, PipelineUserList, Pursuit, PursuitListResponse, PursuitLookupResponse, UpdatePursuitBody } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import type { PipelineFilters } from '../url-state';

const PURSUITS_KEY = ['pursuits'] as const;
const LOOKUP_KEY = ['pursuits', 'lookup'] as const;

/** GET /pursuits with the /pipeline filters: pursuits (at most `perStage` a stage), stages and per-stage totals. */
export const usePursuits = (filters: PipelineFilters, perStage?: number, enabled = true) =>
  useQuery({
    queryKey: [...PURSUITS_KEY, 'list', filters, perStage],
    queryFn: ({ signal }) =>
      apiRequest<PursuitListResponse>('/pursuits', {
        signal,
        query: { stage: filters.stage, owner: filters.owner, agency: filters.agency, naics: filters.naics, due_within: filters.dueWithin, per_stage: perStage },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /pursuits/{id}: the whole pursuit (the list leaves out notes, names and evidence). */
export const usePursuit = (id: string | null) =>
  useQuery({ queryKey: [...PURSUITS_KEY, 'one', id], queryFn: ({ signal }) => apiRequest<Pursuit>(`/pursuits/${id}`, { signal }), enabled: id !== null });

/** GET /pipeline/owners: internal users who may own a pursuit. */
export const usePipelineOwners = () =>
  useQuery({ queryKey: ['pipeline', 'owners'], queryFn: ({ signal }) => apiRequest<PipelineUserList>('/pipeline/owners', { signal }).then((r) => r.data), staleTime: 60_000 });

/** GET /pipeline/stages. */
export const usePipelineStages = () =>
  useQuery({ queryKey: ['pipeline', 'stages'], queryFn: ({ signal }) => apiRequest<{ data: PipelineStage[] }>('/pipeline/stages', { signal }).then((r) => r.data) });

/** GET /pursuits/lookup for the opportunities on screen: which are tracked (Track buttons). */
export const usePursuitLookup = (opportunityIds: string[], enabled = true) =>
  useQuery({
    queryKey: [...LOOKUP_KEY, opportunityIds],
    queryFn: ({ signal }) => apiRequest<PursuitLookupResponse>('/pursuits/lookup', { signal, query: { opportunity_ids: opportunityIds.join(',') } }).then((r) => r.data),
    enabled: enabled && opportunityIds.length > 0,
  });

/** POST /pursuits: Track an opportunity. */
export function useTrackOpportunity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opportunityId: string) => apiRequest<Pursuit>('/pursuits', { method: 'POST', body: { opportunity_id: opportunityId } }),
    // Also after a 409: someone else tracked it, and the button should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** POST /pursuits/{id}/move, conditional on the stage the board showed. */
export function useMovePursuit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pursuit, stageId }: { pursuit: Pick<Pursuit, 'id' | 'stage_id'>; stageId: string }) =>
      apiRequest<Pursuit>(`/pursuits/${pursuit.id}/move`, { method: 'POST', body: { stage_id: stageId, from_stage_id: pursuit.stage_id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PURSUITS_KEY }),
  });
}

/** PATCH /pursuits/{id}. */
export function useUpdatePursuit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePursuitBody }) => apiRequest<Pursuit>(`/pursuits/${id}`, { method: 'PATCH', body }),
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
    mutationFn: (stages: { id?: string; name: string; outcome: PipelineStage['outcome']; opens_workspace: boolean; gate_evidence?: PipelineStage['gate_evidence'] }[]) =>
      apiRequest<{ data: PipelineStage[] }>('/admin/pipeline/stages', { method: 'PUT', body: { stages } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PURSUITS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['pipeline', 'stages'] });
    },
  });
}
