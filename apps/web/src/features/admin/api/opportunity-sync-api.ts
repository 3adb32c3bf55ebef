import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ImportJob, type SamSyncSettings, ImportJobListSchema, ImportJobSchema, SamSyncStatusSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { OPPORTUNITIES_KEY } from '../../../lib/opportunity-keys';
const SAM_SYNC_KEY = ['admin', 'sam-sync'] as const;

const IMPORT_JOBS_KEY = ['admin', 'import-jobs'] as const;
/** Progress is re-read this often while an import runs. */
export const IMPORT_POLL_MS = 1000;

export const isImportActive = (job: ImportJob | undefined) => !!job && ['uploading', 'queued', 'running'].includes(job.status);

/**
 * POST /admin/import-jobs/upload (opportunities) or /admin/award-imports/upload (USAspending awards):
 * stores the file (multipart field `file`) and starts its import in the background; answers at
 * once with the job to poll.
 */
export function useStartUploadImport(kind: ImportJob['kind'] = 'opportunities') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest(kind === 'awards' ? '/admin/award-imports/upload' : '/admin/import-jobs/upload', ImportJobSchema, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: (job) => queryClient.setQueryData([...IMPORT_JOBS_KEY, job.id], job),
  });
}

/** GET /admin/import-jobs/{id}, re-read every second while the import runs, then left alone. */
export const useImportJob = (id: string | null) =>
  useQuery({
    queryKey: [...IMPORT_JOBS_KEY, id],
    queryFn: ({ signal }) => apiRequest(`/admin/import-jobs/${id}`, ImportJobSchema, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (isImportActive(query.state.data) ? IMPORT_POLL_MS : false),
  });

/** GET /admin/import-jobs: the recent imports, newest first (to pick up one still running after a reload). */
export const useRecentImportJobs = () =>
  useQuery({
    queryKey: [...IMPORT_JOBS_KEY, 'recent'],
    queryFn: ({ signal }) => apiRequest('/admin/import-jobs', ImportJobListSchema, { signal }),
  });

/** An import finished: refresh the admin counts and every opportunity listing. */
export function useImportFinished() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'activity'] }),
      queryClient.invalidateQueries({ queryKey: OPPORTUNITIES_KEY }),
    ]);
}

/** GET /admin/sam-sync: daily sync settings and the latest run. */
export const useSamSync = () =>
  useQuery({ queryKey: SAM_SYNC_KEY, queryFn: ({ signal }) => apiRequest('/admin/sam-sync', SamSyncStatusSchema, { signal }) });

/** PUT /admin/sam-sync */
export function useUpdateSamSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SamSyncSettings) => apiRequest('/admin/sam-sync', SamSyncStatusSchema, { method: 'PUT', body }),
    onSuccess: (status) => queryClient.setQueryData(SAM_SYNC_KEY, status),
  });
}
