import type { SolicitationFormFacts } from '@biddesk/analysis';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';
import { workspaces } from './workspaces';

/** A requirement extracted from a solicitation (SPEC §3), as stored with its PDF. */
export interface StoredRequirement {
  requirement_id: string;
  section: string;
  must_or_should: 'must' | 'should';
  weight: number;
  text: string;
  /** 1-based page, null when the source had no pages. */
  page: number | null;
  /** Why the engine took it (rules, cue, section source); absent on requirements stored before it was recorded. */
  basis?: { rules: string[]; cue: string | null; section: string };
  /** Other pages the same requirement is printed on in its section (repeats merged into this one). */
  pages?: number[];
  /** A list item's lead-in, the sentence it hangs from; absent for anything else and on requirements stored before it was recorded. */
  lead_in?: string;
}

/** Solicitation PDFs uploaded on an opportunity, with the requirements the engine extracted. */
export const solicitationPdfs = pgTable(
  'solicitation_pdfs',
  {
    id: uuid().primaryKey().defaultRandom(),
    opportunityId: uuid()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    /** Content-addressed path under DATA_DIR/files (sha256), never a user-supplied path. */
    storageKey: text().notNull(),
    sizeBytes: integer().notNull(),
    pageCount: integer().notNull(),
    requirements: jsonb().$type<StoredRequirement[]>().notNull().default([]),
    /** Acronym → expansion as the solicitation spells it out, learned from its whole text. */
    acronyms: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The filled standard form's facts with their captions (analysis form-facts.ts); null without a form. */
    formFacts: jsonb().$type<SolicitationFormFacts>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('solicitation_pdfs_opp_idx').on(t.opportunityId, t.createdAt)],
);

/** AI bid documents a user generated for an opportunity (SPEC §3 generated document). */
export const generatedDocuments = pgTable(
  'generated_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: uuid().references(() => opportunities.id, { onDelete: 'set null' }),
    documentType: text().notNull(),
    content: text().notNull(),
    solicitationNumber: text(),
    metadata: jsonb().$type<{ title: string; agency: string | null; [k: string]: unknown }>().notNull(),
    /** Set for a workspace AI tool's document: every member of the workspace sees it. */
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('generated_documents_user_idx').on(t.userId, t.createdAt),
    index('generated_documents_opp_idx').on(t.opportunityId),
    index('generated_documents_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);
export type GeneratedDocumentRow = typeof generatedDocuments.$inferSelect;
