import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './types';
import { users } from './users';

export interface OpportunityContact {
  type: 'primary' | 'secondary';
  title: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
}
export interface PlaceOfPerformance {
  street_address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}
export interface OpportunityAward {
  number: string | null;
  date: string | null;
  amount: string | null;
  awardee: string | null;
}
export interface OfficeAddress {
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}
export interface Attachment {
  name: string;
  url: string;
}

/**
 * One row per SAM.gov NoticeId (SPEC §3 opportunity plus what SAM gives beside it). `department`
 * is SAM's `Department/Ind.Agency` string, shown as the agency. `description` holds the text, or
 * SAM's noticedesc URL (the fetch marker) until the text is fetched.
 */
// Title and solicitation number weighted A, agency names B: the head of search_vector and the whole
// of title_vector. sql.raw keeps the generated expression text exactly as migrated.
const TITLE_AND_AGENCY_LEXEMES = sql.raw(
  `setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(solicitation_number, '')), 'A') || setweight(to_tsvector('english', coalesce(department, '') || ' ' || coalesce(sub_tier, '') || ' ' || coalesce(office, '')), 'B')`,
);

export const opportunities = pgTable(
  'opportunities',
  {
    id: uuid().primaryKey().defaultRandom(),
    noticeId: text().notNull().unique(),
    title: text().notNull(),
    solicitationNumber: text(),
    department: text(),
    cgac: text(),
    subTier: text(),
    fpdsCode: text(),
    office: text(),
    aacCode: text(),
    noticeType: text(),
    baseType: text(),
    archiveType: text(),
    archiveDate: timestamp({ withTimezone: true }),
    setAsideCode: text(),
    setAside: text(),
    naicsCode: text(),
    pscCode: text(),
    postedDate: timestamp({ withTimezone: true }),
    responseDeadline: timestamp({ withTimezone: true }),
    /** The UTC offset SAM stated with the deadline (`-05:00`); null for a date-only or no deadline. */
    responseTimeZone: text(),
    active: boolean(),
    placeOfPerformance: jsonb().$type<PlaceOfPerformance>(),
    award: jsonb().$type<OpportunityAward>(),
    contacts: jsonb().$type<OpportunityContact[]>().notNull().default([]),
    organizationType: text(),
    officeAddress: jsonb().$type<OfficeAddress>(),
    additionalInfoLink: text(),
    link: text(),
    description: text(),
    descriptionFetchedAt: timestamp({ withTimezone: true }),
    attachments: jsonb().$type<Attachment[]>().notNull().default([]),
    pdfProcessed: boolean().notNull().default(false),
    /** Where the row came from: 'csv' (extract import) or 'sam_api' (live search). */
    source: text().notNull().default('csv'),
    /**
     * The notices of one solicitation (amendments, updates) share this key: agency and solicitation
     * number; a notice without a number is its own group.
     */
    groupKey: text().generatedAlwaysAs(
      sql`case when nullif(btrim(solicitation_number), '') is null then 'notice:' || notice_id else coalesce(department, '') || '|' || upper(btrim(solicitation_number)) end`,
    ),
    /** True on the newest-posted notice of its group: the one a listing shows (see refreshGroups). */
    latestInGroup: boolean().notNull().default(true),
    /** How many notices the group has (the card's "N notices"). */
    groupNoticeCount: integer().notNull().default(1),
    /** Hash of the columns an import writes: a re-import skips a row whose hash is unchanged. */
    contentHash: text(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`${TITLE_AND_AGENCY_LEXEMES} || setweight(to_tsvector('english', left(coalesce(description, ''), 200000)), 'C')`,
    ),
    /**
     * Title and solicitation number (A) and agency names (B) alone: what keyword ranking reads.
     * Ranking over search_vector had to de-TOAST every matching description (120 ms for 13k
     * matches at 100k rows); this one is small and stored inline.
     */
    titleVector: tsvector().generatedAlwaysAs(TITLE_AND_AGENCY_LEXEMES),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('opportunities_search_idx').using('gin', t.searchVector),
    index('opportunities_department_idx').on(t.department),
    index('opportunities_naics_idx').on(t.naicsCode.op('text_pattern_ops')),
    index('opportunities_psc_idx').on(t.pscCode.op('text_pattern_ops')),
    index('opportunities_set_aside_idx').on(t.setAsideCode),
    index('opportunities_response_idx').on(t.responseDeadline),
    // Matches the listing's ORDER BY exactly, so page 1 of 100k rows is an index scan, not a sort.
    index('opportunities_posted_idx').on(t.postedDate.desc().nullsLast(), t.id.desc()),
    index('opportunities_solicitation_idx').on(t.solicitationNumber),
    // The default listing (newest first, one card per solicitation) and the due-date sort.
    index('opportunities_latest_posted_idx')
      .on(t.postedDate.desc().nullsLast(), t.id.desc())
      .where(sql`latest_in_group`),
    index('opportunities_latest_due_idx')
      .on(t.responseDeadline, t.id)
      .where(sql`latest_in_group`),
    index('opportunities_group_idx').on(t.groupKey),
    // Saved-search alerts read the notices first stored since their last run.
    index('opportunities_created_idx').on(t.createdAt),
  ],
);
export type OpportunityRow = typeof opportunities.$inferSelect;
export type NewOpportunityRow = typeof opportunities.$inferInsert;

/** "Saved" is per user (SPEC §3 saved flag). */
export const savedOpportunities = pgTable(
  'saved_opportunities',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: uuid()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.opportunityId] }), index('saved_opportunities_opp_idx').on(t.opportunityId)],
);
