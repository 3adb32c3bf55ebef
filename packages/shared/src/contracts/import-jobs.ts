import { z } from 'zod';
import { safeText } from '../text';

/** Admin → Database: a CSV import running in the background (issue 16), polled for progress. */
export const ImportJobSchema = z.object({
  id: z.string(),
  /** uploading (the file is being stored), queued, running, done, failed. */
  status: z.enum(['uploading', 'queued', 'running', 'done', 'failed']),
  /** upload (a stored file), url (a download), stream (a synchronous upload, not stored). */
  source: z.enum(['upload', 'url', 'stream']),
  /** The file name, or the URL without its query string. */
  source_label: z.string(),
  /** What the file holds: SAM.gov opportunities, or USAspending contract awards (issue 27). */
  kind: z.enum(['opportunities', 'awards']),
  created_by: z.string().nullable(),
  rows_read: z.number(),
  imported: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  malformed: z.number(),
  /** The first malformed rows; `file` names the ZIP entry of an archive's row (line 0: the entry was skipped whole). */
  errors: z.array(z.object({ line: z.number(), reason: z.string(), file: z.string().optional() })),
  bytes_read: z.number(),
  /** Size of the uploaded file (for a percentage); null for a download. */
  total_bytes: z.number().nullable(),
  /** Why it failed, readable; null otherwise. */
  error: z.string().nullable(),
  /** Runs started; above 1 when a server process died and another took the import over. */
  attempts: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobListSchema = z.object({ jobs: z.array(ImportJobSchema) });
export type ImportJobList = z.infer<typeof ImportJobListSchema>;

export const ImportJobParamsSchema = z.object({ id: z.uuid('Invalid import job id') });

/** POST /admin/import-jobs: import from this URL (e.g. the daily sync's) in the background. */
export const StartUrlImportJobBodySchema = z.object({
  csv_url: safeText('CSV URL', 'Please enter a CSV URL').trim().min(1, 'Please enter a CSV URL').max(2000, 'CSV URL is too long'),
});
