import { isInAppPath, radarLink, savedSearchLink, plural } from '@biddesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Mailer } from '../../../integrations/mail/mailer';
import { utcDay, utcHour, type JobDefinition } from '../../../lib/jobs/job-runner';
import { mailAlerts, type AlertMail } from './alert-delivery';
import * as alerts from './alerts.repository';
import { countNewRadarAlertMatches } from '../../radar/radar-alerts';
import { storedRadarFilters } from '../../radar/radar-searches.service';

export const NEW_MATCH_ALERTS_JOB = 'saved-search-alerts';

export interface AlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/**
 * New notices matching saved searches (for a radar search: awards new to its window and criteria,
 * radar-alerts.ts) become ONE bell notification per search per UTC day
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
export async function runNewMatchAlerts(
  deps: AlertDeps,
  now = new Date(),
): Promise<{ searches: number; notified: number; mailed: number }> {
  const day = utcDay(now);
  const mails: AlertMail[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    await alerts.lockAlertRun(tx, alerts.ALERT_LOCKS.newMatches);
    const through = await alerts.safeInstant(tx);
    const searches = await alerts.lockSearchesBehind(tx, through);
    let notified = 0;
    for (const search of searches) {
      const since = new Date(search.alerted_through);
      const radar = search.kind === 'radar' ? storedRadarFilters(search) : null;
      const n = radar
        ? await countNewRadarAlertMatches(tx, radar, now, since, through)
        : await alerts.countNewMatches(tx, search.filters, now, since, through);
      if (n === 0) {
        // Nothing new: the search is up to date until `through`.
        await alerts.markAlertedThrough(tx, search.id, through);
        continue;
      }
      const link = radar ? radarLink(radar) : savedSearchLink(search.filters);
      if (!isInAppPath(link)) continue;
      const title = `New matches for "${search.name}"`;
      const message = radar
        ? `${plural(n, 'award')} ending in your radar window ${n === 1 ? 'is' : 'are'} new to your radar search "${search.name}".`
        : `${plural(n, 'new notice')} ${n === 1 ? 'matches' : 'match'} your saved search "${search.name}".`;
      const dedupeKey = `saved-search:${search.id}:${day}`;
      const inserted = await alerts.insertAlertOnce(tx, { userId: search.user_id, title, message, type: 'saved_search', link, dedupeKey });
      if (!inserted) continue; // today's notification exists: these wait for tomorrow's
      notified++;
      await alerts.markAlertedThrough(tx, search.id, through);
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
