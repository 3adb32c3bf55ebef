import type { SamSyncSettings } from '@biddesk/shared';
import type { Db } from '../../db/client';
import * as repository from './sam-sync.repository';

/** SAM.gov's public daily extract of active notices (API-FACTS §2); no key needed. */
export const DEFAULT_SAM_EXTRACT_URL =
  'https://sam.gov/api/prod/fileextractservices/v1/api/download/Contract%20Opportunities/datagov/ContractOpportunitiesFullCSV.csv?privacy=Public';

/** Off until an admin turns it on; SAM publishes the extract early morning US Eastern (~10:00 UTC). */
export const DEFAULT_SAM_SYNC: SamSyncSettings = { enabled: false, url: DEFAULT_SAM_EXTRACT_URL, hour: 10 };

/** The settings in force: what was saved, each missing or mistyped field at its default. */
export async function readSamSyncSettings(db: Db): Promise<SamSyncSettings> {
  const v = (await repository.findSettings(db)) ?? {};
  return {
    enabled: typeof v.enabled === 'boolean' ? v.enabled : DEFAULT_SAM_SYNC.enabled,
    url: typeof v.url === 'string' ? v.url : DEFAULT_SAM_SYNC.url,
    hour: typeof v.hour === 'number' ? v.hour : DEFAULT_SAM_SYNC.hour,
  };
}

/** Saves the settings an admin chose. */
export async function writeSamSyncSettings(db: Db, settings: SamSyncSettings): Promise<void> {
  await repository.saveSettings(db, settings);
}
