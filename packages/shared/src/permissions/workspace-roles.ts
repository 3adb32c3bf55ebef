import { z } from 'zod';

/** Workspace roles (SPEC §6). */
export const WorkspaceRoleSchema = z.enum(['OWNER', 'CONTRIBUTOR', 'REVIEWER', 'VIEWER']);
export type WorkspaceRole = z.infer<typeof WorkspaceRoleSchema>;
export const WORKSPACE_ROLES = WorkspaceRoleSchema.options;

/** Task board columns, in order (SPEC §4). */
export const TaskStatusSchema = z.enum(['TODO', 'IN_PROGRESS', 'REVIEW', 'DONE']);
export type TaskStatus = z.infer<typeof TaskStatusSchema>;
/** What people read for each column: the board's headings, Activity and exports (never the enum). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { TODO: 'To Do', IN_PROGRESS: 'In Progress', REVIEW: 'Review', DONE: 'Done' };

/**
 * How a role holds an ability: always, never, or only on a target that passes a check.
 * - 'own': the target was created by the caller.
 * - 'forward-only': a task move one column to the right (SPEC §4: reviewers only move forward).
 * - 'non-owner-target': the target member is not the OWNER (the owner is never removed).
 */
export type Grant = boolean | 'own' | 'forward-only' | 'non-owner-target';

/**
 * SPEC §6, row for row, plus the abilities WORKSPACES.md §3 names that SPEC implies but does not
 * tabulate (view, settings, activity, force-release, edit own message, RFP and AI runs).
 */
export const WORKSPACE_ABILITIES = {
  /** Open the workspace, see its header, members and activity. */
  'workspace.view': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true },
  /** Upload documents (SPEC §6: yes for reviewers; hidden only for viewers). */
  'document.upload': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false },
  /** Check a document out and back in. */
  'document.checkOut': { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false },
  'document.download': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true },
  'document.delete': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  /** Release someone else's stale check-out, with a reason (WORKSPACES.md §1). */
  'document.forceRelease': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  'task.create': { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false },
  'task.move': { OWNER: true, CONTRIBUTOR: true, REVIEWER: 'forward-only', VIEWER: false },
  'task.delete': { OWNER: true, CONTRIBUTOR: true, REVIEWER: 'own', VIEWER: false },
  /**
   * Clear a task's "requirements changed" flag after an RFP amendment: deciding the task still
   * fits the new wording is planning the work, so it goes with creating and freely moving tasks
   * (OWNER, CONTRIBUTOR); reviewers only move forward and viewers read.
   */
  'task.dismissRequirementChanges': { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false },
  /** Invite by email and revoke pending invitations; the owner also sees the invite list. */
  'member.invite': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  'member.remove': { OWNER: 'non-owner-target', CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  'workspace.archive': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  'workspace.delete': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  /** Turn the NDA requirement on or off. */
  'workspace.editSettings': { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
  /** The owner cannot leave: the workspace would have no one to run it. */
  'workspace.leave': { OWNER: false, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true },
  'message.send': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true },
  /** Edit one's own message; the 2-minute window (SPEC §4) is checked beside the grant. */
  'message.edit': { OWNER: 'own', CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' },
  'message.delete': { OWNER: true, CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' },
  /** Upload an RFP and analyse a draft. Viewers have read-only access (SPEC §2 role descriptions). */
  'rfp.run': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false },
  /**
   * Correct the requirements list (issue 23): mark a requirement not one, change its section or
   * must/should, undo. It reshapes the matrix, the tasks and draft scoring for everyone, so it goes
   * with planning the work (OWNER, CONTRIBUTOR); reviewers and viewers read.
   */
  'requirement.correct': { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false },
  /** Generate workspace AI documents. */
  'ai.generate': { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false },
  /** Delete a generated workspace document: its author, or the OWNER moderating. */
  'ai.deleteDocument': { OWNER: true, CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' },
} as const satisfies Record<string, Record<WorkspaceRole, Grant>>;

export type WorkspaceAbility = keyof typeof WORKSPACE_ABILITIES;
export const WORKSPACE_ABILITY_NAMES = Object.keys(WORKSPACE_ABILITIES) as WorkspaceAbility[];

/** What a conditional grant is checked against. */
export interface GrantTarget {
  /** The caller's user id, for 'own'. */
  actorId?: string;
  /** Who created the target (task, message), for 'own'. */
  createdBy?: string | null;
  /** A task move, for 'forward-only'. */
  from?: TaskStatus;
  to?: TaskStatus;
  /** The role of the member acted on, for 'non-owner-target'. */
  targetRole?: WorkspaceRole;
}

/** True when moving a task from `from` to `to` is one column to the right. */
export function isForwardMove(from: TaskStatus, to: TaskStatus): boolean {
  const order = TaskStatusSchema.options;
  return order.indexOf(to) === order.indexOf(from) + 1;
}

/** True when `role` may perform `ability` on `target`; resolves the conditional grants. */
export function can(role: WorkspaceRole, ability: WorkspaceAbility, target: GrantTarget = {}): boolean {
  const grant: Grant = WORKSPACE_ABILITIES[ability][role];
  switch (grant) {
    case true:
    case false:
      return grant;
    case 'own':
      return Boolean(target.actorId) && target.createdBy === target.actorId;
    case 'forward-only':
      return target.from !== undefined && target.to !== undefined && isForwardMove(target.from, target.to);
    case 'non-owner-target':
      return target.targetRole !== undefined && target.targetRole !== 'OWNER';
  }
}

/** True when the role holds the ability on at least some target (for showing a control at all). */
export function mayEver(role: WorkspaceRole, ability: WorkspaceAbility): boolean {
  return WORKSPACE_ABILITIES[ability][role] !== false;
}
