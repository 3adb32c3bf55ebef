import { z } from 'zod';

/** Machine-readable error codes that accompany every `detail` message. */
export const ErrorCodeSchema = z.enum([
  /** The caller sent no token or a bad one. */
  'UNAUTHORIZED',
  /** The caller is known but may not do this. */
  'FORBIDDEN',
  /** The thing asked for does not exist (or is not the caller's). */
  'NOT_FOUND',
  /** The input failed validation. */
  'VALIDATION',
  /** The input conflicts with stored state (duplicate email, used code). */
  'CONFLICT',
  /** Too many requests in a window. */
  'RATE_LIMITED',
  /** An outside service (SAM.gov, AI provider) failed. */
  'UPSTREAM_FAILED',
  /** A workspace member must accept the current NDA before reading workspace content (WORKSPACES.md §3). */
  'NDA_REQUIRED',
  /** The token was genuine but its session was ended by a password change or reset (401). */
  'SESSION_ENDED',
  /** 503: a service the server needs (Redis, the database) does not answer, or the server is shutting down. */
  'UNAVAILABLE',
  /** 409: a stage move passes a pipeline gate that has no recorded Go decision (issue 26). */
  'GATE_REQUIRED',
  /** Anything else; details are logged, never sent. */
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The body of every error response (DESIGN §3): a person-readable `detail`. */
export const ErrorBodySchema = z.object({
  detail: z.string(),
  code: ErrorCodeSchema.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
