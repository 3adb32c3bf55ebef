import { z } from 'zod';

/**
 * The parts of a workspace page another member's change can make stale (issue 21 item 3). The web
 * app refetches only these: `workspace` is the header (name, archived, NDA setting, counters),
 * `generated` the AI Tools documents, `chat` the messages (the chat polls itself; it is reported so
 * the Activity tab can refresh).
 */
export const WorkspaceChangeAreaSchema = z.enum(['workspace', 'members', 'invites', 'documents', 'tasks', 'rfp', 'generated', 'chat']);
export type WorkspaceChangeArea = z.infer<typeof WorkspaceChangeAreaSchema>;

/** GET /workspaces/{id}/changes?since=: `since` is the `cursor` of the previous answer (opaque digits). */
export const WorkspaceChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,17}$/, { error: 'since must be the cursor of an earlier changes answer' })
    .optional(),
});

/** What changed since the cursor, and the cursor to send next. */
export const WorkspaceChangesSchema = z.object({
  cursor: z.string(),
  changed: z.array(WorkspaceChangeAreaSchema),
});
export type WorkspaceChanges = z.infer<typeof WorkspaceChangesSchema>;
