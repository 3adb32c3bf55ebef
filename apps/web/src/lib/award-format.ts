const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Decimal text dollars ("1500000.25") as "$1,500,000"; "not stated" when the data has none. */
export const formatAmount = (text: string | null): string => (text === null ? 'not stated' : WHOLE.format(Number(text)));

/** A calendar date ("2026-12-01") as "Dec 1, 2026" in every time zone; "not stated" when missing. */
export const formatAwardDay = (iso: string | null): string => (iso ? DAY.format(new Date(`${iso}T00:00:00Z`)) : 'not stated');

/** When a record was fetched, in UTC, as the awards card says it. */
export const formatFetched = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })} UTC`;
