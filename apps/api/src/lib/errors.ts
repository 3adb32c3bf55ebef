import type { ErrorCode } from '@biddesk/shared';

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
export const ndaRequired = () =>
  new AppError(403, 'NDA_REQUIRED', 'You must accept the non-disclosure agreement before you can view this workspace');
