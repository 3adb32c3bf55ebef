import type { ImportResult } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError, conflict, upstreamFailed } from '../../lib/errors';
import { openDownload } from '../../lib/safe-download';
import { recordActivity } from '../activity/activity.service';
import { importConcurrency, importOpportunitiesCsv } from './import/import-csv';
import * as repo from './opportunities.repository';

let importRunning = false;

/**
 * POST /admin/import-csv-sync: downloads a SAM.gov extract from a URL and imports it while the
 * admin waits (SPEC §9: "about 2-3 minutes"). One import at a time; the download is SSRF-guarded
 * and size- and time-limited. Rows written before a failure stay (each batch is atomic).
 */
export async function importFromUrl(ctx: AuthedCtx, csvUrl: string): Promise<ImportResult> {
  if (importRunning) throw conflict('An import is already running. Please wait for it to finish.');
  importRunning = true;
  const deadline = AbortSignal.timeout(ctx.config.IMPORT_TIMEOUT_MS);
  try {
    const source = await openDownload(csvUrl, {
      allowPrivate: ctx.config.IMPORT_ALLOW_PRIVATE_URLS,
      maxBytes: ctx.config.IMPORT_MAX_BYTES,
      timeoutMs: ctx.config.IMPORT_TIMEOUT_MS,
      signal: deadline,
    });
    const result = await importOpportunitiesCsv(ctx.db, source, { signal: deadline, concurrency: importConcurrency(ctx.dbKind) }).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      if (deadline.aborted) throw upstreamFailed('The CSV import took too long and was stopped; rows imported so far are kept.');
      throw upstreamFailed(`The CSV import failed: ${err instanceof Error ? err.message : String(err)}`);
    });
    ctx.log.info({ rows: result.rows, imported: result.imported, malformed: result.malformed, ms: result.duration_ms }, 'CSV import finished');
    await recordActivity(ctx.db, ctx.actor, {
      action: 'opportunities.imported',
      details: { url: withoutQuery(csvUrl), rows: result.rows, imported: result.imported, malformed: result.malformed },
    });
    return {
      imported: result.imported,
      inserted: result.inserted,
      updated: result.updated,
      rows: result.rows,
      malformed: result.malformed,
      errors: result.errors,
      duration_ms: result.duration_ms,
    };
  } finally {
    importRunning = false;
  }
}

// The activity log keeps where data came from, not tokens a URL's query string may carry.
function withoutQuery(raw: string): string {
  const url = new URL(raw);
  return url.origin + url.pathname;
}

/** DELETE /admin/clear-opportunities: removes every opportunity and what hangs on them. */
export async function clearOpportunities(ctx: AuthedCtx): Promise<{ deleted: number }> {
  const deleted = await repo.deleteAll(ctx.db);
  await recordActivity(ctx.db, ctx.actor, { action: 'opportunities.cleared', details: { deleted } });
  return { deleted };
}
