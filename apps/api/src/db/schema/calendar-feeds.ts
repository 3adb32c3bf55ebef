import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's private calendar feed (issue 26 item 5): the token in the feed's URL is its only
 * credential, as with any calendar subscription (a calendar app cannot sign in). It is kept as
 * issued, not hashed, so Settings can show the address again; it reads nothing but the user's own
 * dates, one row per user, and resetting or revoking it replaces or deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
