import { z } from 'zod';
import { safeText } from '../text';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { UserSchema } from './users';

/** Email normalised for comparison: trimmed and lower-cased. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((e) => e.toLowerCase());

/** A new password (SPEC §5: at least 6 characters). */
export const NewPasswordSchema = safeText('Password', 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password is too long');

/** POST /auth/login body (SPEC §3). */
export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: safeText('Password', 'Password is required').min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A person's name as they type it: required, trimmed, at most 200 characters (as at registration). */
const PersonNameSchema = safeText('Name', 'Name is required').trim().min(1, 'Name is required').max(200, 'Name is too long');

/** POST /auth/register body. `role` is accepted but ignored: registration always makes a 'user'. */
export const RegisterBodySchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  role: safeText('Role').optional(),
  invite_code: safeText('Invite code', 'Invite code is required')
    .trim()
    .min(1, 'Invite code is required')
    .max(64, 'Invite code is too long')
    .transform((c) => c.toUpperCase()),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** PATCH /auth/profile body (Settings → Profile; beyond SPEC, which only shows a message): the caller's own name. */
export const UpdateProfileBodySchema = z.object({ name: PersonNameSchema });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** Login and registration response (SPEC §3). */
export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** POST /auth/forgot-password?email= */
export const ForgotPasswordQuerySchema = z.object({ email: EmailSchema });

/** What POST /auth/reset-password needs: the token from the mailed link and the new password. */
export const ResetPasswordInputSchema = z.object({
  token: safeText('Reset token', 'Reset token is required').min(1, 'Reset token is required').max(200),
  new_password: NewPasswordSchema,
});
/** SPEC: POST /auth/reset-password?token=&new_password= */
export const ResetPasswordQuerySchema = ResetPasswordInputSchema;
/** The same fields as a JSON body (beyond SPEC), so they need not appear in URLs and access logs. */
export const ResetPasswordBodySchema = ResetPasswordInputSchema.partial();

/** Plain acknowledgement with a message. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
