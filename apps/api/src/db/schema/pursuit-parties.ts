import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pursuits } from './pursuits';
import { users } from './users';

/**
 * A competitor or teaming partner of a pursuit chosen from partner search, tied to its recipient by
 * UEI (issue 26 item 2). The names stay in pursuits.competitors / teaming_partners, where typing and
 * removing them works as before; a link whose name was removed from the list is not shown. Typed
 * names are resolved when read (pursuit-parties.rules.ts), so they need no row here.
 */
export const pursuitParties = pgTable(
  'pursuit_parties',
  {
    pursuitId: uuid()
      .notNull()
      .references(() => pursuits.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['competitor', 'teaming_partner'] }).notNull(),
    /** The name as it stands in the pursuit's list. */
    name: text().notNull(),
    recipientUei: text().notNull(),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.pursuitId, t.kind, t.name] })],
);
export type PursuitPartyRow = typeof pursuitParties.$inferSelect;
