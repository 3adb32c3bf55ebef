import { RECENT_REGISTRATION_DAYS, type ActivityItem, type AdminStats } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import * as statsRepository from './admin-stats.repository';
import { presentActivity } from './admin-stats.presenter';

const DAY_MS = 86_400_000;
const MOST_ACTIVE_LIMIT = 5;
const REGISTRATION_CHART_DAYS = 30;

/** Midnight UTC of the day `days - 1` days before `now`'s day (so the window holds `days` days). */
function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/** GET /admin/stats (SPEC §3 admin stats, plus sign-ups per day for the Analytics chart). */
export async function adminStats(ctx: AuthedCtx, now = new Date()): Promise<AdminStats> {
  const chartStart = windowStart(now, REGISTRATION_CHART_DAYS);
  const [userCounts, opportunityCounts, byType, mostActive, perDay] = await Promise.all([
    statsRepository.userCounts(ctx.db, new Date(now.getTime() - RECENT_REGISTRATION_DAYS * DAY_MS)),
    statsRepository.opportunityCounts(ctx.db),
    statsRepository.documentsByType(ctx.db),
    statsRepository.mostActiveUsers(ctx.db, MOST_ACTIVE_LIMIT),
    statsRepository.registrationsByDay(ctx.db, chartStart),
  ]);
  const registrations_by_day = Array.from({ length: REGISTRATION_CHART_DAYS }, (_, i) => {
    const date = new Date(chartStart.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: perDay.get(date) ?? 0 };
  });
  return {
    users: {
      total: userCounts.total,
      admins: userCounts.admins,
      regular_users: userCounts.total - userCounts.admins,
      recent_registrations: userCounts.recent,
    },
    opportunities: { total: opportunityCounts.total, unique_agencies: opportunityCounts.agencies },
    documents: {
      total: byType.reduce((sum, t) => sum + t.n, 0),
      by_type: Object.fromEntries(byType.map((t) => [t.type, t.n])),
    },
    most_active_users: mostActive.map((u) => ({ name: u.name, email: u.email, document_count: u.n })),
    registrations_by_day,
  };
}

/** GET /admin/activity?limit= : newest first. */
export async function recentActivity(ctx: AuthedCtx, limit: number): Promise<ActivityItem[]> {
  const rows = await statsRepository.recentActivity(ctx.db, limit);
  return rows.map(presentActivity);
}
