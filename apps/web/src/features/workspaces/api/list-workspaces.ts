import { useQuery } from '@tanstack/react-query';
import { type Workspace, WorkspaceSchema } from '@biddesk/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { workspaceListKey } from '../../../lib/workspace-keys';

/** GET /workspaces?include_archived=: the caller's workspaces. */
export function listWorkspaces(includeArchived: boolean, signal?: AbortSignal): Promise<Workspace[]> {
  return apiRequest('/workspaces', z.array(WorkspaceSchema), { query: { include_archived: includeArchived }, signal });
}

/** The caller's workspaces; `enabled` lets the archived panel wait until it is first opened (SPEC §2). */
export const useWorkspaces = (includeArchived: boolean, enabled = true) =>
  useQuery({ queryKey: workspaceListKey(includeArchived), queryFn: ({ signal }) => listWorkspaces(includeArchived, signal), enabled });
