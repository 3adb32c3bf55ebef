import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, SamSyncSettings, SamSyncStatus } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import { OPPORTUNITIES_KEY } from '../../opportunities/api/opportunities-api';
// The admin screen's queries all start with this key (admin-api.ts).
const ADMIN_KEY = ['admin'] as const;

const SAM_SYNC_KEY = ['admin', 'sam-sync'] as const;

/** POST /admin/import-csv-upload: the extract file streamed to the importer (multipart field `file`). */
export function useUploadCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<ImportResult>('/admin/import-csv-upload', { method: 'POST', body: form });
    },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_KEY }), queryClient.invalidateQueries({ queryKey: OPPORTUNITIES_KEY })]),
  });
}

/** GET /admin/sam-sync: daily sync settings and the latest run. */
export const useSamSync = () =>
  useQuery({ queryKey: SAM_SYNC_KEY, queryFn: ({ signal }) => apiRequest<SamSyncStatus>('/admin/sam-sync', { signal }) });

/** PUT /admin/sam-sync */
export function useUpdateSamSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SamSyncSettings) => apiRequest<SamSyncStatus>('/admin/sam-sync', { method: 'PUT', body }),
    onSuccess: (status) => queryClient.setQueryData(SAM_SYNC_KEY, status),
  });
}
