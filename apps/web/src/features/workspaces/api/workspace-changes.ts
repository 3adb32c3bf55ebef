import type { QueryKey } from '@tanstack/react-query';
import { type WorkspaceChangeArea, type WorkspaceChanges, WorkspaceChangesSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';
import {
  activityKey,
  aiDocumentsKey,
  documentsKey,
  matrixKey,
  membersKey,
  rfpKey,
  tasksKey,
  workspaceInvitesKey,
  workspaceKey,
} from '../../../lib/workspace-keys';

/** GET /workspaces/{id}/changes: which areas other members changed since `since` (omit it on the first call). */
export function getWorkspaceChanges(workspaceId: string, since: string | undefined, signal?: AbortSignal): Promise<WorkspaceChanges> {
  return apiRequest(`/workspaces/${workspaceId}/changes`, WorkspaceChangesSchema, { query: since === undefined ? {} : { since }, signal });
}

/** What to refetch per changed area: `exact` keys refresh that query only, not everything under it. */
export function staleQueriesOf(workspaceId: string, area: WorkspaceChangeArea): { queryKey: QueryKey; exact?: boolean }[] {
  const header = { queryKey: workspaceKey(workspaceId), exact: true };
  switch (area) {
    case 'workspace':
      return [header];
    case 'members':
      return [{ queryKey: membersKey(workspaceId) }, header];
    case 'invites':
      return [{ queryKey: workspaceInvitesKey(workspaceId) }];
    case 'documents':
      return [{ queryKey: documentsKey(workspaceId) }, header];
    case 'tasks':
      // The compliance matrix shows each requirement's task and its status.
      return [{ queryKey: tasksKey(workspaceId) }, { queryKey: matrixKey(workspaceId) }, header];
    case 'rfp':
      return [{ queryKey: rfpKey(workspaceId) }];
    case 'generated':
      return [{ queryKey: aiDocumentsKey(workspaceId) }];
    case 'chat':
      // The chat panel polls its own messages; only the Activity tab follows below.
      return [];
  }
}

/** Every query the changed areas make stale, once each; the Activity tab whenever anything changed. */
export function staleQueries(workspaceId: string, changed: WorkspaceChangeArea[]): { queryKey: QueryKey; exact?: boolean }[] {
  if (changed.length === 0) return [];
  const all = [...changed.flatMap((area) => staleQueriesOf(workspaceId, area)), { queryKey: activityKey(workspaceId) }];
  const seen = new Set<string>();
  return all.filter((q) => {
    const id = JSON.stringify(q);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
