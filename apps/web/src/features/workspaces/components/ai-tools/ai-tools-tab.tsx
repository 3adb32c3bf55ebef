import type { Workspace } from '@biddesk/shared';
import type { WorkspaceAbilityCheck } from '../../hooks/use-workspace-ability';
import { UpcomingPanel } from '../upcoming-panel';

/** AI Tools tab (SPEC §2). */
export function AiToolsTab(_props: { workspace: Workspace; can: WorkspaceAbilityCheck }) {
  return <UpcomingPanel>Workspace AI document generation arrives in the next release.</UpcomingPanel>;
}
