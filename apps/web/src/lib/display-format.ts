// One formatter per shape: Intl builds are costly and the board renders hundreds of amounts.
const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const COMPACT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "$1,250,000" (whole dollars), or "—" when unknown: never "$0" for a value nobody entered. */
export const formatMoney = (value: number | null): string => (value === null ? '—' : WHOLE.format(value));

/** "$1.3M" for the column totals, with the exact amount in `title`. */
export const formatMoneyCompact = (value: number): string => COMPACT.format(value);

/** "40%" or "—". */
export const formatPercent = (value: number | null): string => (value === null ? '—' : `${value}%`);

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A calendar date ("2026-12-01") as "Dec 1, 2026", the same day in every time zone. */
export const formatDay = (isoDate: string): string => DAY.format(new Date(`${isoDate}T00:00:00Z`));
