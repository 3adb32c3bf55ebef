import { ErrorBodySchema } from '@biddesk/shared';
import { z } from 'zod';

/** `/:id` in a route path; the service decides whether the id is well formed (404 when not). */
export const IdParamsSchema = z.object({ id: z.string() });

/** The error statuses a route can answer, each with the `{ detail, code }` body (SPEC §8). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * The `response` entries for a route's error statuses, so each route lists the statuses it can
 * answer instead of copying a map: `response: { 200: TaskSchema, ...standardErrors(401, 404) }`.
 */
export function standardErrors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}
