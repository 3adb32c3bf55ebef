import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredRequirement } from './documents';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * A solicitation uploaded into a workspace's RFP Analysis (WORKSPACES.md §2). Each upload is a new
 * version; the highest version is the current one, older ones stay for the amendment diff.
 */
export const rfpSolicitations = pgTable(
  'rfp_solicitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid().notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    fileName: text().notNull(),
    /** Content-addressed key in the file store (sha256). */
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
    pageCount: integer().notNull(),
    /** 'completed' once the engine extracted the requirements (SPEC §3). */
    processingStatus: text().notNull().default('completed'),
    requirements: jsonb().$type<StoredRequirement[]>().notNull().default([]),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rfp_solicitations_workspace_version_unique').on(t.workspaceId, t.version)],
);
export type RfpSolicitationRow = typeof rfpSolicitations.$inferSelect;

/** A requirement's match in a scored draft, with where the draft answers it. */
export interface StoredRequirementMatch {
  requirement_id: string;
  score: number;
  passage: string;
  page: number | null;
  location_hint: string;
}

/** One draft scored against one solicitation version (SPEC §3 analysis); every run is kept. */
export const rfpAnalyses = pgTable(
  'rfp_analyses',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid().notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    solicitationId: uuid().notNull().references(() => rfpSolicitations.id, { onDelete: 'cascade' }),
    draftFileName: text().notNull(),
    draftStorageKey: text().notNull(),
    draftSizeBytes: integer().notNull(),
    fitScore: integer().notNull(),
    coverageScore: integer().notNull(),
    evidenceScore: integer().notNull(),
    languageMatchScore: integer().notNull(),
    matches: jsonb().$type<StoredRequirementMatch[]>().notNull().default([]),
    missingRequirements: jsonb().$type<{ requirement_id: string; section: string; text: string }[]>().notNull().default([]),
    suggestions: jsonb().$type<{ requirement_id: string; location_hint: string; suggestion: string }[]>().notNull().default([]),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfp_analyses_workspace_idx').on(t.workspaceId, t.createdAt)],
);
export type RfpAnalysisRow = typeof rfpAnalyses.$inferSelect;
