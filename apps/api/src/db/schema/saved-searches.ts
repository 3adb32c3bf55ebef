import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Dashboard filters kept under a name, per user; new matches become one bell notification a day. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /**
     * What is searched: 'opportunities' (the dashboard's notices) or 'radar' (awards ending soon,
     * RadarFiltersSchema). Existing searches are 'opportunities'.
     */
    kind: text({ enum: ['opportunities', 'radar'] })
      .notNull()
      .default('opportunities'),
    /** The dashboard's query parameters (SavedSearchFiltersSchema in packages/shared), or the radar's. */
    filters: jsonb().$type<Record<string, string | boolean>>().notNull(),
    /** Notices (awards, for a radar search) first stored after this instant are "new" for the next alert. */
    alertedThrough: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    check('saved_searches_kind', sql`${t.kind} in ('opportunities', 'radar')`),
  ],
);
export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** Settings → Notifications, kept on the server because the alert jobs read them. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Mail a copy of each alert. */
  emailNotifications: boolean().notNull().default(false),
  /** Bell alerts 7, 3 and 1 days before a saved opportunity's response date. */
  deadlineReminders: boolean().notNull().default(true),
  /** Bell alerts for new notices matching a saved search. */
  newOpportunityAlerts: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
