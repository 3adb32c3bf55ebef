import type { RfpAmendment, TaskRequirementChange } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import type { Db } from '../../db/client';
import type {
  RfpSolicitationRow,
  StoredAmendment,
  StoredAmendmentRequirement,
  StoredRequirement,
  WorkspaceRow,
} from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import * as tasksRepository from '../tasks/tasks.repository';
import { requireAbility } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { diffRequirements } from './rfp-amendment-diff';
import { carryCorrections } from './rfp-corrections-carry';
import * as repository from './rfp.repository';
import { presentAmendment } from './rfp.presenter';

const brief = (r: StoredRequirement): StoredAmendmentRequirement => ({
  requirement_id: r.requirement_id,
  section: r.section,
  must_or_should: r.must_or_should,
  text: r.text,
  page: r.page ?? null,
});

/**
 * Diffs a just-inserted solicitation version against the workspace's previous completed one and
 * carries the board over (issue 13 item 4). Runs inside the upload's transaction, after
 * `insertNextVersion` locked the workspace row, so the previous version is the one really before
 * this one, and task creation from requirements (which takes the same lock) waits for the remap.
 *
 * For each task: ids of unchanged and reworded requirements become the new version's ids (so the
 * compliance matrix keeps rolling up), ids of removed requirements are dropped (the new version may
 * reuse them for something else), and each reworded or removed requirement is appended to the
 * task's `requirement_changes` flag. Ids the previous version never had are left as they are.
 * The team's corrections go along by the same diff (rfp-corrections-carry.ts).
 * Returns the stored amendment, or null when this is the first version.
 */
export async function recordAmendment(
  tx: Db,
  ctx: AuthedCtx,
  workspace: WorkspaceRow,
  current: RfpSolicitationRow,
): Promise<StoredAmendment | null> {
  const previous = await repository.findPreviousCompleted(tx, workspace.id, current.version);
  if (!previous) return null;
  const diff = diffRequirements(previous.requirements, current.requirements);

  const newIdOf = new Map<string, string>();
  const changeOf = new Map<string, TaskRequirementChange>();
  for (const { previous: p, next: n } of diff.unchanged) newIdOf.set(p.requirement_id, n.requirement_id);
  for (const { previous: p, next: n } of diff.changed) {
    newIdOf.set(p.requirement_id, n.requirement_id);
    changeOf.set(p.requirement_id, {
      version: current.version,
      change: 'changed',
      requirement_id: p.requirement_id,
      new_requirement_id: n.requirement_id,
      previous_text: p.text,
      text: n.text,
    });
  }
  for (const r of diff.removed) {
    changeOf.set(r.requirement_id, {
      version: current.version,
      change: 'removed',
      requirement_id: r.requirement_id,
      new_requirement_id: null,
      previous_text: r.text,
      text: null,
    });
  }
  const known = new Set(previous.requirements.map((r) => r.requirement_id));

  const tasksOf = new Map<string, string[]>();
  const affected: { id: string; title: string }[] = [];
  for (const { task } of await tasksRepository.listByWorkspace(tx, workspace.id)) {
    if (!task.requirementIds.length) continue;
    // All ids are mapped at once from the old list: "L-003 → L-004" never chains into "L-004 → L-005".
    const remapped = [...new Set(task.requirementIds.flatMap((id) => (!known.has(id) ? [id] : newIdOf.has(id) ? [newIdOf.get(id)!] : [])))];
    const changes = task.requirementIds.flatMap((id) => (changeOf.has(id) ? [changeOf.get(id)!] : []));
    for (const c of changes) tasksOf.set(c.requirement_id, [...(tasksOf.get(c.requirement_id) ?? []), task.id]);
    if (changes.length) affected.push({ id: task.id, title: task.title });
    const idsMoved = remapped.length !== task.requirementIds.length || remapped.some((id, i) => id !== task.requirementIds[i]);
    if (idsMoved || changes.length) await tasksRepository.applyAmendment(tx, task.id, remapped, changes);
  }

  const amendment: StoredAmendment = {
    previous_solicitation_id: previous.id,
    previous_version: previous.version,
    unchanged: diff.unchanged.length,
    changed: diff.changed.map((c) => ({
      previous: brief(c.previous),
      current: brief(c.next),
      similarity: c.similarity,
      task_ids: tasksOf.get(c.previous.requirement_id) ?? [],
    })),
    added: diff.added.map(brief),
    removed: diff.removed.map((r) => ({ ...brief(r), task_ids: tasksOf.get(r.requirement_id) ?? [] })),
    tasks: affected,
  };
  await repository.setAmendment(tx, current.id, amendment);
  await carryCorrections(tx, ctx, workspace, previous, current, diff);
  await recordActivity(tx, ctx.actor, {
    action: 'rfp.amendment_diffed',
    workspaceId: workspace.id,
    targetType: 'rfp_solicitation',
    targetId: current.id,
    details: {
      version: current.version,
      previous_version: previous.version,
      added: amendment.added.length,
      changed: amendment.changed.length,
      removed: amendment.removed.length,
      tasks_affected: affected.length,
    },
  });
  return amendment;
}

/** "2 added, 1 changed, 1 removed — 1 task affected": the amendment in one line (bell, toast). */
export function amendmentSummary(a: Pick<StoredAmendment, 'added' | 'changed' | 'removed' | 'tasks'>): string {
  return `${a.added.length} added, ${a.changed.length} changed, ${a.removed.length} removed — ${plural(a.tasks.length, 'task')} affected`;
}

/**
 * The upload's one bell notification per other member: "RFP amended" with the diff's counts when
 * the upload is an amendment, else "RFP uploaded". Exactly one per member per upload.
 */
export async function notifyMembers(
  tx: Db,
  ctx: AuthedCtx,
  workspace: WorkspaceRow,
  row: RfpSolicitationRow,
  amendment: StoredAmendment | null,
): Promise<void> {
  const what = `${row.fileName} (version ${row.version}, ${plural(row.requirements.length, 'requirement')})`;
  const content = amendment
    ? { title: 'RFP amended', message: `${ctx.actor.name} uploaded ${what} in "${workspace.name}": ${amendmentSummary(amendment)}.` }
    : {
        title: row.version > 1 ? 'New RFP version uploaded' : 'RFP uploaded',
        message: `${ctx.actor.name} uploaded ${what} in "${workspace.name}".`,
      };
  for (const { member } of await workspacesRepository.listMembers(tx, workspace.id)) {
    if (member.userId === ctx.actor.id) continue;
    await notificationsRepository.insertForUser(tx, member.userId, {
      ...content,
      type: 'workspace',
      link: `/workspace/${workspace.id}?tab=rfp`,
    });
  }
}

/** GET /workspaces/{id}/rfp/amendments (beyond SPEC): every amendment of the workspace's RFP, newest first. */
export async function listAmendments(ctx: AuthedCtx, workspaceId: string): Promise<RfpAmendment[]> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'content.view');
  return (await repository.listAmendments(ctx.db, workspace.id)).map((row) => presentAmendment(row, row.amendment));
}
