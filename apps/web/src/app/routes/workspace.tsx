import { PageHeader } from '../../components/ui/page-header';

/** Workspace (SPEC §2). */
export function WorkspaceRoute() {
  return <PageHeader title="Workspace" />;
}
