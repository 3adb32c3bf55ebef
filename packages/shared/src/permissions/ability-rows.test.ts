import { describe, expect, it } from 'vitest';
import { isAllowedMove, TASK_MOVES } from './task-moves';
import {
  DEFAULT_REFUSAL,
  TaskStatusSchema,
  WORKSPACE_ABILITIES,
  WORKSPACE_ABILITY_NAMES,
  WORKSPACE_MATRIX,
  abilityRow,
  refusalFor,
} from './workspace-roles';

describe('the matrix rows', () => {
  it('derives the grants table from the rows', () => {
    for (const ability of WORKSPACE_ABILITY_NAMES) expect(WORKSPACE_ABILITIES[ability]).toBe(WORKSPACE_MATRIX[ability].grants);
  });

  it('keeps restore, delete and leave allowed while archived (WORKSPACES.md §3 step 4)', () => {
    for (const ability of ['workspace.archive', 'workspace.delete', 'workspace.leave'] as const)
      expect(abilityRow(ability).write).toBe(false);
  });

  it('gates every change of workspace content behind the NDA and the archive', () => {
    for (const ability of WORKSPACE_ABILITY_NAMES.filter((a) => /^(document|task|message|rfp|ai)\./.test(a) && a !== 'document.download')) {
      expect(abilityRow(ability), ability).toMatchObject({ content: true, write: true });
    }
  });

  it('answers the GET /workspaces/{id} header before the NDA, and content only after it', () => {
    expect(abilityRow('workspace.view')).toMatchObject({ content: false, write: false });
    expect(abilityRow('content.view')).toMatchObject({ content: true, write: false });
  });
});

describe('refusalFor', () => {
  it("says the row's SPEC §8 text", () => {
    expect(refusalFor('CONTRIBUTOR', 'document.delete')).toBe(
      "You don't have permission to delete this file. Only workspace owners can delete documents.",
    );
  });

  it('says why when the role holds the ability on other targets', () => {
    expect(refusalFor('REVIEWER', 'task.move')).toBe('Reviewers can only move tasks forward');
    expect(refusalFor('REVIEWER', 'task.delete')).toBe('You can only delete tasks you created');
    expect(refusalFor('VIEWER', 'task.move')).toBe(DEFAULT_REFUSAL);
  });

  it('names the target where the row says {target}', () => {
    expect(refusalFor('VIEWER', 'ai.deleteDocument', { label: 'Proposal Draft' })).toBe(
      'Only its author or the workspace owner can delete this Proposal Draft',
    );
  });
});

describe('TASK_MOVES (SPEC §4)', () => {
  it('offers Start, Back, Review and Done, one column at a time, and nothing from Done', () => {
    expect(TASK_MOVES).toEqual({
      TODO: [{ label: 'Start', to: 'IN_PROGRESS' }],
      IN_PROGRESS: [
        { label: 'Back', to: 'TODO' },
        { label: 'Review', to: 'REVIEW' },
      ],
      REVIEW: [
        { label: 'Back', to: 'IN_PROGRESS' },
        { label: 'Done', to: 'DONE' },
      ],
      DONE: [],
    });
  });

  it('allows exactly the moves the buttons make', () => {
    const statuses = TaskStatusSchema.options;
    for (const from of statuses) {
      for (const to of statuses) expect(isAllowedMove(from, to), `${from} -> ${to}`).toBe(TASK_MOVES[from].some((m) => m.to === to));
    }
    expect(isAllowedMove('TODO', 'REVIEW')).toBe(false);
    expect(isAllowedMove('DONE', 'REVIEW')).toBe(false);
  });
});
