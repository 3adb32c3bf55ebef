import type { ErrorCode } from '@biddesk/shared';
import type { z } from 'zod';

/** The one error type services throw; the error handler turns it into `{detail, code}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError(400, 'VALIDATION', detail);
export const unauthorized = (detail = 'Not authenticated') => new AppError(401, 'UNAUTHORIZED', detail);
export const forbidden = (detail: string) => new AppError(403, 'FORBIDDEN', detail);
export const notFound = (detail: string) => new AppError(404, 'NOT_FOUND', detail);
export const conflict = (detail: string) => new AppError(409, 'CONFLICT', detail);
export const tooManyRequests = (detail: string) => new AppError(429, 'RATE_LIMITED', detail);
export const upstreamFailed = (detail: string) => new AppError(502, 'UPSTREAM_FAILED', detail);
export const unavailable = (detail: string) => new AppError(503, 'UNAVAILABLE', detail);
/** 401 for a session a password change or reset ended; the sign-in page says so (code SESSION_ENDED). */
export const sessionEndedError = () =>
  new AppError(401, 'SESSION_ENDED', 'Your session ended because your password was changed. Please sign in again.');
export const ndaRequired = () =>
  new AppError(403, 'NDA_REQUIRED', 'You must accept the non-disclosure agreement before you can view this workspace');

/**
 * Parses `value` with `schema` or throws a 400 whose detail joins the schema's messages, as the
 * error handler does for route validation (for input assembled from more than one place).
 */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest([...new Set(parsed.error.issues.map((i) => i.message))].join('; ') || 'Invalid request');
}
