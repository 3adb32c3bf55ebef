import { and, gte, lt, sql } from 'drizzle-orm';
import { isInAppPath, savedSearchLink, type SavedSearchFilters, plural } from '@biddesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { opportunities } from '../../../db/schema/index';
import type { Mailer } from '../../../integrations/mail/mailer';
import { utcDay, utcHour, type JobDefinition } from '../../../lib/jobs/job-runner';
import { savedSearchWhere } from '../saved-search-matches';
import { mailAlerts, rowsOf, type AlertMail } from './alert-delivery';

export const NEW_MATCH_ALERTS_JOB = 'saved-search-alerts';
// Advisory lock (namespace, key) that serialises alert runs across processes.
const ALERT_LOCK_SPACE = 0x41e7;

export interface AlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

interface SearchRow {
  id: string;
  user_id: string;
  name: string;
  filters: SavedSearchFilters;
  alerted_through: string | Date;
  email: string;
  user_name: string;
  email_notifications: boolean | null;
}

/**
 * New notices matching saved searches become ONE bell notification per search per UTC day
 * (`saved-search:<id>:<day>`, unique). A search's `alerted_through` marks what it has been told
 * about; it moves only when a notification is written, so matches after the day's notification
 * wait for the next day's instead of being lost. Runs hourly and right after every import or SAM
 * search that stored new rows.
 *
 * Exactly once: the run holds a transaction-scoped advisory lock (two processes take turns, the
 * second sees the first's marks), the searches are locked FOR UPDATE, and the unique key makes a
 * repeat a no-op even without the lock. "New" is bounded above by a safe instant: no transaction
 * still running could commit a row stamped before it, so a slow import's rows are never skipped.
 */
export async function runNewMatchAlerts(deps: AlertDeps, now = new Date()): Promise<{ searches: number; notified: number; mailed: number }> {
  const day = utcDay(now);
  const mails: AlertMail[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_LOCK_SPACE}::int4, 1)`);
    const [safe] = rowsOf<{ through: string | Date }>(
      await tx.execute(sql`select least(clock_timestamp(), coalesce((
        select min(xact_start) from pg_stat_activity
        where pid <> pg_backend_pid() and xact_start is not null and datname = current_database()), clock_timestamp())) as through`),
    );
    const through = new Date(safe!.through);
    const searches = rowsOf<SearchRow>(
      await tx.execute(sql`
        select s.id, s.user_id, s.name, s.filters, s.alerted_through, u.email, u.name as user_name, p.email_notifications
        from saved_searches s
        join users u on u.id = s.user_id
        left join notification_preferences p on p.user_id = s.user_id
        where coalesce(p.new_opportunity_alerts, true) and s.alerted_through < ${through}
        order by s.id
        for update of s`),
    );
    let notified = 0;
    for (const search of searches) {
      const since = new Date(search.alerted_through);
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(opportunities)
        .where(and(savedSearchWhere(search.filters, now), gte(opportunities.createdAt, since), lt(opportunities.createdAt, through)));
      const n = counted?.n ?? 0;
      if (n === 0) {
        // Nothing new: the search is up to date until `through`.
        await tx.execute(sql`update saved_searches set alerted_through = ${through} where id = ${search.id}`);
        continue;
      }
      const link = savedSearchLink(search.filters);
      if (!isInAppPath(link)) continue;
      const title = `New matches for "${search.name}"`;
      const message = `${plural(n, 'new notice')} ${n === 1 ? 'matches' : 'match'} your saved search "${search.name}".`;
      const inserted = rowsOf<{ id: string }>(
        await tx.execute(sql`
          insert into notifications (user_id, title, message, type, link, dedupe_key)
          values (${search.user_id}, ${title}, ${message}, 'saved_search', ${link}, ${`saved-search:${search.id}:${day}`})
          on conflict (dedupe_key) do nothing
          returning id`),
      );
      if (!inserted.length) continue; // today's notification exists: these wait for tomorrow's
      notified++;
      await tx.execute(sql`update saved_searches set alerted_through = ${through} where id = ${search.id}`);
      if (search.email_notifications) mails.push({ to: search.email, name: search.user_name, title, message, link });
    }
    return { searches: searches.length, notified };
  });
  const mailed = await mailAlerts(deps.mailer, deps.publicUrl, mails, deps.log);
  return { ...outcome, mailed };
}

/** Hourly sweep (catches rows other processes stored); imports also trigger it at once. */
export function newMatchAlertsJob(deps: Omit<AlertDeps, 'log'>): JobDefinition {
  return {
    name: NEW_MATCH_ALERTS_JOB,
    periodAt: (_db, now) => utcHour(now),
    run: ({ log, now }) => runNewMatchAlerts({ ...deps, log }, now),
  };
}
