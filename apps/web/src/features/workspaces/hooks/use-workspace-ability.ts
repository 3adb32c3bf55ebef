import { useCallback } from 'react';
import { can, type GrantTarget, type Workspace, type WorkspaceAbility } from '@biddesk/shared';

/** Asks the shared matrix whether the caller's role holds `ability` (on `target`, for conditional grants). */
export type WorkspaceAbilityCheck = (ability: WorkspaceAbility, target?: GrantTarget) => boolean;

/**
 * The SPEC §6 matrix for the caller's role in `workspace`, to show or hide controls. Hiding is
 * never the protection: the server checks the same matrix on every call (STYLE §4).
 */
export function useWorkspaceAbility(workspace: Pick<Workspace, 'user_role'> | null | undefined): WorkspaceAbilityCheck {
  const role = workspace?.user_role;
  return useCallback((ability, target) => (role ? can(role, ability, target) : false), [role]);
}
