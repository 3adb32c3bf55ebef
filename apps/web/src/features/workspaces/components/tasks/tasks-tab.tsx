import type { Workspace } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';
import { UpcomingPanel } from '../upcoming-panel';

/** Tasks tab (SPEC §2). */
export function TasksTab(_props: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  return <UpcomingPanel>The task board arrives in the next release.</UpcomingPanel>;
}
