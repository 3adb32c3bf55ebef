import type { ImportJob } from '@biddesk/shared';
import type { ImportJobRow } from '../../db/schema/index';

export function presentImportJob(row: ImportJobRow): ImportJob {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    source_label: row.sourceLabel,
    kind: row.kind,
    created_by: row.createdBy,
    rows_read: row.rowsRead,
    imported: row.imported,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    malformed: row.malformed,
    errors: row.errors,
    bytes_read: row.bytesRead,
    total_bytes: row.totalBytes,
    error: row.error,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
