import { z } from 'zod';
import { isInAppPath } from '../in-app-path';
import { safeText } from '../text';
import { EmailSchema, NewPasswordSchema } from './auth';
import { AppRoleSchema } from './users';

/** SPEC §3 admin user view. */
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: AppRoleSchema,
  is_guest: z.boolean(),
  created_at: z.string(),
  stats: z.object({ opportunities: z.number().int(), documents_generated: z.number().int() }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = z.array(AdminUserSchema);

/** SPEC §3 admin stats. recent_registrations covers the last 7 days (SPEC §9). */
export const AdminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    admins: z.number().int(),
    regular_users: z.number().int(),
    recent_registrations: z.number().int(),
  }),
  opportunities: z.object({ total: z.number().int(), unique_agencies: z.number().int() }),
  documents: z.object({ total: z.number().int(), by_type: z.record(z.string(), z.number().int()) }),
  most_active_users: z.array(z.object({ name: z.string(), email: z.string(), document_count: z.number().int() })),
  /** Sign-ups per day over the last 30 days, oldest first (for the Analytics chart). */
  registrations_by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/**
 * SPEC §3 activity item (user, document_type, solicitation_number, timestamp), plus what the
 * audit trail knows beside it: the action and its id.
 */
export const ActivityItemSchema = z.object({
  id: z.string(),
  user: z.string(),
  action: z.string(),
  document_type: z.string().nullable(),
  solicitation_number: z.string().nullable(),
  timestamp: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export const ActivityListSchema = z.array(ActivityItemSchema);
export const ActivityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** PUT /admin/users/{id}/guest body (issue 26). */
export const GuestChangeBodySchema = z.object({ is_guest: z.boolean({ error: 'is_guest must be true or false' }) });
export type GuestChangeBody = z.infer<typeof GuestChangeBodySchema>;

export const RoleChangeQuerySchema = z.object({ role: AppRoleSchema });
/** SPEC: POST /admin/users/{id}/reset-password?new_password= */
export const AdminResetPasswordQuerySchema = z.object({ new_password: NewPasswordSchema });
/** The same as a JSON body (beyond SPEC), so the password need not appear in URLs and access logs. */
export const AdminResetPasswordBodySchema = AdminResetPasswordQuerySchema.partial();

export const CreateUserBodySchema = z.object({
  email: EmailSchema,
  name: safeText('Full name', 'Full name is required').trim().min(1, 'Full name is required').max(200, 'Name is too long'),
  password: NewPasswordSchema,
  role: AppRoleSchema.default('user'),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const SendNotificationBodySchema = z.object({
  title: safeText('Title', 'Title is required').trim().min(1, 'Title is required').max(200),
  message: safeText('Message', 'Message is required').trim().min(1, 'Message is required').max(5000),
  /** null (or absent) sends to every user. */
  user_id: z.uuid('user_id must be a valid id').nullable().default(null),
  /** Optional in-app path, e.g. /opportunity/<id>. */
  link: safeText('Link')
    .max(500)
    .refine(isInAppPath, 'Link must be an in-app path starting with a single /, e.g. /opportunity/<id>')
    .nullable()
    .optional(),
});
export type SendNotificationBody = z.infer<typeof SendNotificationBodySchema>;
export const SendNotificationResponseSchema = z.object({ sent: z.number().int() });

/** What went with a deleted user, so the confirmation and the toast can say it. */
export const DeleteUserResponseSchema = z.object({
  deleted: z.literal(true),
  removed: z.object({
    saved_opportunities: z.number().int(),
    generated_documents: z.number().int(),
    notifications: z.number().int(),
  }),
  /** Workspaces the user owned: passed to a member who accepted the NDA (see docs/decisions/2026-11-23-deleting-a-user.md), or deleted when none was left. */
  workspaces: z.object({
    transferred: z.array(z.object({ id: z.string(), name: z.string(), new_owner_email: z.string() })),
    deleted: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
