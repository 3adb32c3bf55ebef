import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TaskRequirementChange } from '@biddesk/shared';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * A shared document in a workspace (WORKSPACES.md §2). `checkedOutBy` set means someone holds it:
 * check-out is one conditional UPDATE on this row, so exactly one caller wins.
 */
export const workspaceDocuments = pgTable(
  'workspace_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    currentVersion: integer().notNull().default(1),
    checkedOutBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    checkedOutAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspace_documents_workspace_idx').on(t.workspaceId, t.updatedAt)],
);
export type WorkspaceDocumentRow = typeof workspaceDocuments.$inferSelect;

/** Every version of a document is kept; a check-in with a file adds the next one. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => workspaceDocuments.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** Content-addressed key in the file store (sha256), never a user path. */
    storageKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Copied so the history still names the uploader after their account is deleted. */
    uploaderName: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_document_version_unique').on(t.documentId, t.version)],
);
export type DocumentVersionRow = typeof documentVersions.$inferSelect;

/** Task board cards (SPEC §3); requirement ids tie a task to the RFP's requirements. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    status: text({ enum: ['TODO', 'IN_PROGRESS', 'REVIEW', 'DONE'] })
      .notNull()
      .default('TODO'),
    assigneeUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    dueAt: timestamp({ withTimezone: true }),
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requirementIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What RFP amendments reworded or removed under this task, until a member dismisses it. */
    requirementChanges: jsonb().$type<TaskRequirementChange[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tasks_workspace_idx').on(t.workspaceId, t.status)],
);
export type TaskRow = typeof tasks.$inferSelect;

/** Team chat (SPEC §3). Text is stored as typed and always shown as text, never as HTML. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Copied so a message still names its author after their account is deleted. */
    authorName: text().notNull(),
    message: text().notNull().default(''),
    fileKey: text(),
    fileName: text(),
    fileSize: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('chat_messages_workspace_idx').on(t.workspaceId, t.createdAt, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
