import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PursuitImportReportSchema, PursuitPagedListResponseSchema } from '@biddesk/shared';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';
import type { PipelineFilters, PipelineSort } from '../url-state';

/** The table's rows a page: the server sorts and cuts (GET /pursuits?view=table). */
export const TABLE_PAGE_SIZE = 50;

const filterQuery = (f: PipelineFilters) => ({ stage: f.stage, owner: f.owner, agency: f.agency, naics: f.naics, due_within: f.dueWithin });

/** GET /pursuits?view=table: one sorted page, with the totals over every filtered pursuit. */
export const usePursuitTablePage = (filters: PipelineFilters, sort: PipelineSort, order: 'asc' | 'desc', page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['pursuits', 'table', filters, sort, order, page],
    queryFn: ({ signal }) =>
      apiRequest('/pursuits', PursuitPagedListResponseSchema, {
        signal,
        query: { view: 'table', ...filterQuery(filters), sort, order, page, per_page: TABLE_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /pursuits/export.csv with the current filters, saved as the server names it. */
export function useExportPursuitsCsv() {
  return useMutation({
    mutationFn: async (filters: PipelineFilters) => {
      const { blob, fileName } = await apiDownload('/pursuits/export.csv', filterQuery(filters));
      downloadBlob(fileName ?? 'pipeline.csv', blob);
    },
  });
}

/** POST /pursuits/import: the per-row report; the pipeline is read again after it. */
export function useImportPursuitsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest('/pursuits/import', PursuitImportReportSchema, { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pursuits'] }),
  });
}
