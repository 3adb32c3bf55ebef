import type { Db } from '../../db/client';
import type { RadarFilters } from '@biddesk/shared';
import { countNewRadarMatches } from './radar.repository';
import { radarCriteria, radarWindow } from './radar-window';

/**
 * Awards new to a saved radar search since its last alert (`since`): matching its criteria today
 * and either written (stored or changed) since then, or come into the window as the days passed —
 * their end date is past the window's far edge as it stood at `since`.
 */
export async function countNewRadarAlertMatches(
  db: Db,
  f: Pick<RadarFilters, 'from_months' | 'to_months' | 'naics' | 'psc' | 'agency' | 'signals_only'>,
  now: Date,
  since: Date,
  through: Date,
): Promise<number> {
  const previousTo = radarWindow(since, f.from_months, f.to_months).to;
  return countNewRadarMatches(db, radarCriteria(f, now), since, through, previousTo);
}
