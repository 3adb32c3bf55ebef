import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Registration invite codes (SPEC §3). Codes are stored upper case. */
export const inviteCodes = pgTable('invite_codes', {
  id: uuid().primaryKey().defaultRandom(),
  code: text().notNull().unique(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  usedByEmail: text(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type InviteCodeRow = typeof inviteCodes.$inferSelect;
