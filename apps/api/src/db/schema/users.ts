import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Accounts. `email` is stored lower-cased so uniqueness is case-insensitive. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * A teaming partner's account, made from a workspace invitation without an invite code: it sees
     * only the workspaces it belongs to, never the pipeline or opportunity data (issue 26).
     */
    isGuest: boolean().notNull().default(false),
    /** Bumped on password reset: tokens carrying an older version stop working. */
    tokenVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export type UserRow = typeof users.$inferSelect;
