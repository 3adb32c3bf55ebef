import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type RecordGateReviewBody,
  type RecordOutcomeBody,
  GateReviewSchema,
  PipelineAnalyticsSchema,
  PursuitDecisionsSchema,
  GateFactorListSchema,
} from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

const decisionsKey = (id: string) => ['pursuits', 'decisions', id] as const;

/** GET /pipeline/gate-factors: the rubric. */
export const useGateFactors = (enabled = true) =>
  useQuery({
    queryKey: ['pipeline', 'gate-factors'],
    queryFn: ({ signal }) => apiRequest('/pipeline/gate-factors', GateFactorListSchema, { signal }).then((r) => r.data),
    enabled,
  });

/** GET /pursuits/{id}/decisions: gate history, outcome, evidence now. */
export const usePursuitDecisions = (id: string | null) =>
  useQuery({
    queryKey: decisionsKey(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/pursuits/${id}/decisions`, PursuitDecisionsSchema, { signal }),
    enabled: id !== null,
  });

/** GET /pipeline/analytics. */
export const usePipelineAnalytics = (enabled: boolean) =>
  useQuery({
    queryKey: ['pursuits', 'analytics'],
    queryFn: ({ signal }) => apiRequest('/pipeline/analytics', PipelineAnalyticsSchema, { signal }),
    enabled,
  });

/** POST /pursuits/{id}/gate-reviews. */
export function useRecordGateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecordGateReviewBody }) =>
      apiRequest(`/pursuits/${id}/gate-reviews`, GateReviewSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pursuits'] }),
  });
}

/** POST /pursuits/{id}/outcome. */
export function useRecordOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecordOutcomeBody }) =>
      apiRequest(`/pursuits/${id}/outcome`, PursuitDecisionsSchema, { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['pursuits'] });
      void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
}

/** PUT /admin/pipeline/gate-factors (admins). */
export function useReplaceGateFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factors: { id?: string; name: string; description: string; weight: number }[]) =>
      apiRequest('/admin/pipeline/gate-factors', GateFactorListSchema, { method: 'PUT', body: { factors } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pipeline', 'gate-factors'] }),
  });
}
