/** Query keys of the workspaces feature; everything sits under WORKSPACES_KEY so one invalidation refreshes it all. */
export const WORKSPACES_KEY = ['workspaces'] as const;
export const workspaceListKey = (includeArchived: boolean) => [...WORKSPACES_KEY, 'list', { includeArchived }] as const;
export const workspaceKey = (id: string) => [...WORKSPACES_KEY, 'detail', id] as const;
export const membersKey = (id: string) => [...WORKSPACES_KEY, 'detail', id, 'members'] as const;
export const workspaceInvitesKey = (id: string) => [...WORKSPACES_KEY, 'detail', id, 'invites'] as const;
export const activityKey = (id: string) => [...WORKSPACES_KEY, 'detail', id, 'activity'] as const;
// The areas that features/workspaces' change poll refreshes; each feature's queries sit under these.
export const documentsKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'documents'] as const;
export const tasksKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'tasks'] as const;
export const rfpKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'rfp'] as const;
export const matrixKey = (workspaceId: string) => [...rfpKey(workspaceId), 'matrix'] as const;
export const aiDocumentsKey = (workspaceId: string) => [...workspaceKey(workspaceId), 'ai-documents'] as const;
export const opportunityWorkspaceKey = (opportunityId: string) => [...WORKSPACES_KEY, 'by-opportunity', opportunityId] as const;
