import { z } from 'zod';
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
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password is too long');

/** POST /auth/login body (SPEC §3). */
export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** POST /auth/register body. `role` is accepted but ignored: registration always makes a 'user'. */
export const RegisterBodySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name is too long'),
  email: EmailSchema,
  password: NewPasswordSchema,
  role: z.string().optional(),
  invite_code: z
    .string({ error: 'Invite code is required' })
    .trim()
    .min(1, 'Invite code is required')
    .max(64, 'Invite code is too long')
    .transform((c) => c.toUpperCase()),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** Login and registration response (SPEC §3). */
export const AuthResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** POST /auth/forgot-password?email= */
export const ForgotPasswordQuerySchema = z.object({ email: EmailSchema });

/** POST /auth/reset-password?token=&new_password= */
export const ResetPasswordQuerySchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  new_password: NewPasswordSchema,
});

/** Plain acknowledgement with a message. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
