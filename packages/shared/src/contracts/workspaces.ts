import { z } from 'zod';
import { safeText } from '../text';
import { WorkspaceRoleSchema } from '../permissions/workspace-roles';

const IdSchema = z.string();

/** POST /workspaces body. SPEC names the opportunity `solicitation_id`; `name` defaults per SPEC §2. */
export const CreateWorkspaceBodySchema = z.object({
  solicitation_id: z.uuid({ error: 'solicitation_id must be a valid opportunity id' }),
  name: safeText('Workspace name').trim().max(200, 'Workspace name is too long (200 characters at most)').optional(),
});
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBodySchema>;

/**
 * The opportunity a workspace is about (SPEC §3). After the opportunity data was cleared it is the
 * notice's facts as the workspace kept them: `linked` false and `id` null until the same notice is
 * stored again. Null only for a workspace whose notice was gone before snapshots were kept.
 */
export const WorkspaceOpportunitySchema = z.object({
  id: z.string().nullable(),
  linked: z.boolean(),
  title: z.string(),
  agency: z.string().nullable(),
  solicitation_number: z.string().nullable(),
  response_date: z.string().nullable(),
});

/**
 * SPEC §3 workspace, plus what the page needs beside it: whether the caller must accept the NDA
 * first (`nda_required`, WORKSPACES.md §3), the workspace's own NDA setting and the owner's name.
 */
export const WorkspaceSchema = z.object({
  id: IdSchema,
  name: z.string(),
  user_role: WorkspaceRoleSchema,
  member_count: z.number().int(),
  archived: z.boolean(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  owner_name: z.string().nullable(),
  require_nda: z.boolean(),
  /** True when the caller has not accepted the current NDA and content calls answer NDA_REQUIRED. */
  nda_required: z.boolean(),
  opportunity: WorkspaceOpportunitySchema.nullable(),
  /** Overview counters (SPEC §2): documents, and tasks not DONE; null while `nda_required` (content behind the NDA). */
  document_count: z.number().int().nullable(),
  open_task_count: z.number().int().nullable(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
export const WorkspaceListSchema = z.array(WorkspaceSchema);

export const WorkspaceListQuerySchema = z.object({
  include_archived: z
    .enum(['true', 'false'], { error: 'include_archived must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const ArchiveQuerySchema = z.object({
  archive: z.enum(['true', 'false'], { error: 'archive must be true or false' }).transform((v) => v === 'true'),
});

/** GET /opportunities/{id}/workspace: the opportunity's workspace, if any, and whether the caller is in it. */
export const OpportunityWorkspaceSchema = z.object({
  workspace_id: z.string().nullable(),
  is_member: z.boolean(),
  /** Whom to ask for an invitation when a workspace exists and the caller is not in it. */
  owner_name: z.string().nullable(),
});
export type OpportunityWorkspace = z.infer<typeof OpportunityWorkspaceSchema>;

/** SPEC §3 member. `user_id` is the `{memberId}` of DELETE /workspaces/{id}/members/{memberId}. */
export const MemberSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  role: WorkspaceRoleSchema,
  status: z.enum(['ACTIVE']),
  created_at: z.string(),
  nda_accepted_at: z.string().nullable(),
});
export type Member = z.infer<typeof MemberSchema>;
export const MemberListSchema = z.array(MemberSchema);

/** GET/PATCH /workspaces/{id}/settings. */
export const WorkspaceSettingsSchema = z.object({ require_nda: z.boolean() });
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>;
export const UpdateWorkspaceSettingsBodySchema = z.object({
  require_nda: z.boolean({ error: 'require_nda must be true or false' }),
});

/** DELETE /workspaces/{id}: what went with it. */
export const DeleteWorkspaceResponseSchema = z.object({ deleted: z.literal(true), message: z.string() });

/** One line of the workspace Activity tab (WORKSPACES.md §4). */
export const WorkspaceActivityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_name: z.string().nullable(),
  /** A sentence a person reads: "Ana invited bob@example.com as Reviewer". */
  summary: z.string(),
  created_at: z.string(),
});
export type WorkspaceActivityItem = z.infer<typeof WorkspaceActivityItemSchema>;
export const WorkspaceActivityPageSchema = z.object({
  items: z.array(WorkspaceActivityItemSchema),
  /** Pass as `before` to read the next (older) page; null at the end. */
  next_before: z.string().nullable(),
});
export type WorkspaceActivityPage = z.infer<typeof WorkspaceActivityPageSchema>;
export const WorkspaceActivityQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(50),
  /** An activity id: return what happened before it. */
  before: z.uuid({ error: 'before must be an activity id' }).optional(),
});
