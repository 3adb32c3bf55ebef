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

/** The refusal for an ability whose row names no text of its own. */
export const DEFAULT_REFUSAL = "You don't have permission to do that in this workspace";

/**
 * One row of the matrix: who holds the ability, and what the access call checks before it
 * (WORKSPACES.md §3): `content` calls are gated by the NDA, `write` calls are refused while the
 * workspace is archived (restore, delete and leave are not writes in this sense).
 */
export interface AbilityRow {
  grants: Record<WorkspaceRole, Grant>;
  /** Workspace content (members, invites, activity, documents, tasks, chat, RFP, AI): NDA-gated. */
  content: boolean;
  /** A change: refused with 409 "This workspace is archived" while the workspace is archived. */
  write: boolean;
  /**
   * What a refusal says (SPEC §8 where it has a text); DEFAULT_REFUSAL when absent. `{target}`
   * stands for the target's `label` (what the screen calls it).
   */
  refusal?: string;
  /** What a refusal says when the role holds the ability on some targets but not this one. */
  partialRefusal?: string;
}

const everyone = { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true } as const;
const ownerOnly = { OWNER: true, CONTRIBUTOR: false, REVIEWER: false, VIEWER: false } as const;
/** A read of workspace content: every member past the NDA, archived or not. */
const contentRead = { content: true, write: false } as const;
/** A change to workspace content: past the NDA, and never on an archived workspace. */
const contentWrite = { content: true, write: true } as const;

/**
 * SPEC §6, row for row, plus the abilities WORKSPACES.md §3 names that SPEC implies but does not
 * tabulate (view, content, settings, force-release, edit own message, NDA, RFP and AI runs). The
 * server's one access call (`requireAbility`) and the web's `useWorkspaceAbility` both read it.
 */
export const WORKSPACE_MATRIX = {
  /** Open the workspace, see its header and settings; also before the NDA (the app shows it). */
  'workspace.view': { grants: everyone, content: false, write: false },
  /** Read the workspace's content: members, activity, documents list, board, chat, RFP, AI. */
  'content.view': { grants: everyone, ...contentRead },
  /** Accept the NDA in force; a write, so an archived workspace records no acceptance. */
  'nda.accept': { grants: everyone, content: false, write: true },
  /** Upload documents (SPEC §6: yes for reviewers; hidden only for viewers). */
  'document.upload': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false }, ...contentWrite },
  /** Check a document out and back in. */
  'document.checkOut': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false }, ...contentWrite },
  'document.download': { grants: everyone, ...contentRead, refusal: "You don't have permission to download this file" },
  'document.delete': {
    grants: ownerOnly,
    ...contentWrite,
    refusal: "You don't have permission to delete this file. Only workspace owners can delete documents.",
  },
  /** Release someone else's stale check-out, with a reason (WORKSPACES.md §1). */
  'document.forceRelease': { grants: ownerOnly, ...contentWrite },
  'task.create': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false }, ...contentWrite },
  'task.move': {
    grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: 'forward-only', VIEWER: false },
    ...contentWrite,
    // The board shows the server's detail in its toast, so a conditional refusal says why.
    partialRefusal: 'Reviewers can only move tasks forward',
  },
  'task.delete': {
    grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: 'own', VIEWER: false },
    ...contentWrite,
    partialRefusal: 'You can only delete tasks you created',
  },
  /**
   * Clear a task's "requirements changed" flag after an RFP amendment: deciding the task still
   * fits the new wording is planning the work, so it goes with creating and freely moving tasks
   * (OWNER, CONTRIBUTOR); reviewers only move forward and viewers read.
   */
  'task.dismissRequirementChanges': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false }, ...contentWrite },
  /** Invite by email and revoke pending invitations. */
  'member.invite': { grants: ownerOnly, ...contentWrite, refusal: 'Only the workspace owner can manage invitations' },
  /** See the pending invitations (a read: it still answers on an archived workspace). */
  'member.listInvites': { grants: ownerOnly, ...contentRead, refusal: 'Only the workspace owner can manage invitations' },
  'member.remove': {
    grants: { OWNER: 'non-owner-target', CONTRIBUTOR: false, REVIEWER: false, VIEWER: false },
    ...contentWrite,
    refusal: 'Only the workspace owner can remove members, and the owner cannot be removed',
  },
  /** Archive and restore: not a write, or an archived workspace could never be restored. */
  'workspace.archive': {
    grants: ownerOnly,
    content: false,
    write: false,
    refusal: 'Only the workspace owner can archive or restore the workspace',
  },
  /** Allowed while archived (WORKSPACES.md §3 step 4). */
  'workspace.delete': { grants: ownerOnly, content: false, write: false, refusal: 'Only the workspace owner can delete the workspace' },
  /** Turn the NDA requirement on or off. */
  'workspace.editSettings': { grants: ownerOnly, ...contentWrite, refusal: 'Only the workspace owner can change workspace settings' },
  /** The owner cannot leave: the workspace would have no one to run it. Allowed while archived. */
  'workspace.leave': {
    grants: { OWNER: false, CONTRIBUTOR: true, REVIEWER: true, VIEWER: true },
    content: false,
    write: false,
    refusal: 'The workspace owner cannot leave the workspace. Delete it instead.',
  },
  'message.send': { grants: everyone, ...contentWrite },
  /** Edit one's own message; the 2-minute window (SPEC §4) is checked beside the grant. */
  'message.edit': { grants: { OWNER: 'own', CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' }, ...contentWrite },
  'message.delete': { grants: { OWNER: true, CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' }, ...contentWrite },
  /** Upload an RFP and analyse a draft. Viewers have read-only access (SPEC §2 role descriptions). */
  'rfp.run': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false }, ...contentWrite },
  /**
   * Correct the requirements list (issue 23): mark a requirement not one, change its section or
   * must/should, undo. It reshapes the matrix, the tasks and draft scoring for everyone, so it goes
   * with planning the work (OWNER, CONTRIBUTOR); reviewers and viewers read.
   */
  'requirement.correct': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: false, VIEWER: false }, ...contentWrite },
  /** Generate workspace AI documents. */
  'ai.generate': { grants: { OWNER: true, CONTRIBUTOR: true, REVIEWER: true, VIEWER: false }, ...contentWrite },
  /** Delete a generated workspace document: its author, or the OWNER moderating. */
  'ai.deleteDocument': {
    grants: { OWNER: true, CONTRIBUTOR: 'own', REVIEWER: 'own', VIEWER: 'own' },
    ...contentWrite,
    refusal: 'Only its author or the workspace owner can delete this {target}',
  },
} as const satisfies Record<string, AbilityRow>;

export type WorkspaceAbility = keyof typeof WORKSPACE_MATRIX;
export const WORKSPACE_ABILITY_NAMES = Object.keys(WORKSPACE_MATRIX) as WorkspaceAbility[];

/** The matrix's grants alone, ability by role (SPEC §6 as a table). */
export const WORKSPACE_ABILITIES = Object.fromEntries(
  WORKSPACE_ABILITY_NAMES.map((ability) => [ability, WORKSPACE_MATRIX[ability].grants]),
) as { [A in WorkspaceAbility]: (typeof WORKSPACE_MATRIX)[A]['grants'] };

/** The matrix row of `ability`, widened to its interface. */
export function abilityRow(ability: WorkspaceAbility): AbilityRow {
  return WORKSPACE_MATRIX[ability];
}

/** What refusing `role` the ability on `target` says: the partial text when the role holds it elsewhere. */
export function refusalFor(role: WorkspaceRole, ability: WorkspaceAbility, target: GrantTarget = {}): string {
  const row = abilityRow(ability);
  if (row.partialRefusal && mayEver(role, ability)) return row.partialRefusal;
  return (row.refusal ?? DEFAULT_REFUSAL).replace('{target}', target.label ?? 'item');
}

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
  /** What the screen calls the target, for a refusal that names it (`{target}`). */
  label?: string;
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
