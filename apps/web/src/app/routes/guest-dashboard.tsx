import { PageHeader } from '../../components/ui/page-header';
import { PendingInvitationsCard } from '../../features/invites/components/pending-invitations-card';
import { MyWorkspacesCard } from '../../features/workspaces/components/my-workspaces-card';

/**
 * A guest's dashboard at / (issue 26): a teaming partner sees their invitations and workspaces,
 * never the opportunity data (the server refuses those calls to guests too).
 */
export function GuestDashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" description="The workspaces you were invited to." />
      <PendingInvitationsCard />
      <MyWorkspacesCard guest />
    </>
  );
}
