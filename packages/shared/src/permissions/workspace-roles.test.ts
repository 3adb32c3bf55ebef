import { describe, expect, it } from 'vitest';
import {
  WORKSPACE_ABILITIES,
  WORKSPACE_ROLES,
  can,
  isForwardMove,
  mayEver,
  type WorkspaceAbility,
  type WorkspaceRole,
} from './workspace-roles';

const me = 'user-me';
const other = 'user-other';

/**
 * SPEC §6 written out again, cell by cell, as it reads in the SPEC: each cell is checked against
 * `can` with the targets that decide it, so the matrix cannot drift from the table.
 */
type Cell = 'yes' | 'no' | 'own' | 'forward only' | 'any';
const SPEC_TABLE: [string, WorkspaceAbility, Record<WorkspaceRole, Cell>][] = [
  ['Upload documents', 'document.upload', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'yes', VIEWER: 'no' }],
  ['Check out / check in', 'document.checkOut', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'no', VIEWER: 'no' }],
  ['Download documents', 'document.download', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'yes', VIEWER: 'yes' }],
  ['Delete documents', 'document.delete', { OWNER: 'yes', CONTRIBUTOR: 'no', REVIEWER: 'no', VIEWER: 'no' }],
  ['Create tasks', 'task.create', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'no', VIEWER: 'no' }],
  ['Move tasks', 'task.move', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'forward only', VIEWER: 'no' }],
  ['Delete tasks', 'task.delete', { OWNER: 'any', CONTRIBUTOR: 'any', REVIEWER: 'own', VIEWER: 'no' }],
  ['Invite, revoke invites', 'member.invite', { OWNER: 'yes', CONTRIBUTOR: 'no', REVIEWER: 'no', VIEWER: 'no' }],
  ['Archive, restore', 'workspace.archive', { OWNER: 'yes', CONTRIBUTOR: 'no', REVIEWER: 'no', VIEWER: 'no' }],
  ['Delete workspace', 'workspace.delete', { OWNER: 'yes', CONTRIBUTOR: 'no', REVIEWER: 'no', VIEWER: 'no' }],
  ['Leave workspace', 'workspace.leave', { OWNER: 'no', CONTRIBUTOR: 'yes', REVIEWER: 'yes', VIEWER: 'yes' }],
  ['Chat', 'message.send', { OWNER: 'yes', CONTRIBUTOR: 'yes', REVIEWER: 'yes', VIEWER: 'yes' }],
  ['Delete chat messages', 'message.delete', { OWNER: 'any', CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' }],
];

describe('SPEC §6 workspace permission table', () => {
  for (const [row, ability, cells] of SPEC_TABLE) {
    for (const role of WORKSPACE_ROLES) {
      const cell = cells[role];
      it(`${row}: ${role} = ${cell}`, () => {
        const mine = { actorId: me, createdBy: me };
        const theirs = { actorId: me, createdBy: other };
        const forward = { from: 'TODO', to: 'IN_PROGRESS' } as const;
        const back = { from: 'IN_PROGRESS', to: 'TODO' } as const;
        const target = ability === 'task.move' ? forward : mine;
        const otherTarget = ability === 'task.move' ? back : theirs;
        switch (cell) {
          case 'yes':
          case 'any':
            expect(can(role, ability, target)).toBe(true);
            expect(can(role, ability, otherTarget)).toBe(true);
            break;
          case 'no':
            expect(can(role, ability, target)).toBe(false);
            expect(can(role, ability, otherTarget)).toBe(false);
            expect(mayEver(role, ability)).toBe(false);
            break;
          case 'own':
            expect(can(role, ability, mine)).toBe(true);
            expect(can(role, ability, theirs)).toBe(false);
            break;
          case 'forward only':
            expect(can(role, ability, forward)).toBe(true);
            expect(can(role, ability, back)).toBe(false);
            break;
        }
      });
    }
  }

  it('lets the owner remove any member except an owner, and nobody else remove anyone', () => {
    for (const targetRole of ['CONTRIBUTOR', 'REVIEWER', 'VIEWER'] as const) {
      expect(can('OWNER', 'member.remove', { targetRole })).toBe(true);
    }
    expect(can('OWNER', 'member.remove', { targetRole: 'OWNER' })).toBe(false);
    expect(can('OWNER', 'member.remove')).toBe(false);
    for (const role of ['CONTRIBUTOR', 'REVIEWER', 'VIEWER'] as const) {
      expect(can(role, 'member.remove', { targetRole: 'VIEWER' })).toBe(false);
    }
  });
});

describe('abilities WORKSPACES.md §3 adds', () => {
  it('lets every member view and edit only their own messages', () => {
    for (const role of WORKSPACE_ROLES) {
      expect(can(role, 'workspace.view')).toBe(true);
      expect(can(role, 'message.edit', { actorId: me, createdBy: me })).toBe(true);
      expect(can(role, 'message.edit', { actorId: me, createdBy: other })).toBe(false);
    }
  });

  it('keeps settings and force-release with the owner and runs off viewers', () => {
    for (const role of WORKSPACE_ROLES) {
      expect(can(role, 'workspace.editSettings')).toBe(role === 'OWNER');
      expect(can(role, 'document.forceRelease')).toBe(role === 'OWNER');
      expect(can(role, 'rfp.run')).toBe(role !== 'VIEWER');
      expect(can(role, 'ai.generate')).toBe(role !== 'VIEWER');
      expect(can(role, 'task.dismissRequirementChanges')).toBe(role === 'OWNER' || role === 'CONTRIBUTOR');
    }
  });

  it('lets owners and contributors correct the requirements list, not reviewers or viewers', () => {
    for (const role of WORKSPACE_ROLES) {
      expect(can(role, 'requirement.correct')).toBe(role === 'OWNER' || role === 'CONTRIBUTOR');
    }
  });

  it('lets the author or the owner delete a generated workspace document', () => {
    expect(can('OWNER', 'ai.deleteDocument', { actorId: me, createdBy: other })).toBe(true);
    for (const role of ['CONTRIBUTOR', 'REVIEWER', 'VIEWER'] as const) {
      expect(can(role, 'ai.deleteDocument', { actorId: me, createdBy: me })).toBe(true);
      expect(can(role, 'ai.deleteDocument', { actorId: me, createdBy: other })).toBe(false);
    }
  });

  it("treats 'own' without a known caller as not own", () => {
    expect(can('VIEWER', 'message.delete', { createdBy: undefined })).toBe(false);
    expect(can('VIEWER', 'message.delete', { actorId: me, createdBy: null })).toBe(false);
  });

  it('defines every ability for every role', () => {
    for (const grants of Object.values(WORKSPACE_ABILITIES)) {
      expect(Object.keys(grants).sort()).toEqual([...WORKSPACE_ROLES].sort());
    }
  });
});

describe('isForwardMove', () => {
  it('accepts exactly one column to the right', () => {
    expect(isForwardMove('TODO', 'IN_PROGRESS')).toBe(true);
    expect(isForwardMove('IN_PROGRESS', 'REVIEW')).toBe(true);
    expect(isForwardMove('REVIEW', 'DONE')).toBe(true);
    expect(isForwardMove('TODO', 'REVIEW')).toBe(false);
    expect(isForwardMove('DONE', 'TODO')).toBe(false);
    expect(isForwardMove('REVIEW', 'IN_PROGRESS')).toBe(false);
    expect(isForwardMove('TODO', 'TODO')).toBe(false);
  });
});
