import { useCallback } from 'react';
import { abilityRow, can, type GrantTarget, type Workspace, type WorkspaceAbility } from '@biddesk/shared';

/** Asks the shared matrix whether the caller's role holds `ability` (on `target`, for conditional grants). */
export type WorkspaceAbilityCheck = (ability: WorkspaceAbility, target?: GrantTarget) => boolean;

/**
 * The SPEC §6 matrix for the caller's role in `workspace`, to show or hide controls. An archived
 * workspace is read-only, so every ability the matrix marks `write` answers false there, as the
 * server's 409 would (WORKSPACES.md §3 step 4). Hiding is never the protection: the server checks
 * the same matrix on every call (STYLE §4).
 */
export function useWorkspaceAbility(workspace: Pick<Workspace, 'user_role' | 'archived'> | null | undefined): WorkspaceAbilityCheck {
  const role = workspace?.user_role;
  const archived = Boolean(workspace?.archived);
  return useCallback(
    (ability, target) => Boolean(role) && !(archived && abilityRow(ability).write) && can(role!, ability, target),
    [role, archived],
  );
}
