import type { CreateRfpTasksBody, CreateRfpTasksResponse } from '@biddesk/shared';
import { plural } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { recordActivity } from '../activity/activity.service';
import * as notificationsRepository from '../notifications/notifications.repository';
import { presentTask } from '../tasks/tasks.presenter';
import * as tasksRepository from '../tasks/tasks.repository';
import { ASSIGNEE_NOT_MEMBER } from '../tasks/tasks.service';
import { requireAbility } from '../workspaces/workspace-access';
import * as workspacesRepository from '../workspaces/workspaces.repository';
import { perRequirement, perSection } from './rfp-groups';
import { applyCorrections } from './rfp-corrections';
import * as correctionsRepository from './rfp-corrections.repository';
import * as repository from './rfp.repository';
import { NO_RFP } from './rfp.service';

const listIds = (ids: string[]) => `${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`;

type Body = Required<Pick<CreateRfpTasksBody, 'requirement_ids'>> & CreateRfpTasksBody;

/**
 * POST /workspaces/{id}/rfp/tasks (beyond SPEC): board tasks from requirements of the latest RFP,
 * one per requirement or one per section group, each carrying its requirement ids. Creating them is
 * creating tasks, so it needs `task.create`. Requirements some task already carries are skipped and
 * reported, never duplicated: the workspace row is locked first so two concurrent calls take turns
 * and the second sees the first's tasks. Everything happens in one transaction.
 */
export async function createTasksFromRequirements(ctx: AuthedCtx, workspaceId: string, body: Body): Promise<CreateRfpTasksResponse> {
  const { workspace } = await requireAbility(ctx, workspaceId, 'task.create');
  const solicitation = await repository.findLatestSolicitation(ctx.db, workspace.id);
  if (!solicitation) throw notFound(NO_RFP);
  const known = new Set(solicitation.requirements.map((r) => r.requirement_id));
  const unknown = body.requirement_ids.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown requirement ids in the latest RFP: ${listIds(unknown)}`);
  // The team's corrections (issue 23): tasks are planned on corrected sections, never on a row marked not a requirement.
  const corrected = applyCorrections(solicitation.requirements, await correctionsRepository.listForSolicitation(ctx.db, solicitation.id));
  const excluded = corrected
    .filter((c) => c.excluded && body.requirement_ids.includes(c.requirement.requirement_id))
    .map((c) => c.requirement.requirement_id);
  if (excluded.length) throw badRequest(`Marked not a requirement, so no task is made for: ${listIds(excluded)}`);
  const working = corrected.filter((c) => !c.excluded).map((c) => c.requirement);
  const assigneeId = body.assignee_user_id ?? null;
  if (assigneeId && !isUuid(assigneeId)) throw badRequest(ASSIGNEE_NOT_MEMBER);

  const result = await ctx.db.transaction(async (tx) => {
    await workspacesRepository.findByIdForUpdate(tx, workspace.id);
    if (assigneeId && !(await workspacesRepository.findMember(tx, workspace.id, assigneeId))) throw badRequest(ASSIGNEE_NOT_MEMBER);
    const tied = new Set((await tasksRepository.listByWorkspace(tx, workspace.id)).flatMap((v) => v.task.requirementIds));
    const wanted = new Set(body.requirement_ids);
    const skipped = working.filter((r) => wanted.has(r.requirement_id) && tied.has(r.requirement_id)).map((r) => r.requirement_id);
    const selected = working.filter((r) => wanted.has(r.requirement_id) && !tied.has(r.requirement_id));
    const planned = body.grouping === 'section' ? perSection(working, selected) : perRequirement(selected);
    const rows = await tasksRepository.insertMany(
      tx,
      planned.map((p) => ({
        workspaceId: workspace.id,
        title: p.title,
        description: p.description,
        assigneeUserId: assigneeId,
        requirementIds: p.requirementIds,
        createdBy: ctx.actor.id,
      })),
    );
    for (const task of rows) {
      await recordActivity(tx, ctx.actor, {
        action: 'task.created',
        workspaceId: workspace.id,
        targetType: 'task',
        targetId: task.id,
        details: { title: task.title },
      });
    }
    if (rows.length && assigneeId && assigneeId !== ctx.actor.id) {
      await notificationsRepository.insertForUser(tx, assigneeId, {
        title: 'Tasks assigned to you',
        message: `${ctx.actor.name} assigned you ${plural(rows.length, 'task')} from the RFP requirements in "${workspace.name}".`,
        type: 'workspace',
        link: `/workspace/${workspace.id}?tab=tasks`,
      });
    }
    const made = new Set(rows.map((r) => r.id));
    const views = (await tasksRepository.listByWorkspace(tx, workspace.id)).filter((v) => made.has(v.task.id));
    // In the order they were planned (requirement order), not the board's.
    views.sort((a, b) => rows.findIndex((r) => r.id === a.task.id) - rows.findIndex((r) => r.id === b.task.id));
    return { tasks: views.map(presentTask), skipped };
  });
  return { tasks: result.tasks, created: result.tasks.length, skipped: result.skipped };
}
