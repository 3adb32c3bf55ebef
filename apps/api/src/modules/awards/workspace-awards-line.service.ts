import type { WorkspaceAwardsLine } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { assertInternal } from '../../lib/guest-access';
import { requireAbility } from '../workspaces/workspace-access';
import { getOpportunityAwards } from './incumbents.service';

/**
 * GET /workspaces/{id}/awards-line: the workspace header's "Incumbent: …" line, from the top
 * candidate of the opportunity's awards (imported data; no outside lookup from a header). Award
 * data is the company's intelligence: guests — teaming partners in the workspace — are refused
 * here as well as by the auth plugin, and a member must be able to view the workspace.
 */
export async function getWorkspaceAwardsLine(ctx: AuthedCtx, workspaceId: string): Promise<WorkspaceAwardsLine> {
  assertInternal(ctx);
  const { workspace } = await requireAbility(ctx, workspaceId, 'workspace.view');
  // A workspace whose notice was cleared from the opportunity data has no awards to show.
  if (!workspace.opportunityId) return { opportunity_id: null, incumbent: null };
  const top = (await getOpportunityAwards(ctx, workspace.opportunityId)).candidates[0];
  return {
    opportunity_id: workspace.opportunityId,
    incumbent: top
      ? {
          piid: top.piid,
          recipient_name: top.recipient_name,
          recipient_uei: top.recipient_uei,
          current_end_date: top.current_end_date,
          obligated_amount: top.obligated_amount,
          ceiling_amount: top.ceiling_amount,
          rule: top.rule,
          rule_label: top.rule_label,
        }
      : null,
  };
}
