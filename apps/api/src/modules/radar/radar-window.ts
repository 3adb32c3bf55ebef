import type { RadarFilters } from '@biddesk/shared';
import type { RadarCriteria } from './radar.repository';

/** `YYYY-MM-DD` of the UTC day `months` after `today`, the day clamped to the month's end (Jan 31 + 1 = Feb 28/29). */
export function addMonthsUtc(today: Date, months: number): string {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, m, Math.min(today.getUTCDate(), last)));
  return d.toISOString().slice(0, 10);
}

/** The radar's window as inclusive UTC dates: today + from months to today + to months. */
export function radarWindow(now: Date, fromMonths: number, toMonths: number): { from: string; to: string } {
  return { from: addMonthsUtc(now, fromMonths), to: addMonthsUtc(now, toMonths) };
}

/** The criteria of a query or a saved radar search, with the window as dates from `now`. */
export function radarCriteria(
  f: Pick<RadarFilters, 'from_months' | 'to_months' | 'naics' | 'psc' | 'agency' | 'signals_only'>,
  now: Date,
): RadarCriteria {
  const window = radarWindow(now, f.from_months, f.to_months);
  return { from: window.from, to: window.to, naics: f.naics, psc: f.psc, agency: f.agency, signalsOnly: f.signals_only };
}
