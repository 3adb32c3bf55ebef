import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Bytes an upload in flight holds against its uploader's quota, from the quota check until the row
 * that keeps the file has committed (issue 21 item 22). A reservation older than an hour belonged to
 * a process that died mid-upload and counts for nothing.
 */
export const storageReservations = pgTable(
  'storage_reservations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_reservations_user_idx').on(t.userId, t.createdAt)],
);
