import type { DocumentVersion, WorkspaceDocument } from '@biddesk/shared';
import type { DocumentVersionRow } from '../../db/schema/index';
import type { DocumentView } from './workspace-documents.repository';

/** True when a check-out is older than LOCK_STALE_HOURS (WORKSPACES.md §1): the owner may release it. */
export function isLockStale(checkedOutAt: Date | null, staleHours: number, now = Date.now()): boolean {
  return checkedOutAt !== null && now - checkedOutAt.getTime() >= staleHours * 3_600_000;
}

export function presentDocument(view: DocumentView, staleHours: number): WorkspaceDocument {
  const d = view.document;
  return {
    id: d.id,
    name: d.name,
    version: d.currentVersion,
    checked_out_by: d.checkedOutBy,
    checked_out_by_name: d.checkedOutBy ? view.holderName : null,
    checked_out_at: d.checkedOutAt ? d.checkedOutAt.toISOString() : null,
    lock_stale: isLockStale(d.checkedOutAt, staleHours),
    uploader_name: view.uploaderName,
    file_size: view.fileSize,
    updated_at: d.updatedAt.toISOString(),
  };
}

export function presentVersion(row: DocumentVersionRow): DocumentVersion {
  return {
    version: row.version,
    file_name: row.fileName,
    size: Number(row.sizeBytes),
    uploader_name: row.uploaderName,
    created_at: row.createdAt.toISOString(),
    note: row.note,
  };
}
