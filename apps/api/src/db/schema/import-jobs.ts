import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One CSV import an admin started (Admin → Database, or SPEC's synchronous import call), with its
 * progress written every batch so any process can answer "how far is it".
 *
 * status: uploading (the file is being stored) -> queued -> running -> done | failed.
 * Exactly once across processes: a run starts only by the conditional UPDATE queued -> running
 * (or running with a stale heartbeat -> running, when the process running it died); the partial
 * unique index allows one unfinished import at a time, so a second start conflicts (409).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    status: text({ enum: ['uploading', 'queued', 'running', 'done', 'failed'] }).notNull(),
    /** What the file holds: SAM.gov opportunities, or USAspending contract awards (issue 27). */
    kind: text({ enum: ['opportunities', 'awards'] })
      .notNull()
      .default('opportunities'),
    /** upload (stored in import_job_files) or url; stream: a synchronous upload that was never stored. */
    source: text({ enum: ['upload', 'url', 'stream'] }).notNull(),
    /** The file name, or the URL without its query string (which may carry a token). */
    sourceLabel: text().notNull(),
    /** The full URL, kept only while the import may still need it (a retry), cleared when it ends. */
    sourceUrl: text(),
    /** Bytes of the stored upload, for a percentage; null for a download. */
    totalBytes: bigint({ mode: 'number' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    rowsRead: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    inserted: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    malformed: integer().notNull().default(0),
    bytesRead: bigint({ mode: 'number' }).notNull().default(0),
    /** The first malformed rows ({line, reason}), for the report. */
    errors: jsonb().$type<{ line: number; reason: string; file?: string }[]>().notNull().default([]),
    /** Why it failed, readable. */
    error: text(),
    /** Runs started: more than one means a process died and another took the import over. */
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('import_jobs_one_unfinished')
      .on(sql`(true)`)
      .where(sql`status in ('uploading', 'queued', 'running')`),
    index('import_jobs_created_at_idx').on(t.createdAt),
  ],
);
export type ImportJobRow = typeof importJobs.$inferSelect;

/**
 * An uploaded CSV, stored through the file store in parts (any store, local or S3, any size, never
 * held whole in memory), so whichever process runs or retries the import can read it. Removed with
 * their files when the import ends.
 */
export const importJobFiles = pgTable(
  'import_job_files',
  {
    jobId: uuid()
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    part: integer().notNull(),
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.part] }), index('import_job_files_storage_key_idx').on(t.storageKey)],
);
