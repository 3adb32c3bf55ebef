import { and, gte, lt, sql } from 'drizzle-orm';
import type { SavedSearchFilters } from '@biddesk/shared';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows-of';
import { opportunities } from '../../../db/schema/index';
import { savedSearchWhere } from '../saved-search-matches.repository';

// Advisory lock namespace that serialises alert runs across processes; the key names the job.
const ALERT_LOCK_SPACE = 0x41e7;
/** The lock keys of the two alert jobs within ALERT_LOCK_SPACE. */
export const ALERT_LOCKS = { newMatches: 1, deadlines: 2 } as const;

/** Holds the alert job's transaction-scoped advisory lock: two processes take turns. */
export async function lockAlertRun(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALERT_LOCK_SPACE}::int4, ${key}::int4)`);
}

/** A saved opportunity whose response date falls in the alert window, with its owner's mail settings. */
export interface DueRow {
  user_id: string;
  opportunity_id: string;
  title: string;
  solicitation_number: string | null;
  response_deadline: string | Date;
  email: string;
  user_name: string;
  email_notifications: boolean | null;
}

/** Saved opportunities due in (now, until], for users who keep Deadline reminders on. */
export async function listDueDeadlines(tx: Db, now: Date, until: Date): Promise<DueRow[]> {
  return rowsOf<DueRow>(
    await tx.execute(sql`
      select so.user_id, o.id as opportunity_id, o.title, o.solicitation_number, o.response_deadline,
             u.email, u.name as user_name, p.email_notifications
      from saved_opportunities so
      join opportunities o on o.id = so.opportunity_id
      join users u on u.id = so.user_id
      left join notification_preferences p on p.user_id = so.user_id
      where coalesce(p.deadline_reminders, true)
        and o.response_deadline > ${now} and o.response_deadline <= ${until}
      order by so.user_id, o.id`),
  );
}

/** One alert notification; false when its `dedupeKey` was already written (nothing inserted). */
export async function insertAlertOnce(
  tx: Db,
  alert: { userId: string; title: string; message: string; type: 'deadline' | 'saved_search'; link: string; dedupeKey: string },
): Promise<boolean> {
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into notifications (user_id, title, message, type, link, dedupe_key)
      values (${alert.userId}, ${alert.title}, ${alert.message}, ${alert.type}, ${alert.link}, ${alert.dedupeKey})
      on conflict (dedupe_key) do nothing
      returning id`),
  );
  return inserted.length > 0;
}

/**
 * The safe instant: no transaction still running could commit a row stamped before it, so a slow
 * import's rows are never skipped by a run that marks searches alerted through it.
 */
export async function safeInstant(tx: Db): Promise<Date> {
  const [safe] = rowsOf<{ through: string | Date }>(
    await tx.execute(sql`select least(clock_timestamp(), coalesce((
      select min(xact_start) from pg_stat_activity
      where pid <> pg_backend_pid() and xact_start is not null and datname = current_database()), clock_timestamp())) as through`),
  );
  return new Date(safe!.through);
}

/** A saved search not yet alerted through the safe instant, with its owner's mail settings. */
export interface SearchRow {
  id: string;
  user_id: string;
  name: string;
  /** 'radar' searches hold radar filters (radar-searches.service.ts) in `filters`. */
  kind: 'opportunities' | 'radar';
  filters: SavedSearchFilters;
  alerted_through: string | Date;
  email: string;
  user_name: string;
  email_notifications: boolean | null;
}

/** Searches to alert on (owners with New opportunity alerts on), locked FOR UPDATE for this run. */
export async function lockSearchesBehind(tx: Db, through: Date): Promise<SearchRow[]> {
  return rowsOf<SearchRow>(
    await tx.execute(sql`
      select s.id, s.user_id, s.name, s.kind, s.filters, s.alerted_through, u.email, u.name as user_name, p.email_notifications
      from saved_searches s
      join users u on u.id = s.user_id
      left join notification_preferences p on p.user_id = s.user_id
      where coalesce(p.new_opportunity_alerts, true) and s.alerted_through < ${through}
      order by s.id
      for update of s`),
  );
}

/** How many notices matching `filters` were stored in [since, through). */
export async function countNewMatches(tx: Db, filters: SavedSearchFilters, now: Date, since: Date, through: Date): Promise<number> {
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(opportunities)
    .where(and(savedSearchWhere(filters, now), gte(opportunities.createdAt, since), lt(opportunities.createdAt, through)));
  return counted?.n ?? 0;
}

/** Marks a search as told about everything stored before `through`. */
export async function markAlertedThrough(tx: Db, searchId: string, through: Date): Promise<void> {
  await tx.execute(sql`update saved_searches set alerted_through = ${through} where id = ${searchId}`);
}
