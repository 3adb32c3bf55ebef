import type { SamSyncSettings, SamSyncStatus } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import * as jobRuns from '../../lib/jobs/job-runs.repository';
import { parseDownloadUrl } from '../../lib/safe-download';
import { recordActivity } from '../activity/activity.service';
import { SAM_SYNC_JOB } from './sam-sync.job';
import { readSamSyncSettings, writeSamSyncSettings } from './sam-sync.settings';

/** GET /admin/sam-sync: the settings and the latest run. */
export async function getSamSync(ctx: AuthedCtx): Promise<SamSyncStatus> {
  const settings = await readSamSyncSettings(ctx.db);
  const run = await jobRuns.findLatest(ctx.db, SAM_SYNC_JOB);
  return {
    ...settings,
    last_run: run
      ? {
          period: run.period,
          status: run.status,
          started_at: run.startedAt.toISOString(),
          finished_at: run.finishedAt?.toISOString() ?? null,
          error: run.error,
          result: run.result ?? null,
        }
      : null,
  };
}

/**
 * PUT /admin/sam-sync: the URL is vetted like the URL import's (http/https, no credentials, no
 * private address unless IMPORT_ALLOW_PRIVATE_URLS), so a bad one is refused now, not at 3 a.m.
 */
export async function updateSamSync(ctx: AuthedCtx, body: SamSyncSettings): Promise<SamSyncStatus> {
  if (body.url) parseDownloadUrl(body.url, ctx.config.IMPORT_ALLOW_PRIVATE_URLS);
  await writeSamSyncSettings(ctx.db, body);
  const url = body.url ? new URL(body.url) : null;
  await recordActivity(ctx.db, ctx.actor, {
    action: 'admin.sam_sync_changed',
    details: { enabled: body.enabled, hour: body.hour, url: url ? url.origin + url.pathname : '' },
  });
  return getSamSync(ctx);
}
