import { URGENT_DAYS } from '@biddesk/shared';

/**
 * Display preferences kept in localStorage. The Settings screen (admin/settings issue) edits them;
 * until then the defaults apply. Read through these helpers so every screen agrees.
 */
const KEY = 'biddesk.settings';

export interface Preferences {
  /** Deadline alert threshold in days: the red band of the deadline badge. */
  alertThresholdDays: number;
  /** Dashboard page size. */
  itemsPerPage: number;
}

const DEFAULTS: Preferences = { alertThresholdDays: URGENT_DAYS, itemsPerPage: 20 };

export function readPreferences(): Preferences {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<Preferences>) } : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

export const useAlertThresholdDays = () => readPreferences().alertThresholdDays;
