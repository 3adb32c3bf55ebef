import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ADMIN_ACTIVITY_SCREEN_LIMIT,
  CSV_IMPORT_TIMEOUT_MS,
  type AppRole,
  type CreateUserBody,
  type ImportResult,
  type SendNotificationBody,
  ActivityItemSchema,
  AdminStatsSchema,
  AdminUserSchema,
  ClearOpportunitiesPreviewSchema,
  ImportResultSchema,
  ClearOpportunitiesResponseSchema,
  DeleteUserResponseSchema,
  SendNotificationResponseSchema,
} from '@biddesk/shared';
import { ApiError, apiRequest, errorMessage, isAbortError } from '../../../lib/api-client';
import { OPPORTUNITIES_KEY } from '../../../lib/opportunity-keys';
import { MESSAGES } from '../../../lib/messages';

const ADMIN_KEY = ['admin'] as const;
const STATS_KEY = ['admin', 'stats'] as const;
const USERS_KEY = ['admin', 'users'] as const;
const ACTIVITY_KEY = ['admin', 'activity'] as const;

/** SPEC §6: any admin call answering 403 says "Admin access required"; otherwise detail or fallback. */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 403) return MESSAGES.adminAccessRequired;
  return errorMessage(error, fallback);
}

export interface DeleteUserResult {
  deleted: true;
  removed: { saved_opportunities: number; generated_documents: number; notifications: number };
  workspaces: { transferred: { id: string; name: string; new_owner_email: string }[]; deleted: { id: string; name: string }[] };
}

/** GET /admin/stats: the summary cards and the Analytics tab. */
export const useAdminStats = () =>
  useQuery({ queryKey: STATS_KEY, queryFn: ({ signal }) => apiRequest('/admin/stats', AdminStatsSchema, { signal }), retry: false });

/** GET /admin/users: the Users tab and the notification recipient list. */
export const useAdminUsers = () =>
  useQuery({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => apiRequest('/admin/users', z.array(AdminUserSchema), { signal }),
    retry: false,
  });

/** GET /admin/activity?limit=10 (SPEC §9: the admin screen asks for 10). */
export const useAdminActivity = () =>
  useQuery({
    queryKey: ACTIVITY_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/admin/activity', z.array(ActivityItemSchema), { query: { limit: ADMIN_ACTIVITY_SCREEN_LIMIT }, signal }),
    retry: false,
  });

/** Refreshes every admin list and count after a change. */
function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
}

/** PUT /admin/users/{id}/role?role=. */
export function useChangeRole() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: AppRole }) =>
      apiRequest<unknown>(`/admin/users/${id}/role`, { method: 'PUT', query: { role } }),
    onSuccess: invalidate,
  });
}

/** PUT /admin/users/{id}/guest (issue 26): a guest sees only the workspaces it belongs to. */
export function useChangeGuest() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, isGuest }: { id: string; isGuest: boolean }) =>
      apiRequest<unknown>(`/admin/users/${id}/guest`, { method: 'PUT', body: { is_guest: isGuest } }),
    onSuccess: invalidate,
  });
}

/** DELETE /admin/users/{id}: the user with their saved opportunities, documents and notifications. */
export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/admin/users/${id}`, DeleteUserResponseSchema, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** POST /admin/users/{id}/reset-password?new_password=. */
export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      apiRequest<unknown>(`/admin/users/${id}/reset-password`, { method: 'POST', query: { new_password: password } }),
  });
}

/** POST /admin/create-user: an account without an invite code. */
export function useCreateUser() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: CreateUserBody) => apiRequest<unknown>('/admin/create-user', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** POST /admin/notifications: user_id null sends to every user. */
export function useSendNotification() {
  return useMutation({
    mutationFn: (body: SendNotificationBody) =>
      apiRequest('/admin/notifications', SendNotificationResponseSchema, { method: 'POST', body }),
  });
}

/** The browser gave up waiting; the server may still be importing (SPEC §8). */
export class ImportTimeoutError extends Error {
  constructor() {
    super('Import timed out in the browser');
    this.name = 'ImportTimeoutError';
  }
}

/**
 * POST /admin/import-csv-sync with the 180 s client timeout (SPEC §9). A timeout rejects with
 * ImportTimeoutError rather than a failure, since the import may still be running.
 */
export async function importCsv(csvUrl: string, timeoutMs: number = CSV_IMPORT_TIMEOUT_MS): Promise<ImportResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await apiRequest('/admin/import-csv-sync', ImportResultSchema, {
      method: 'POST',
      body: { csv_url: csvUrl },
      signal: controller.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw new ImportTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Opportunity data changed: refresh the admin counts and every opportunity listing. */
function useInvalidateData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_KEY }), queryClient.invalidateQueries({ queryKey: OPPORTUNITIES_KEY })]);
}

export function useImportCsv() {
  const invalidate = useInvalidateData();
  return useMutation({ mutationFn: (csvUrl: string) => importCsv(csvUrl), onSuccess: invalidate });
}

/** GET /admin/clear-opportunities/preview: what a clear would remove and keep, read each time the dialog opens. */
export const useClearOpportunitiesPreview = (enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'clear-preview'],
    queryFn: ({ signal }) => apiRequest('/admin/clear-opportunities/preview', ClearOpportunitiesPreviewSchema, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

/** DELETE /admin/clear-opportunities. */
export function useClearOpportunities() {
  const invalidate = useInvalidateData();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/admin/clear-opportunities', ClearOpportunitiesResponseSchema, { method: 'DELETE' }),
    // Workspace headers now show the facts they kept.
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['workspaces'] })]),
  });
}
