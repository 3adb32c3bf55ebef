import type { Workspace } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';
import { UpcomingPanel } from '../upcoming-panel';

/** RFP Analysis tab (SPEC §2). */
export function RfpTab(_props: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  return <UpcomingPanel>RFP analysis (requirements and draft scoring) arrives in the next release.</UpcomingPanel>;
}
