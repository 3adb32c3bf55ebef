import { PageHeader } from '../../components/ui/page-header';

/** Settings (SPEC §2). */
export function SettingsRoute() {
  return <PageHeader title="Settings" />;
}
