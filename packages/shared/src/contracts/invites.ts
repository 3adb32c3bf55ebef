import { z } from 'zod';
import { safeText } from '../text';
import { EmailSchema, NewPasswordSchema } from './auth';
import { UserSchema } from './users';

/** Roles an invitation may grant: never OWNER (SPEC §5). */
export const InviteRoleSchema = z.enum(['CONTRIBUTOR', 'REVIEWER', 'VIEWER'], {
  error: 'Role must be CONTRIBUTOR, REVIEWER or VIEWER',
});
export type InviteRole = z.infer<typeof InviteRoleSchema>;

/** Stored invitation states (SPEC §4); EXPIRED is computed from expires_at. */
export const InviteStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']);
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

/** POST /workspaces/{id}/invite body (SPEC §5). */
export const InviteBodySchema = z.object({
  email: EmailSchema,
  role: InviteRoleSchema.default('CONTRIBUTOR'),
  message: safeText('Message').trim().max(2000, 'Message is too long (2000 characters at most)').optional(),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

/** SPEC §3 workspace invite, as the owner's list shows it. */
export const WorkspaceInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: InviteRoleSchema,
  status: InviteStatusSchema,
  inviter_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type WorkspaceInvite = z.infer<typeof WorkspaceInviteSchema>;
/** POST /workspaces/{id}/invite: the new invite, and whether it replaced a pending one (whose link stopped working). */
export const SentInviteSchema = WorkspaceInviteSchema.extend({ replaced_previous: z.boolean() });
export type SentInvite = z.infer<typeof SentInviteSchema>;
export const WorkspaceInviteListSchema = z.array(WorkspaceInviteSchema);

/**
 * SPEC §3 pending invite, for the invitee's dashboard. Only the token's hash is stored
 * (WORKSPACES.md §1), so `token` is always null: the dashboard accepts by id.
 */
export const PendingInviteSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  workspace_name: z.string(),
  inviter_name: z.string().nullable(),
  role: InviteRoleSchema,
  message: z.string().nullable(),
  expires_at: z.string(),
  require_nda: z.boolean(),
  token: z.null(),
});
export type PendingInvite = z.infer<typeof PendingInviteSchema>;
export const PendingInviteListSchema = z.array(PendingInviteSchema);

/** By-token validity (SPEC §4): VALID, or why not. */
export const InviteValiditySchema = z.enum(['VALID', 'ACCEPTED', 'REVOKED', 'EXPIRED']);

/**
 * GET /join/{code} (public): SPEC §3 invite details. `message` is the inviter's note when the
 * invite is VALID, and the reason otherwise.
 */
export const InviteDetailsSchema = z.object({
  status: InviteValiditySchema,
  message: z.string().nullable(),
  workspace_id: z.string(),
  workspace_name: z.string(),
  inviter_name: z.string().nullable(),
  role: InviteRoleSchema,
  email: z.string(),
  expires_at: z.string(),
  require_nda: z.boolean(),
  /** Whether an account with the invited email exists (the page offers sign-in or sign-up). */
  has_account: z.boolean(),
});
export type InviteDetails = z.infer<typeof InviteDetailsSchema>;

/** What accepting an invite answers: where to go next and whether the NDA comes first. */
export const AcceptInviteResponseSchema = z.object({
  workspace_id: z.string(),
  role: InviteRoleSchema,
  nda_required: z.boolean(),
  message: z.string(),
});
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponseSchema>;

/** POST /join/{token}/register: an account for the invited email, without an admin code. */
export const JoinRegisterBodySchema = z.object({
  name: safeText('Name', 'Name is required').trim().min(1, 'Name is required').max(200, 'Name is too long'),
  password: NewPasswordSchema,
});
export type JoinRegisterBody = z.infer<typeof JoinRegisterBodySchema>;
export const JoinRegisterResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
  workspace_id: z.string(),
  nda_required: z.boolean(),
});
export type JoinRegisterResponse = z.infer<typeof JoinRegisterResponseSchema>;
