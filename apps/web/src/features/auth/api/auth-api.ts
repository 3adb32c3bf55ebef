import { useMutation } from '@tanstack/react-query';
import { type AuthResponse, type MessageResponse, AuthResponseSchema, MessageResponseSchema } from '@biddesk/shared';
import { apiRequest } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
}
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  invite_code: string;
}

/** POST /auth/login. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest('/auth/login', AuthResponseSchema, { method: 'POST', body: input });
}

/** POST /auth/register; the role sent is always 'user' (SPEC §3). */
export function register(input: RegisterInput): Promise<AuthResponse> {
  return apiRequest('/auth/register', AuthResponseSchema, { method: 'POST', body: { ...input, role: 'user' } });
}

/** POST /auth/forgot-password?email=. */
export function forgotPassword(email: string): Promise<MessageResponse> {
  return apiRequest('/auth/forgot-password', MessageResponseSchema, { method: 'POST', query: { email } });
}

/** POST /auth/reset-password?token=&new_password=. */
export function resetPassword(token: string, newPassword: string): Promise<MessageResponse> {
  return apiRequest('/auth/reset-password', MessageResponseSchema, { method: 'POST', query: { token, new_password: newPassword } });
}

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () =>
  useMutation({ mutationFn: (v: { token: string; password: string }) => resetPassword(v.token, v.password) });
