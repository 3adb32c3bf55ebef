import { renderHook } from '@testing-library/react';
import { WORKSPACE_ABILITY_NAMES, WORKSPACE_ROLES, abilityRow, can } from '@biddesk/shared';
import { describe, expect, it } from 'vitest';
import { useWorkspaceAbility } from './use-workspace-ability';

const me = 'user-me';
/** A target every conditional grant accepts, so only the role and the archived rule decide. */
const target = { actorId: me, createdBy: me, from: 'TODO', to: 'IN_PROGRESS', targetRole: 'VIEWER' } as const;

describe('useWorkspaceAbility', () => {
  it('answers the matrix for every role and ability on an active workspace', () => {
    for (const role of WORKSPACE_ROLES) {
      const { result } = renderHook(() => useWorkspaceAbility({ user_role: role, archived: false }));
      for (const ability of WORKSPACE_ABILITY_NAMES)
        expect(result.current(ability, target), `${role} ${ability}`).toBe(can(role, ability, target));
    }
  });

  it('answers false for every write on an archived workspace, and the matrix for the rest', () => {
    for (const role of WORKSPACE_ROLES) {
      const { result } = renderHook(() => useWorkspaceAbility({ user_role: role, archived: true }));
      for (const ability of WORKSPACE_ABILITY_NAMES) {
        const expected = abilityRow(ability).write ? false : can(role, ability, target);
        expect(result.current(ability, target), `${role} ${ability}`).toBe(expected);
      }
    }
  });

  it('still lets the owner restore and delete an archived workspace', () => {
    const { result } = renderHook(() => useWorkspaceAbility({ user_role: 'OWNER', archived: true }));
    expect(result.current('workspace.archive')).toBe(true);
    expect(result.current('workspace.delete')).toBe(true);
    expect(result.current('task.create')).toBe(false);
  });

  it('answers false without a workspace', () => {
    const { result } = renderHook(() => useWorkspaceAbility(undefined));
    expect(result.current('workspace.view')).toBe(false);
  });
});
