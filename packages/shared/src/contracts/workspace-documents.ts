import { z } from 'zod';

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
