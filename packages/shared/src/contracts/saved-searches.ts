import { z } from 'zod';
import { safeText } from '../text';

/** Most saved searches one user keeps; each is checked for new matches after every import. */
export const MAX_SAVED_SEARCHES = 25;
export const SAVED_SEARCH_NAME_MAX = 80;
/** Which notices a saved search follows; the listing's status filter (open is the listing default). */
export const SAVED_SEARCH_STATUSES = ['open', 'past_due', 'awarded', 'all'] as const;

const optionalText = (label: string, max: number) =>
  safeText(label)
    .trim()
    .max(max, `${label} is too long`)
    .optional()
    .transform((v) => v || undefined);

/**
 * The dashboard filters a search keeps (snake_case, as the API's listing query). At least one
 * criterion is required, as for the dashboard's Search (SPEC §5).
 */
export const SavedSearchFiltersSchema = z
  .object({
    keyword: optionalText('Keywords', 200),
    agency: optionalText('Agency', 200),
    naics: safeText('NAICS code')
      .trim()
      .regex(/^\d{0,6}$/, 'NAICS code must be up to 6 digits')
      .optional()
      .transform((v) => v || undefined),
    psc: safeText('PSC code')
      .trim()
      .regex(/^[A-Za-z0-9]{0,4}$/, 'PSC code must be up to 4 letters or digits')
      .optional()
      .transform((v) => (v ? v.toUpperCase() : undefined)),
    set_aside: optionalText('Set-aside', 40),
    notice_type: optionalText('Notice type', 80),
    status: z.enum(SAVED_SEARCH_STATUSES, { error: `status must be one of ${SAVED_SEARCH_STATUSES.join(', ')}` }).optional(),
  })
  .strict()
  .refine((f) => Boolean(f.keyword || f.agency || f.naics || f.psc || f.set_aside || f.notice_type), {
    message: 'Please enter at least one search criterion',
  });
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

const NameSchema = safeText('Name', 'Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);

export const CreateSavedSearchBodySchema = z.object({ name: NameSchema, filters: SavedSearchFiltersSchema });
export type CreateSavedSearchBody = z.infer<typeof CreateSavedSearchBodySchema>;

export const UpdateSavedSearchBodySchema = z
  .object({ name: NameSchema.optional(), filters: SavedSearchFiltersSchema.optional() })
  .refine((b) => b.name !== undefined || b.filters !== undefined, { message: 'Nothing to update: send name or filters' });
export type UpdateSavedSearchBody = z.infer<typeof UpdateSavedSearchBodySchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.object({
    keyword: z.string().optional(),
    agency: z.string().optional(),
    naics: z.string().optional(),
    psc: z.string().optional(),
    set_aside: z.string().optional(),
    notice_type: z.string().optional(),
    status: z.enum(SAVED_SEARCH_STATUSES).optional(),
  }),
  /** The dashboard path that opens the search (its filters as query parameters). */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListResponseSchema = z.object({ data: z.array(SavedSearchSchema) });

/** Dashboard query parameter names (SPEC §2: keywords, agency, naics, psc, setAside) per filter. */
export const SAVED_SEARCH_URL_PARAMS = {
  keyword: 'keywords',
  agency: 'agency',
  naics: 'naics',
  psc: 'psc',
  set_aside: 'setAside',
  notice_type: 'type',
  status: 'status',
} as const satisfies Record<keyof SavedSearchFilters, string>;

/** `/?keywords=...&agency=...`: the dashboard path that runs a saved search. */
export function savedSearchLink(filters: SavedSearchFilters): string {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(SAVED_SEARCH_URL_PARAMS)) {
    const value = filters[key as keyof SavedSearchFilters];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/** Settings → Notifications, stored on the server because the alert jobs read them. */
export const NotificationPreferencesSchema = z.object({
  /** Mail a copy of each alert to the account's address. */
  email_notifications: z.boolean(),
  /** Bell alerts 7, 3 and 1 days before a saved opportunity's response date. */
  deadline_reminders: z.boolean(),
  /** One bell alert a day per saved search with new matching notices. */
  new_opportunity_alerts: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
export const UpdateNotificationPreferencesBodySchema = NotificationPreferencesSchema.partial().strict();

/** Settings → Profile → Change Password. */
export const ChangePasswordBodySchema = z.object({
  current_password: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1000, 'Password is too long'),
  new_password: safeText('Password', 'New password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(1000, 'Password is too long'),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** Admin → Database: the daily sync of SAM.gov's public Contract Opportunities extract. */
export const SamSyncSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The extract's URL (https; a private address only with IMPORT_ALLOW_PRIVATE_URLS). */
  url: z.string(),
  /** Hour of the day (UTC, 0-23) from which the day's sync runs. */
  hour: z.number().int(),
});
export type SamSyncSettings = z.infer<typeof SamSyncSettingsSchema>;

export const UpdateSamSyncSettingsBodySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    url: safeText('Sync URL').trim().max(2000, 'Sync URL is too long'),
    hour: z
      .number({ error: 'Hour must be a whole number from 0 to 23' })
      .int('Hour must be a whole number from 0 to 23')
      .min(0, 'Hour must be a whole number from 0 to 23')
      .max(23, 'Hour must be a whole number from 0 to 23'),
  })
  .refine((b) => !b.enabled || b.url.length > 0, { message: 'Please enter a CSV URL', path: ['url'] });

export const SamSyncStatusSchema = SamSyncSettingsSchema.extend({
  /** The latest run: its day, state (running, done, failed), when it finished and what it did. */
  last_run: z
    .object({
      period: z.string(),
      status: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      error: z.string().nullable(),
      result: z.record(z.string(), z.unknown()).nullable(),
    })
    .nullable(),
});
export type SamSyncStatus = z.infer<typeof SamSyncStatusSchema>;
