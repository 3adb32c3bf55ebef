import {
  plural,
  TASK_STATUS_LABELS,
  WORKSPACE_DOCUMENT_LABELS,
  type Member,
  type Workspace,
  type WorkspaceActivityItem,
} from '@biddesk/shared';
import type { ActivityRow, WorkspaceMemberRow } from '../../db/schema/index';
import type { WorkspaceView } from './workspaces.repository';
import { deadlineInstant } from '../documents/opportunity-facts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Wire shape of a workspace for one member (SPEC §3 plus the NDA flags). */
export function presentWorkspace(view: WorkspaceView, ndaRequired: boolean): Workspace {
  const { workspace, member } = view;
  return {
    id: workspace.id,
    name: workspace.name,
    user_role: member.role,
    member_count: view.memberCount,
    archived: workspace.archivedAt !== null,
    archived_at: iso(workspace.archivedAt),
    created_at: workspace.createdAt.toISOString(),
    owner_name: view.ownerName,
    require_nda: workspace.requireNda,
    nda_required: ndaRequired,
    opportunity: presentOpportunity(view),
    // What is in the workspace is behind the NDA too: a pending member does not learn how much (issue 21 item 24).
    document_count: ndaRequired ? null : view.documentCount,
    open_task_count: ndaRequired ? null : view.openTaskCount,
  };
}

/** The live opportunity, or the facts the workspace kept of its notice once the opportunity data was cleared. */
function presentOpportunity({ opportunity, workspace }: WorkspaceView): Workspace['opportunity'] {
  if (opportunity) {
    return {
      id: opportunity.id,
      linked: true,
      title: opportunity.title,
      agency: opportunity.department,
      solicitation_number: opportunity.solicitationNumber,
      response_date: iso(opportunity.responseDeadline),
    };
  }
  const kept = workspace.opportunitySnapshot;
  if (!kept) return null;
  return {
    id: null,
    linked: false,
    title: kept.title,
    agency: kept.agency,
    solicitation_number: kept.solicitation_number,
    response_date: deadlineInstant(kept.response_date),
  };
}

/** Wire shape of a member (SPEC §3). */
export function presentMember(row: { member: WorkspaceMemberRow; name: string; email: string }): Member {
  return {
    user_id: row.member.userId,
    user_name: row.name,
    user_email: row.email,
    role: row.member.role,
    status: row.member.status,
    created_at: row.member.createdAt.toISOString(),
    nda_accepted_at: iso(row.member.ndaAcceptedAt),
  };
}

const ROLE_NAMES: Record<string, string> = { OWNER: 'Owner', CONTRIBUTOR: 'Contributor', REVIEWER: 'Reviewer', VIEWER: 'Viewer' };
const roleName = (role: unknown) => ROLE_NAMES[String(role)] ?? String(role);
// Issue 21: Activity said "from TODO to IN_PROGRESS"; the column names are what people know.
const statusName = (status: unknown) => TASK_STATUS_LABELS[String(status) as keyof typeof TASK_STATUS_LABELS] ?? String(status);

const DROP_REASONS: Record<string, string> = {
  reworded: 'reworded, judge it again',
  removed: 'removed',
  'engine agrees': 'the engine now reads it that way',
};

/** "Version 2 kept 2 corrections of version 1; dropped L-2 (reworded, judge it again), C-2 (removed)". */
function correctionsCarried(d: Record<string, unknown>): string {
  const dropped = Array.isArray(d.dropped) ? (d.dropped as { requirement_id: string; reason: string }[]) : [];
  const kept = `Version ${String(d.version)} kept ${plural(Number(d.carried), 'correction')} of version ${String(d.previous_version)}`;
  if (!dropped.length) return kept;
  return `${kept}; dropped ${dropped.map((x) => `${x.requirement_id} (${DROP_REASONS[x.reason] ?? x.reason})`).join(', ')}`;
}

/** One sentence per recorded workspace action, for the Activity tab. */
export function summarizeActivity(row: ActivityRow): string {
  const who = row.actorName ?? 'A former member';
  const d = row.details as Record<string, unknown>;
  switch (row.action) {
    case 'workspace.created':
      return `${who} created the workspace`;
    case 'workspace.archived':
      return `${who} archived the workspace`;
    case 'workspace.restored':
      return `${who} restored the workspace`;
    case 'workspace.settings_changed':
      return `${who} turned the NDA requirement ${d.require_nda ? 'on' : 'off'}`;
    case 'workspace.ownership_transferred':
      return `Ownership passed to ${String(d.new_owner_name)} when ${String(d.former_owner_name)}'s account was deleted`;
    case 'invite.sent':
      return `${who} invited ${String(d.email)} as ${roleName(d.role)}`;
    case 'invite.revoked':
      return `${who} revoked the invitation for ${String(d.email)}`;
    case 'invite.declined':
      return `${String(d.email)} declined the invitation`;
    case 'member.joined':
      return `${who} joined as ${roleName(d.role)}`;
    case 'member.left':
      return `${who} left the workspace`;
    case 'member.removed':
      return `${who} removed ${String(d.name)} from the workspace`;
    case 'nda.accepted':
      return `${who} accepted the NDA (version ${String(d.version)})`;
    case 'document.uploaded':
      return `${who} uploaded ${String(d.name)}`;
    case 'document.checked_out':
      return `${who} checked out ${String(d.name)}`;
    case 'document.checked_in':
      return d.version
        ? `${who} checked in ${String(d.name)} as version ${String(d.version)}`
        : `${who} checked in ${String(d.name)} without changes`;
    case 'document.force_released':
      return `${who} released ${String(d.holder_name)}'s check-out of ${String(d.name)}: ${String(d.reason)}`;
    case 'document.deleted':
      return `${who} deleted ${String(d.name)}`;
    case 'task.created':
      return `${who} created the task "${String(d.title)}"`;
    case 'task.moved':
      return `${who} moved "${String(d.title)}" from ${statusName(d.from)} to ${statusName(d.to)}`;
    case 'task.deleted':
      return `${who} deleted the task "${String(d.title)}"`;
    case 'message.file_shared':
      return `${who} shared ${String(d.file_name)} in the chat`;
    case 'message.deleted':
      return `${who} deleted a chat message by ${String(d.author_name)}`;
    case 'document.generated':
      return `${who} generated the ${WORKSPACE_DOCUMENT_LABELS[d.document_type as keyof typeof WORKSPACE_DOCUMENT_LABELS] ?? String(d.document_type)}`;
    case 'rfp.uploaded':
      return `${who} uploaded the RFP ${String(d.file_name)} (version ${String(d.version)}, ${plural(Number(d.requirements), 'requirement')})`;
    case 'rfp.amendment_diffed':
      return `Version ${String(d.version)} of the RFP amends version ${String(d.previous_version)}: ${String(d.added)} added, ${String(d.changed)} changed, ${String(d.removed)} removed — ${plural(Number(d.tasks_affected), 'task')} affected`;
    case 'task.requirement_changes_dismissed':
      return `${who} confirmed "${String(d.title)}" after the RFP amendment`;
    case 'rfp.requirement_corrected':
      return d.not_a_requirement
        ? `${who} marked ${String(d.requirement_id)} not a requirement${d.note ? `: ${String(d.note)}` : ''}`
        : `${who} corrected ${String(d.requirement_id)}: ${String(d.change)}${d.note ? ` (${String(d.note)})` : ''}`;
    case 'rfp.requirement_correction_undone':
      return `${who} undid the correction of ${String(d.requirement_id)}: back to the engine's section ${d.section === 'other' ? 'other' : String(d.section)}, ${String(d.must_or_should)}`;
    case 'rfp.corrections_carried':
      return correctionsCarried(d);
    case 'rfp.draft_analyzed':
      return `${who} analysed the draft ${String(d.file_name)} (coverage ${String(d.coverage)}%)`;
    default:
      return `${who}: ${row.action}`;
  }
}

/** Wire shape of one activity line. */
export function presentActivity(row: ActivityRow): WorkspaceActivityItem {
  return {
    id: row.id,
    action: row.action,
    actor_name: row.actorName,
    summary: summarizeActivity(row),
    created_at: row.createdAt.toISOString(),
  };
}
