import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SolicitationFormFacts } from '@biddesk/analysis';
import type { StoredRequirement } from './documents';
import { users } from './users';
import { workspaces } from './workspaces';

/** A requirement as an amendment keeps it: its id in its own version, and what it said where. */
export interface StoredAmendmentRequirement {
  requirement_id: string;
  section: string;
  must_or_should: 'must' | 'should';
  text: string;
  page: number | null;
}

/**
 * A version's requirements diffed against the previous completed version (rfp-amendment-diff.ts),
 * with the tasks the amendment flagged (`tasks`: ids and titles as they were then).
 */
export interface StoredAmendment {
  previous_solicitation_id: string;
  previous_version: number;
  unchanged: number;
  changed: { previous: StoredAmendmentRequirement; current: StoredAmendmentRequirement; similarity: number; task_ids: string[] }[];
  added: StoredAmendmentRequirement[];
  removed: (StoredAmendmentRequirement & { task_ids: string[] })[];
  tasks: { id: string; title: string }[];
}

/**
 * A solicitation uploaded into a workspace's RFP Analysis (WORKSPACES.md §2). Each upload is a new
 * version; the highest version is the current one, older ones stay for the amendment diff.
 */
export const rfpSolicitations = pgTable(
  'rfp_solicitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    fileName: text().notNull(),
    /** Content-addressed key in the file store (sha256). */
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
    pageCount: integer().notNull(),
    /** 'completed' once the engine extracted the requirements (SPEC §3). */
    processingStatus: text().notNull().default('completed'),
    requirements: jsonb().$type<StoredRequirement[]>().notNull().default([]),
    /** Acronym → expansion as the solicitation spells it out, learned from its whole text. */
    acronyms: jsonb().$type<Record<string, string>>().notNull().default({}),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The diff against the previous version when this upload amended one; null for the first. */
    amendment: jsonb().$type<StoredAmendment>(),
    /**
     * What the filled standard form (SF-1449, SF-33 ...) states, each fact with its caption and page
     * (analysis form-facts.ts); null when the PDF has no filled form, and on versions read before.
     */
    formFacts: jsonb().$type<SolicitationFormFacts>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rfp_solicitations_workspace_version_unique').on(t.workspaceId, t.version)],
);
export type RfpSolicitationRow = typeof rfpSolicitations.$inferSelect;

/** A requirement's match in a scored draft, with where the draft answers it. */
export interface StoredRequirementMatch {
  requirement_id: string;
  /**
   * addressed / partial / missing / conflict / check / not_applicable (deferred and separate on
   * analyses stored before those); absent on analyses stored before any status.
   */
  status?: 'addressed' | 'partial' | 'missing' | 'conflict' | 'check' | 'not_applicable' | 'deferred' | 'separate';
  deferred?: boolean;
  score: number;
  passage: string;
  page: number | null;
  location_hint: string;
}

export interface StoredConflict {
  requirement_id: string;
  section: string;
  text: string;
  rule: string;
  /** Absent on analyses stored before conflicts carried them. */
  clause?: string;
  /** A check is a possible contradiction for a reviewer; stored with the conflicts, shown apart. */
  severity?: 'conflict' | 'check';
  confidence?: number;
  passage: string;
  page: number | null;
  location_hint: string;
  reason: string;
}

export interface StoredSeparateRequirement {
  requirement_id: string;
  section: string;
  text: string;
  kind: 'logistics' | 'format' | 'clause' | 'evaluation';
}

export interface StoredFormatCheck {
  requirement_id: string;
  check: 'page_limit' | 'font_size' | 'font_family' | 'volume';
  status: 'passed' | 'failed' | 'not_checked';
  expected: string;
  found: string;
  location_hint: string;
}

/** One draft scored against one solicitation version (SPEC §3 analysis); every run is kept. */
export const rfpAnalyses = pgTable(
  'rfp_analyses',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    solicitationId: uuid()
      .notNull()
      .references(() => rfpSolicitations.id, { onDelete: 'cascade' }),
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
    /** Requirements the draft contradicts (worse than missing), the ones reported apart from coverage, and Section L format checks. */
    conflicts: jsonb().$type<StoredConflict[]>().notNull().default([]),
    reportedSeparately: jsonb().$type<StoredSeparateRequirement[]>().notNull().default([]),
    formatChecks: jsonb().$type<StoredFormatCheck[]>().notNull().default([]),
    /**
     * The team's corrections the draft was scored against, as `correctionsFingerprint()` writes them
     * ('' for none). When the version's corrections no longer give this value the scores are stale:
     * the analysis is re-scored when next read (rfp-analysis-rescore.ts).
     */
    scoredCorrections: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfp_analyses_workspace_idx').on(t.workspaceId, t.createdAt)],
);
export type RfpAnalysisRow = typeof rfpAnalyses.$inferSelect;

/**
 * A team's correction of one requirement of one solicitation version (issue 23): not a requirement,
 * or another section or must/should than the engine gave. Keyed by the version and the requirement
 * id; a null section or obligation keeps the engine's. The amendment diff copies it to the next
 * version's matching requirement (rfp-corrections-carry.ts); undo deletes the row.
 */
export const requirementCorrections = pgTable(
  'requirement_corrections',
  {
    id: uuid().primaryKey().defaultRandom(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    solicitationId: uuid()
      .notNull()
      .references(() => rfpSolicitations.id, { onDelete: 'cascade' }),
    requirementId: text().notNull(),
    notARequirement: boolean().notNull().default(false),
    section: text(),
    mustOrShould: text().$type<'must' | 'should'>(),
    /** Why, in the corrector's words: the JSONL export's `why_not_a_requirement` or `note`. */
    note: text(),
    /** The version the correction was first made on, when carried to this one by an amendment. */
    carriedFromVersion: integer(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requirement_corrections_solicitation_requirement_unique').on(t.solicitationId, t.requirementId),
    index('requirement_corrections_workspace_idx').on(t.workspaceId),
  ],
);
export type RequirementCorrectionRow = typeof requirementCorrections.$inferSelect;
