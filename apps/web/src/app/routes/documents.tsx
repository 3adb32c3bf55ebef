import { PageHeader } from '../../components/ui/page-header';

/** Generated documents (SPEC §2), also served at /ai-workspace. */
export function DocumentsRoute() {
  return <PageHeader title="Generated Documents" description="Bid documents generated from your saved solicitations." />;
}
