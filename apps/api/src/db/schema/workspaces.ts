import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OpportunityFacts } from '@biddesk/analysis';
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * One workspace per opportunity (WORKSPACES.md §2). The opportunity link is set null when the
 * opportunity data is cleared, so a team's workspace never disappears with an import; it then
 * shows `opportunitySnapshot` (the notice's facts when created, refreshed just before a clear) and
 * is linked again when a notice with its `noticeId` is stored again (import, SAM sync, search).
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid().primaryKey().defaultRandom(),
    opportunityId: uuid().references(() => opportunities.id, { onDelete: 'set null' }),
    /** SAM.gov NoticeId of the opportunity: how the workspace finds its notice again after a clear. */
    noticeId: text(),
    /** The notice facts the header and AI Tools use while the opportunity is gone. */
    opportunitySnapshot: jsonb().$type<OpportunityFacts>(),
    name: text().notNull(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id),
    /**
     * Who created it: the only member the NDA never gates (WORKSPACES.md §2). Not the owner: an
     * owner by succession is gated like any member (issue 21 item 14).
     */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    requireNda: boolean().notNull().default(true),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_opportunity_unique').on(t.opportunityId),
    index('workspaces_owner_idx').on(t.ownerId),
    index('workspaces_unlinked_notice_idx')
      .on(t.noticeId)
      .where(sql`opportunity_id is null`),
  ],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

/** Membership with its role; `ndaVersionId` is the NDA version the member last accepted. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['OWNER', 'CONTRIBUTOR', 'REVIEWER', 'VIEWER'] }).notNull(),
    status: text({ enum: ['ACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    ndaAcceptedAt: timestamp({ withTimezone: true }),
    ndaVersionId: uuid().references(() => ndaVersions.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;

/**
 * Email invitations. Only the SHA-256 of the token is stored (WORKSPACES.md §1); one PENDING
 * invite per workspace and email, so a re-invite revokes the old one in the same transaction.
 */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text({ enum: ['CONTRIBUTOR', 'REVIEWER', 'VIEWER'] }).notNull(),
    message: text(),
    tokenHash: text().notNull().unique(),
    status: text({ enum: ['PENDING', 'ACCEPTED', 'REVOKED'] })
      .notNull()
      .default('PENDING'),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Copied at write time so the list still says who invited after that user is deleted. */
    inviterName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Who ended it: the owner revoking, the invitee declining, or a re-invite. */
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text({ enum: ['revoked', 'declined', 'replaced'] }),
  },
  (t) => [
    uniqueIndex('workspace_invites_pending_unique')
      .on(t.workspaceId, t.email)
      .where(sql`status = 'PENDING'`),
    index('workspace_invites_email_idx').on(t.email),
  ],
);
export type WorkspaceInviteRow = typeof workspaceInvites.$inferSelect;

/** NDA versions; the highest `version` in effect is current. Version 1 ships in the migration. */
export const ndaVersions = pgTable('nda_versions', {
  id: uuid().primaryKey().defaultRandom(),
  title: text().notNull(),
  bodyMarkdown: text().notNull(),
  version: integer().notNull().unique(),
  effectiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sha256: text().notNull(),
});
export type NdaVersionRow = typeof ndaVersions.$inferSelect;

/**
 * Append-only evidence of an NDA acceptance (WORKSPACES.md §1): which text, hashed, when, from
 * where. It keeps copies of the names so it survives member removal, user and workspace deletion.
 */
export const ndaAcceptances = pgTable(
  'nda_acceptances',
  {
    id: uuid().primaryKey().defaultRandom(),
    ndaVersionId: uuid()
      .notNull()
      .references(() => ndaVersions.id),
    textSha256: text().notNull(),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'set null' }),
    workspaceName: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    userName: text().notNull(),
    userEmail: text().notNull(),
    ip: text(),
    userAgent: text(),
    acceptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nda_acceptances_workspace_idx').on(t.workspaceId)],
);
