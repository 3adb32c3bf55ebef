import { PageHeader } from '../../components/ui/page-header';

/** Dashboard (SPEC §2); the search, stats and opportunity grid arrive with the opportunities work. */
export function DashboardRoute() {
  return <PageHeader title="Dashboard" description="Search federal solicitations and track the ones you are bidding on." />;
}
