import type { InviteRole, WorkspaceRole } from '@biddesk/shared';

/** Person-readable role names. */
export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  OWNER: 'Owner',
  CONTRIBUTOR: 'Contributor',
  REVIEWER: 'Reviewer',
  VIEWER: 'Viewer',
};

/** What each invitable role may do (SPEC §2 role descriptions), for the invite dialog and the invite page. */
export const ROLE_DESCRIPTIONS: Record<InviteRole, string> = {
  CONTRIBUTOR: 'Can edit documents, create tasks and run AI tools',
  REVIEWER: 'Can review and comment; documents are read-only',
  VIEWER: 'Read-only access; can export',
};

/** Badge colour per role. */
export const ROLE_COLORS: Record<WorkspaceRole, string> = {
  OWNER: 'violet',
  CONTRIBUTOR: 'blue',
  REVIEWER: 'orange',
  VIEWER: 'gray',
};
