import { MIN_PASSWORD_LENGTH } from '@biddesk/shared';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client checks that run before any call (SPEC §5). Each returns the message or null. */
export const checkEmail = (value: string) =>
  !value.trim() ? 'Email is required' : EMAIL_RE.test(value.trim()) ? null : 'Please enter a valid email address';
export const checkRequired = (label: string) => (value: string) => (value.trim() ? null : `${label} is required`);
export const checkNewPassword = (value: string) =>
  value.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters` : null;
