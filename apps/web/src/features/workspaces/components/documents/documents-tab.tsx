import type { Workspace } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';
import { UpcomingPanel } from '../upcoming-panel';

/** Documents tab (SPEC §2). */
export function DocumentsTab(_props: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  return <UpcomingPanel>Shared documents with check-out and check-in arrive in the next release.</UpcomingPanel>;
}
