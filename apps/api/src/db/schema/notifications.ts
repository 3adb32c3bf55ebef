import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { workspaceInvites, workspaces } from './workspaces';

/** In-app notifications (SPEC §3). `type` 'admin' shows an Admin badge. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    message: text().notNull(),
    type: text().notNull().default('system'),
    link: text(),
    read: boolean().notNull().default(false),
    /**
     * Set by alert jobs ('saved-search:<id>:<day>', 'deadline:<user>:<opportunity>:<days>'): the
     * unique index makes a second run, or a second process, a no-op.
     */
    dedupeKey: text(),
    /**
     * The invitation a "Workspace invitation" notification offers: it goes when the invitation is
     * answered, revoked or replaced, and with the workspace (cascade), so the bell never offers a
     * dead invitation.
     */
    inviteId: uuid().references(() => workspaceInvites.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_dedupe_key_unique').on(t.dedupeKey),
    index('notifications_invite_idx').on(t.inviteId),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Audit trail: who did what, when. `actorName`/`actorEmail` are copied at write time so the
 * trail stays readable after the user is deleted (`userId` then becomes null).
 */
export const activity = pgTable(
  'activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorName: text(),
    actorEmail: text(),
    /** e.g. 'document.generated', 'opportunities.imported', 'admin.user_role_changed'. */
    action: text().notNull(),
    documentType: text(),
    solicitationNumber: text(),
    targetType: text(),
    targetId: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Set for what happened inside a workspace (its Activity tab); the rows go with the workspace. */
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_created_idx').on(t.createdAt),
    index('activity_user_idx').on(t.userId),
    index('activity_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);
export type ActivityRow = typeof activity.$inferSelect;
