import { z } from 'zod';

/**
 * GET/POST /calendar-feed (issue 26 item 5): the caller's private calendar address, a path on this
 * server (the web app puts its own origin in front), or null when they have none.
 */
export const CalendarFeedSchema = z.object({
  path: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** GET /calendar/{token}.ics: the token is 32 random bytes in base64url. */
export const CalendarTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'Not a calendar address') });
