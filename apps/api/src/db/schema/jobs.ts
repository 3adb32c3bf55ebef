import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job and period (e.g. 'sam-sync' / '2026-11-23'). The primary key
 * makes a period's run exactly once across API processes: claiming is one INSERT ... ON CONFLICT
 * that only a failed or stale run can take over (lib/jobs/job-runner.ts).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    period: text().notNull(),
    /** running | done | failed */
    status: text().notNull(),
    attempts: integer().notNull().default(1),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Refreshed while a long run works, so a crashed process's claim can be taken over. */
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    result: jsonb().$type<Record<string, unknown>>(),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);
export type JobRunRow = typeof jobRuns.$inferSelect;

/** Server-side settings an admin edits (e.g. 'sam_sync': the daily extract URL and hour). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
