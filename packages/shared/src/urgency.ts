import { URGENT_DAYS, WARNING_DAYS } from './limits';

/** Deadline urgency levels (SPEC §3, §4). */
export type UrgencyLevel = 'urgent' | 'warning' | 'good' | 'expired' | 'none';
export interface Urgency {
  level: UrgencyLevel;
  label: string;
  /** Whole days left, rounded up; null without a date. */
  days: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one deadline rule used by every badge (SPEC §4): days remaining rounded up;
 * below 0 expired, 0-7 urgent, 8-14 warning, above 14 good.
 * `urgentDays` lets a user's alert threshold (Settings) widen or narrow the red band.
 */
export function getUrgency(dueDate: string | Date | null | undefined, now: Date = new Date(), urgentDays: number = URGENT_DAYS): Urgency {
  if (!dueDate) return { level: 'none', label: 'No deadline', days: null };
  const due = dueDate instanceof Date ? dueDate : new Date(dueDate);
  if (Number.isNaN(due.getTime())) return { level: 'none', label: 'No deadline', days: null };
  const days = Math.ceil((due.getTime() - now.getTime()) / DAY_MS);
  if (days < 0) return { level: 'expired', label: 'Expired', days };
  const label = `${days}d left`;
  if (days <= urgentDays) return { level: 'urgent', label, days };
  if (days <= Math.max(WARNING_DAYS, urgentDays)) return { level: 'warning', label, days };
  return { level: 'good', label, days };
}

/** Whole days from `now` until `dueDate`, rounded up; null without a date. */
export function daysUntil(dueDate: string | Date | null | undefined, now: Date = new Date()): number | null {
  return getUrgency(dueDate, now).days;
}
