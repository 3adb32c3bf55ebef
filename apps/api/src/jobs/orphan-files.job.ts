import type { AppDeps } from '../lib/ctx';
import { utcDay, type JobDefinition } from '../lib/jobs/job-runner';
import { referencedKeys } from '../lib/stored-files';

export const ORPHAN_FILES_JOB = 'orphan-files-cleanup';

/** Files put within this long are spared: an upload in flight stores its file before its row. */
export const ORPHAN_MIN_AGE_MS = 60 * 60_000;
const BATCH = 500;

/**
 * Deletes stored files no row refers to (a crash between storing a file and writing its row, a
 * deletion whose cleanup failed). Daily, once across processes. Only files older than an hour: a
 * file is stored before the row that keeps it is written, and storing the same bytes again refreshes
 * its time (lib/file-store.ts), so an upload in flight never loses its file.
 */
export async function removeOrphanFiles(
  deps: Pick<AppDeps, 'db' | 'files'>,
  now = new Date(),
): Promise<{ checked: number; removed: number; skipped?: string }> {
  const list = deps.files.listOlderThan?.bind(deps.files);
  if (!list) return { checked: 0, removed: 0, skipped: 'the file store cannot list its files' };
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await referencedKeys(deps.db, batch);
    const orphans = batch.filter((k) => !kept.has(k));
    await Promise.all(orphans.map((k) => deps.files.remove(k)));
    removed += orphans.length;
    batch = [];
  };
  for await (const key of list(new Date(now.getTime() - ORPHAN_MIN_AGE_MS))) {
    checked++;
    batch.push(key);
    if (batch.length >= BATCH) await sweep();
  }
  if (batch.length) await sweep();
  return { checked, removed };
}

export function orphanFilesJob(deps: Pick<AppDeps, 'db' | 'files'>): JobDefinition {
  return {
    name: ORPHAN_FILES_JOB,
    periodAt: (_db, now) => utcDay(now),
    // File times are the real clock's, whatever the tick's `now` (tests tick other days).
    run: () => removeOrphanFiles(deps),
  };
}
