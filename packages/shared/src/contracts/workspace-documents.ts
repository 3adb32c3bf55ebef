import { z } from 'zod';
import { safeText } from '../text';

/** SPEC §3 workspace document, plus the lock's age so the UI can say "Checked out by Ana · 3 h". */
export const WorkspaceDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.number().int(),
  checked_out_by: z.string().nullable(),
  checked_out_by_name: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  /** The check-out is older than LOCK_STALE_HOURS: the owner may force-release it. */
  lock_stale: z.boolean(),
  uploader_name: z.string().nullable(),
  file_size: z.number().int(),
  updated_at: z.string(),
});
export type WorkspaceDocument = z.infer<typeof WorkspaceDocumentSchema>;
export const WorkspaceDocumentListSchema = z.array(WorkspaceDocumentSchema);

/** One kept version of a document (GET /documents/{id}/versions), newest first. */
export const DocumentVersionSchema = z.object({
  version: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  uploader_name: z.string().nullable(),
  created_at: z.string(),
  note: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof DocumentVersionSchema>;
export const DocumentVersionListSchema = z.array(DocumentVersionSchema);

/** POST /documents/{id}/force-release: the owner says why (WORKSPACES.md §1; it is audited). */
export const ForceReleaseBodySchema = z.object({
  reason: safeText('Reason')
    .trim()
    .min(1, 'Please give a reason for releasing the check-out')
    .max(500, 'The reason can be at most 500 characters'),
});
export type ForceReleaseBody = z.infer<typeof ForceReleaseBodySchema>;

/** A check-in's optional note is kept with the version it creates. */
export const CHECK_IN_NOTE_MAX = 500;
