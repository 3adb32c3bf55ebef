import type { Config } from '../../config';
import { createSamGovClient, type SamGovClient } from './samgov-client';

/** The SAM.gov client the config asks for: none without SAM_API_KEY. */
export function samGovFromConfig(config: Pick<Config, 'SAM_API_KEY' | 'SAM_API_BASE_URL'>): SamGovClient | null {
  return config.SAM_API_KEY ? createSamGovClient({ apiKey: config.SAM_API_KEY, baseUrl: config.SAM_API_BASE_URL }) : null;
}
